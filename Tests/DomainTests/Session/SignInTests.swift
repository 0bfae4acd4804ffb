import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// Signing in (`SignIn`; docs/spec/explicit-actions.md, "Sign in").
@MainActor
@Suite("Sign-in")
struct SignInTests {

    @Test("Login saves the token and the user and makes the state authenticated")
    func loginSavesSession() async throws {
        let harness = await SessionHarness.launchedSignedOut()

        let outcome = await harness.signIn.login(.maria)

        #expect(outcome == .success(.maria))
        #expect(harness.authSession.state == .authenticated(.maria))
        let saved = try #require(await harness.storedSession())
        #expect(saved.token == (await harness.tokenManager.currentToken))
        #expect(saved.cachedUser == CachedUser(profile: .maria, syncedAt: harness.clock.now()))
        #expect(harness.authSession.isRefreshingProactively)
    }

    @Test(
        "A refused sign-in keeps the global state and saves nothing",
        arguments: [
            (RemoteError.rejected(status: 401, code: .invalidCredentials), LoginFailure.invalidCredentials),
            (.rejected(status: 401, code: nil), .invalidCredentials),
            (.rejected(status: 403, code: .userInactive), .accountInactive),
            (.transport("unreachable"), .network),
            (.rejected(status: 500, code: nil), .server),
        ])
    func refusedLoginChangesNothing(error: RemoteError, failure: LoginFailure) async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.server.set(signIn: .failure(error))

        let outcome = await harness.signIn.login(.maria)

        #expect(outcome == .failure(failure))
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test("Sign-in is blocked while the server is down: nothing is sent")
    func loginBlockedWhileDown() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()

        #expect(await harness.signIn.login(.maria) == .failure(.systemUnavailable))
        #expect(await harness.server.signIns == 0)
        harness.health.shutDown()
    }

    @Test("A user whose /users/me says inactive cannot sign in, and nothing is saved")
    func inactiveProfileRefusedAtLogin() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        var inactive = UserProfile.maria
        inactive.active = false
        await harness.server.set(user: .answer(inactive))

        #expect(await harness.signIn.login(.maria) == .failure(.accountInactive))
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.storedSession() == nil)
    }

    @Test("After session expired, signing in as the same user keeps the preserved local data")
    func reauthenticationAsSameUserKeepsData() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.server.set(user: .fail(.timeout))
        await harness.launcher.bootstrap()
        #expect(harness.authSession.state == .sessionExpired(.timedOut))
        harness.sessionEnd.beginReauthentication()
        #expect(harness.authSession.state == .unauthenticated(.reauthenticating))
        #expect(await harness.keptUser() == .maria)

        await harness.server.set(user: .answer(.maria))
        #expect(await harness.signIn.login(.maria) == .success(.maria))

        #expect(!(await harness.store.operations).contains(.delete))
    }

    @Test("After session expired, signing in as another user wipes the kept data first")
    func reauthenticationAsAnotherUserWipesFirst() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.server.set(user: .fail(.timeout))
        await harness.launcher.bootstrap()
        harness.sessionEnd.beginReauthentication()

        await harness.server.set(user: .answer(.joao))
        #expect(await harness.signIn.login(.joao) == .success(.joao))

        let operations = await harness.store.operations
        let deleteIndex = try #require(operations.firstIndex(of: .delete))
        let lastSave = try #require(operations.lastIndex { if case .save = $0 { true } else { false } })
        #expect(deleteIndex < lastSave)
        #expect(await harness.storedSession()?.cachedUser?.profile == .joao)
    }

}
