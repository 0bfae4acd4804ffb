import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Testing

/// The explicit actions (docs/spec/explicit-actions.md) and the proactive
/// refresh (docs/spec/tokens.md, "Proactive refresh").
@MainActor
@Suite("AuthSession actions")
struct AuthSessionActionTests {
    private func launchedSignedOut() async -> SessionHarness {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        return harness
    }

    // MARK: Login

    @Test("Login saves the token and the user and makes the state authenticated")
    func loginSavesSession() async throws {
        let harness = await launchedSignedOut()

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
        let harness = await launchedSignedOut()
        await harness.server.set(signIn: .failure(error))

        let outcome = await harness.signIn.login(.maria)

        #expect(outcome == .failure(failure))
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test("Sign-in is blocked while the server is down: nothing is sent")
    func loginBlockedWhileDown() async throws {
        let harness = await launchedSignedOut()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()

        #expect(await harness.signIn.login(.maria) == .failure(.systemUnavailable))
        #expect(await harness.server.signIns == 0)
        harness.health.shutDown()
    }

    @Test("A user whose /users/me says inactive cannot sign in, and nothing is saved")
    func inactiveProfileRefusedAtLogin() async throws {
        let harness = await launchedSignedOut()
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
        #expect(harness.authSession.state == .sessionExpired(.network))
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

    // MARK: Register

    @Test("Register never creates a session and never changes the state")
    func registerCreatesNoSession() async throws {
        let harness = await launchedSignedOut()
        let registration = Registration(
            name: "Ana Souza", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

        #expect(await harness.registration.register(registration).isSuccess)

        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.server.signIns == 0)
        #expect(await harness.server.registrations == [registration])
    }

    @Test("Register is blocked while the server is down: nothing is sent")
    func registerBlockedWhileDown() async throws {
        let harness = await launchedSignedOut()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()
        let registration = Registration(
            name: "Ana", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

        #expect(await harness.registration.register(registration).failure == .systemUnavailable)
        #expect(await harness.server.registrations.isEmpty)
        harness.health.shutDown()
    }

    @Test(
        "Register failures are told apart for the form",
        arguments: [
            (RemoteError.rejected(status: 409, code: .alreadyRegistered), RegistrationFailure.alreadyRegistered),
            (
                .rejected(status: 400, code: .validationFailed, fields: ["email": "invalid"]),
                .invalidFields(["email": "invalid"])
            ),
            (.timeout, .network),
            (.rejected(status: 502, code: nil), .server),
        ])
    func registerFailures(error: RemoteError, failure: RegistrationFailure) async throws {
        let harness = await launchedSignedOut()
        await harness.server.set(register: .failure(error))
        let registration = Registration(
            name: "Ana", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

        #expect(await harness.registration.register(registration).failure == failure)
        #expect(harness.authSession.state == .unauthenticated(nil))
    }

    // MARK: Logout and the end of a session

    @Test("Logout clears the tokens, wipes the data, signs the token out and leaves the state unauthenticated")
    func logoutClearsEverything() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        let token = try #require(await harness.tokenManager.currentToken)

        await harness.sessionEnd.logout()

        #expect(harness.authSession.state == .unauthenticated(.loggedOut))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.tokenManager.currentToken == nil)
        #expect(!harness.authSession.isRefreshingProactively)
        #expect(await harness.server.signedOutTokens == [token.token.reveal()])
    }

    @Test("Logout during an in-flight refresh leaves the store empty and the state unauthenticated")
    func logoutDuringRefresh() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.holdRefreshes()
        harness.clock.advance(by: .seconds(61))
        let call = Task { await harness.currentUser() }
        await harness.server.wait { $0.heldRefreshCount == 1 }

        await harness.sessionEnd.logout()
        await harness.server.releaseRefreshes()
        _ = await call.value

        #expect(harness.authSession.state == .unauthenticated(.loggedOut))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.tokenManager.currentToken == nil)
        #expect(await harness.store.operations.last == .delete)
    }

    @Test(
        "Mid-session, an inactive or deleted account or an incurable token ends the session at once",
        arguments: [
            (RemoteError.rejected(status: 403, code: .userInactive), SignedOutReason.userInactive),
            (.rejected(status: 410, code: .userDeleted), .userDeleted),
            (.rejected(status: 401, code: .tokenInvalid), .tokenInvalid),
        ])
    func midSessionRefusalEndsSession(error: RemoteError, reason: SignedOutReason) async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.set(user: .fail(error))

        #expect(await harness.currentUser().failure == .sessionEnded(reason))

        #expect(harness.authSession.state == .unauthenticated(reason))
        #expect(await harness.storedSession() == nil)
        #expect(!harness.authSession.isRefreshingProactively)
    }

    @Test("Mid-session, a network error does not end the session")
    func midSessionNetworkErrorKeepsSession() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.set(user: .fail(.transport("connection reset")))

        #expect(await harness.currentUser().failure == .remote(.transport("connection reset")))
        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.storedSession()?.token != nil)
    }

    @Test("Deleting the account ends the session as logout does")
    func deleteAccountEndsSession() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()

        #expect(await harness.account.deleteAccount().isSuccess)

        #expect(harness.authSession.state == .unauthenticated(.accountDeleted))
        #expect(await harness.storedSession() == nil)
    }

    // MARK: Proactive refresh

    @Test("The proactive refresh fires at the margin before expiry and saves each new token")
    func proactiveRefreshAtMargin() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        let first = try #require(await harness.tokenManager.currentToken)
        await harness.clock.waitForSleepers()
        #expect(harness.clock.nextDeadline == first.expiresAt.addingTimeInterval(-10))

        harness.clock.advance(by: .seconds(49))
        #expect(await harness.server.refreshedTokens.isEmpty)

        harness.clock.advance(by: .seconds(1))
        await harness.server.wait { $0.refreshedTokens.count == 1 }
        await harness.clock.waitForSleepers()
        let second = try #require(await harness.tokenManager.currentToken)
        #expect(second != first)
        #expect(await harness.storedSession()?.token == second)
    }

    @Test("Ten minutes signed in on the default lifetime make exactly twelve refreshes, every token saved")
    func tenMinutesOfRefreshes() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        for _ in 0..<12 {
            await harness.clock.waitForSleepers()
            harness.clock.advance(by: .seconds(50))
        }
        await harness.server.wait { $0.refreshedTokens.count == 12 }
        await harness.clock.waitForSleepers()

        #expect(await harness.server.refreshedTokens.count == 12)
        #expect(await harness.storedSession()?.token == (await harness.tokenManager.currentToken))
        #expect(await harness.currentUser().isSuccess)
    }

    @Test("Settling after each step of virtual time shows every refresh done and saved, with no other wait")
    func settleMakesRefreshesVisible() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        await harness.activity.waitUntilIdle()

        for minute in 1...10 {
            harness.clock.advance(by: .seconds(50))
            await harness.activity.waitUntilIdle()
            #expect(await harness.server.refreshedTokens.count == minute)
            #expect(await harness.storedSession()?.token == (await harness.tokenManager.currentToken))
        }
    }

    @Test("In the background nothing refreshes; back in the foreground the loop resumes")
    func backgroundStopsProactiveRefresh() async throws {
        let harness = await launchedSignedOut()
        await harness.signInAsMaria()
        await harness.clock.waitForSleepers()

        harness.lifecycle.enterBackground()
        #expect(!harness.authSession.isRefreshingProactively)
        harness.clock.advance(by: .seconds(600))
        #expect(await harness.server.refreshedTokens.isEmpty)

        harness.lifecycle.enterForeground()
        #expect(harness.authSession.isRefreshingProactively)
        // The token's refresh window (300 s) is closed by now: the server refuses.
        await harness.server.set(refresh: .fail(.rejected(status: 401, code: .tokenExpired)))
        await harness.server.wait { $0.refreshedTokens.count == 1 }
    }
}
