import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// `AuthSession` on a backend whose user port offers no user routes
/// (`offersCurrentUser == false`): the profile is what the sign-in knew, the
/// launch check is a refresh of the stored token, and the profile actions are
/// not offered — as the port's contract says.
@MainActor
@Suite("A backend without profile routes")
struct TokenOnlyBackendTests {
    static let signInProfile = UserProfile.signedIn(as: .cpf("12345678909"))

    @Test("Sign-in keeps the profile the sign-in knew, asks no user route, and stores it with the token")
    func signInKeepsTheSignInProfile() async throws {
        let harness = SessionHarness(userRoutes: .none)

        let result = await harness.signIn.login(.maria)

        #expect(result == .success(Self.signInProfile))
        #expect(harness.authSession.state == .authenticated(Self.signInProfile))
        #expect(Self.signInProfile.source == .signIn)
        #expect(Self.signInProfile.name.isEmpty)
        #expect(await harness.server.userCallTokens.isEmpty)
        let stored = try #require(await harness.storedSession())
        #expect(stored.cachedUser?.profile == Self.signInProfile)
        #expect(stored.token != nil)
    }

    @Test(
        "At launch a stored session is checked by a refresh: answered, the new token is saved and the kept profile shown"
    )
    func launchRefreshesTheStoredToken() async throws {
        let harness = SessionHarness(userRoutes: .none)
        let stored = await harness.storeSession(issuedAgo: .seconds(5), user: Self.signInProfile)

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .authenticated(Self.signInProfile))
        #expect(await harness.server.refreshedTokens == [stored.token?.token.reveal()])
        #expect(await harness.server.userCallTokens.isEmpty)
        let saved = try #require(await harness.storedSession())
        #expect(saved.token != stored.token)
        #expect(saved.token == (await harness.tokenManager.currentToken))
        #expect(saved.cachedUser?.profile == Self.signInProfile)
    }

    @Test(
        "At launch a refused refresh clears the tokens and wipes the data, as the table's refused rows",
        arguments: [
            (RemoteError.rejected(status: 401, code: .tokenInvalid), SignedOutReason.tokenInvalid),
            (.rejected(status: 401, code: .tokenExpired), .tokenExpired),
            (.rejected(status: 401, code: nil), .tokenInvalid),
            (.rejected(status: 403, code: .userInactive), .userInactive),
            (.rejected(status: 410, code: .userDeleted), .userDeleted),
        ])
    func refusedRefreshEndsTheSession(error: RemoteError, reason: SignedOutReason) async {
        let harness = SessionHarness(userRoutes: .none)
        await harness.storeSession(user: Self.signInProfile)
        await harness.server.set(refresh: .fail(error))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(reason))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test(
        "At launch a network failure or a 5xx expires the session with the data kept",
        arguments: [
            (RemoteError.transport("connection dropped"), SessionExpiredReason.network),
            (.timeout, .timedOut),
            (.rejected(status: 503, code: nil), .server),
            (.malformedResponse("not a token"), .server),
        ])
    func failedRefreshExpiresTheSession(error: RemoteError, reason: SessionExpiredReason) async throws {
        let harness = SessionHarness(userRoutes: .none)
        await harness.storeSession(user: Self.signInProfile)
        await harness.server.set(refresh: .fail(error))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .sessionExpired(reason))
        let kept = try #require(await harness.storedSession())
        #expect(kept.token == nil)
        #expect(kept.cachedUser?.profile == Self.signInProfile)
        #expect(harness.authSession.keptUserIdentifier == "123.456.789-09")
    }

    @Test("A stored token with no profile kept is not restored: tokens cleared, sign in asked for")
    func tokenWithoutProfileIsNotRestored() async {
        let harness = SessionHarness(userRoutes: .none)
        await harness.store.plant(UserSession(token: await harness.sessionToken(), cachedUser: nil))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .sessionExpired(.server))
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test("Profile edit and account deletion answer notOffered without a request")
    func profileActionsAreNotOffered() async {
        let harness = SessionHarness(userRoutes: .none)
        _ = await harness.signIn.login(.maria)

        let update = await harness.account.updateProfile(ProfileChanges(name: "Ana"))
        let delete = await harness.account.deleteAccount()

        #expect(update.failure == .notOffered)
        #expect(delete.failure == .notOffered)
        #expect(harness.account.offersAccountRoutes == false)
        #expect(harness.authSession.state == .authenticated(Self.signInProfile))
        #expect(await harness.server.userCallTokens.isEmpty)
    }

    @Test("Related users answer notOffered without a request")
    func relatedUsersAreNotOffered() async {
        let harness = SessionHarness(userRoutes: .none)
        _ = await harness.signIn.login(.maria)
        let service = SignedInUserService(
            tokenManager: harness.tokenManager, api: ScriptedUserAPI(server: harness.server, routes: .none)
        )

        let failure: SignedInFailure?
        do throws(SignedInFailure) {
            _ = try await service.relatedUsers()
            failure = nil
        } catch {
            failure = error
        }

        #expect(failure == .notOffered)
        #expect(await harness.server.userCallTokens.isEmpty)
    }

    @Test("Signing in again as the same person finds the same profile id, so the kept data is not wiped")
    func sameIdentifierSameProfile() {
        #expect(UserProfile.signedIn(as: .cpf("12345678909")).id == Self.signInProfile.id)
        #expect(
            UserProfile.signedIn(as: .email("Ana@Example.com")).id
                == UserProfile.signedIn(as: .email("ana@example.com")).id)
        #expect(UserProfile.signedIn(as: .email("ana@example.com")).id != Self.signInProfile.id)
        #expect(UserProfile.signedIn(as: .email("ana@example.com")).email == "ana@example.com")
    }
}
