import DomainCore
import Ports
import Testing

/// `AuthSession` on a backend that tells whose a token is but has no account
/// routes (`offersCurrentUser == true`, `offersAccountRoutes == false`, as
/// Supabase Auth): the profile and the launch check come from the server, as
/// with the full contract, and only profile edit, related users and account
/// deletion are not offered — as the port's contract says.
@MainActor
@Suite("A backend with the current user and no account routes")
struct CurrentUserOnlyBackendTests {
    @Test("Sign-in asks the server whose the token is and shows that profile")
    func signInAsksForTheUser() async throws {
        let harness = SessionHarness(userRoutes: .currentUserOnly)

        let result = await harness.signIn.login(.maria)

        #expect(result == .success(.maria))
        #expect(await harness.server.userCallTokens.count == 1)
        #expect(try #require(await harness.storedSession()).cachedUser?.profile == .maria)
    }

    @Test("At launch a stored session is checked by asking for the user, not by a refresh")
    func launchAsksForTheUser() async {
        let harness = SessionHarness(userRoutes: .currentUserOnly)
        await harness.storeSession(issuedAgo: .seconds(5))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.userCallTokens.count == 1)
        #expect(await harness.server.refreshedTokens.isEmpty)
    }

    @Test("Profile edit, account deletion and related users answer notOffered without a request")
    func accountActionsAreNotOffered() async {
        let harness = SessionHarness(userRoutes: .currentUserOnly)
        _ = await harness.signIn.login(.maria)
        let callsAfterSignIn = await harness.server.userCallTokens.count
        let service = SignedInUserService(
            tokenManager: harness.tokenManager, api: ScriptedUserAPI(server: harness.server, routes: .currentUserOnly))

        let update = await harness.account.updateProfile(ProfileChanges(name: "Ana"))
        let delete = await harness.account.deleteAccount()
        let related: SignedInFailure?
        do throws(SignedInFailure) {
            _ = try await service.relatedUsers()
            related = nil
        } catch {
            related = error
        }

        #expect(update.failure == .notOffered)
        #expect(delete.failure == .notOffered)
        #expect(related == .notOffered)
        #expect(!harness.account.offersAccountRoutes)
        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.userCallTokens.count == callsAfterSignIn)
    }

    @Test("The signed-in area's current user is still asked for")
    func currentUserIsOffered() async throws {
        let harness = SessionHarness(userRoutes: .currentUserOnly)
        _ = await harness.signIn.login(.maria)
        let service = SignedInUserService(
            tokenManager: harness.tokenManager, api: ScriptedUserAPI(server: harness.server, routes: .currentUserOnly))

        let user = try await service.currentUser()

        #expect(user == .maria)
    }
}
