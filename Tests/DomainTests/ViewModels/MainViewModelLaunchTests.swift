import DomainCore
import Ports
import Testing

/// The root screen after launch (docs/spec/root-screen-and-bootstrap.md §1,
/// §2): `LaunchViewModel` starts the bootstrap, `AuthSession` decides, the root
/// follows.
@MainActor
@Suite("Launch through the root")
struct MainViewModelLaunchTests {
    @Test("Launching with nothing stored on a healthy server shows the onboarding on welcome")
    func launchWithEmptyStoreShowsWelcome() async throws {
        let graph = TestViewModelGraph()

        let main = await graph.launchedMain()

        #expect(graph.authSession.state == .unauthenticated(nil))
        #expect(main.screen == .onboarding)
        let onboarding = try #require(main.onboarding)
        #expect(onboarding.step == .welcome)
        #expect(onboarding.welcome?.reason == nil)
        #expect(main.dashboard == nil)
        #expect(main.sessionExpired == nil)
    }

    @Test("Before the launch decides, the root shows the start-up screen")
    func rootStartsOnStartup() {
        let graph = TestViewModelGraph()

        let main = graph.makeMainViewModel()

        #expect(main.screen == .startup)
        #expect(main.onboarding == nil)
    }

    @Test("A stored session the server still accepts opens straight on the dashboard")
    func storedValidSessionOpensDashboard() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .maria)

        let main = await graph.launchedMain()

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(main.screen == .signedIn)
        #expect(main.dashboard?.user == .maria)
        #expect(main.onboarding == nil)
        #expect(graph.onboardingsMade == 0, "no onboarding is made on the way")
    }

    @Test("A stored session of an account made inactive opens on welcome saying why, with the local data wiped")
    func storedSessionOfInactiveAccountOpensWelcomeWithReason() async throws {
        let graph = TestViewModelGraph()
        try await graph.storeSession(of: .maria)
        await graph.harness.server.set(user: .fail(.rejected(status: 403, code: .userInactive)))

        let main = await graph.launchedMain()

        #expect(main.screen == .onboarding)
        #expect(main.onboarding?.step == .welcome)
        #expect(main.onboarding?.reason == .userInactive)
        #expect(main.onboarding?.welcome?.reason == .userInactive)
        #expect(await graph.harness.storedSession() == nil)
    }

    @Test("Local data without a token (closed on session-expired) opens on session-expired again")
    func localDataWithoutTokenOpensSessionExpired() async throws {
        let graph = TestViewModelGraph()
        let kept = UserSession(token: nil, cachedUser: CachedUser(profile: .maria, syncedAt: graph.harness.clock.now()))
        try await graph.harness.store.save(kept)

        let main = await graph.launchedMain()

        #expect(main.screen == .sessionExpired)
        #expect(main.sessionExpired?.reason == .previouslyExpired)
        #expect(await graph.harness.server.userCallTokens.isEmpty, "nothing to check without a token")
    }

    @Test("A store that cannot be read opens on session-expired, leaving the store as it is")
    func unreadableStoreOpensSessionExpired() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        await graph.harness.store.setUnavailable(true)
        let main = graph.makeMainViewModel()

        let launch = graph.harness.scheduler.spawn { @MainActor in await main.launch.start() }
        await graph.harness.pass(LockedStoreWaitPolicy.defaultTimeLimit)
        await launch.value

        #expect(main.screen == .sessionExpired)
        #expect(!main.waitsForSecureStorage)
        #expect(main.sessionExpired?.reason == .storageUnavailable)
        #expect(await graph.harness.store.operations.isEmpty)
    }

    @Test("A store locked at launch keeps the start-up screen, saying so, until it opens: then the dashboard")
    func lockedStoreWaitsOnStartupThenDashboard() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .maria)
        await graph.harness.store.setUnavailable(true)
        let main = graph.makeMainViewModel()

        let launch = graph.harness.scheduler.spawn { @MainActor in await main.launch.start() }
        await graph.harness.pass(.seconds(5))
        #expect(main.screen == .startup)
        #expect(main.waitsForSecureStorage)

        await graph.harness.store.setUnavailable(false)
        await graph.harness.pass(.seconds(1))
        await launch.value

        #expect(main.screen == .signedIn)
        #expect(!main.waitsForSecureStorage)
        #expect(main.dashboard?.user == .maria)
    }

    @Test("A store locked at launch while the server is down shows system-unavailable, still saying the store waits")
    func lockedStoreWhileServerDownShowsSystemUnavailable() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        await graph.harness.probe.setHealthy(false)
        await graph.harness.store.setUnavailable(true)
        let main = graph.makeMainViewModel()

        let launch = graph.harness.scheduler.spawn { @MainActor in await main.launch.start() }
        await graph.harness.pass(.seconds(2))
        #expect(main.screen == .systemUnavailable(.serverDown))
        #expect(main.waitsForSecureStorage)

        await graph.harness.probe.setHealthy(true)
        await graph.harness.store.setUnavailable(false)
        await graph.harness.pass(.seconds(15))
        await launch.value
        #expect(main.screen == .onboarding)
    }
}
