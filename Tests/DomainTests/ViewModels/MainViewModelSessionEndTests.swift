import DomainCore
import Ports
import Testing

/// Logging out and an expired session, through the root
/// (docs/spec/explicit-actions.md, "Log out").
@MainActor
@Suite("Logout and session expiry through the root")
struct MainViewModelSessionEndTests {
    @Test("Logging out from the dashboard shows a fresh onboarding on welcome and empties the store")
    func logoutFromDashboardShowsFreshOnboarding() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        // Held, so that a new one cannot reuse its address.
        let onboardingBeforeSignIn = try #require(main.onboarding)
        try await main.signInAsMaria()
        let dashboard = try #require(main.dashboard)

        await dashboard.logout()

        #expect(graph.authSession.state == .unauthenticated(.loggedOut))
        #expect(main.screen == .onboarding)
        #expect(main.dashboard == nil)
        let onboarding = try #require(main.onboarding)
        #expect(onboarding !== onboardingBeforeSignIn, "a new onboarding, not the one from before sign-in")
        #expect(onboarding.step == .welcome)
        #expect(onboarding.welcome?.reason == .loggedOut)
        #expect(graph.onboardingsMade == 2)
        #expect(await graph.harness.storedSession() == nil)
        #expect(await graph.harness.tokenManager.currentToken == nil)
        #expect(!graph.authSession.isRefreshingProactively)
        #expect(await graph.harness.server.signedOutTokens.count == 1)
    }

    @Test("Signing in again after a logout gives a new dashboard")
    func signInAfterLogoutGivesNewDashboard() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        try await main.signInAsMaria()
        let first = try #require(main.dashboard)
        await main.dashboard?.logout()

        try await main.signInAsMaria()

        #expect(main.screen == .signedIn)
        let second = try #require(main.dashboard)
        #expect(second !== first)
        #expect(graph.dashboardsMade == 2)
    }

    /// Launches on a stored session of Maria's whose `/users/me` fails for network reasons.
    private func launchIntoExpiredSession(_ graph: TestViewModelGraph) async throws -> MainViewModel {
        try await graph.storeSession(of: .maria)
        await graph.harness.server.set(user: .fail(.transport("down")))
        return await graph.launchedMain()
    }

    @Test("A stored session that cannot be checked for network reasons opens on the session-expired screen")
    func networkFailureAtLaunchShowsSessionExpired() async throws {
        let graph = TestViewModelGraph()

        let main = try await launchIntoExpiredSession(graph)

        #expect(graph.authSession.state == .sessionExpired(.network))
        #expect(main.screen == .sessionExpired)
        #expect(main.sessionExpired?.reason == .network)
        #expect(main.onboarding == nil)
        #expect(main.dashboard == nil)
        // The local data is kept, the token is not.
        let stored = try #require(await graph.harness.storedSession())
        #expect(stored.token == nil)
        #expect(stored.cachedUser?.profile == .maria)
    }

    @Test(
        "Re-authenticating from the session-expired screen opens the onboarding straight on sign-in, keeping the local data"
    )
    func reauthenticateOpensSignIn() async throws {
        let graph = TestViewModelGraph()
        let main = try await launchIntoExpiredSession(graph)
        let sessionExpired = try #require(main.sessionExpired)

        sessionExpired.reauthenticate()

        #expect(graph.authSession.state == .unauthenticated(.reauthenticating))
        #expect(main.screen == .onboarding)
        #expect(main.sessionExpired == nil)
        let onboarding = try #require(main.onboarding)
        #expect(onboarding.step == .signIn)
        #expect(onboarding.signIn?.step == .identifier)
        #expect(onboarding.welcome == nil)
        #expect(await graph.harness.storedSession()?.cachedUser?.profile == .maria)
        #expect(await graph.keptUser() == .maria)
    }

    @Test("Re-authenticating as the same user reaches the dashboard")
    func reauthenticateAsSameUserShowsDashboard() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = try await launchIntoExpiredSession(graph)
        try #require(main.sessionExpired).reauthenticate()
        let signIn = try #require(main.onboarding?.signIn)
        await graph.harness.server.set(user: .answer(.maria))

        await signIn.submit(identifier: "123.456.789-09", password: "123456")

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(main.screen == .signedIn)
        #expect(main.dashboard?.user == .maria)
    }

    @Test("Logging out from the session-expired screen shows welcome and wipes the local data")
    func logoutFromSessionExpiredWipesData() async throws {
        let graph = TestViewModelGraph()
        let main = try await launchIntoExpiredSession(graph)
        let sessionExpired = try #require(main.sessionExpired)

        await sessionExpired.logout()

        #expect(graph.authSession.state == .unauthenticated(.loggedOut))
        #expect(main.screen == .onboarding)
        #expect(main.sessionExpired == nil)
        #expect(main.onboarding?.step == .welcome)
        #expect(await graph.harness.storedSession() == nil)
        #expect(await graph.keptUser() == nil)
        #expect(!sessionExpired.isBusy)
    }
}
