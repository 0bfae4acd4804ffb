import DomainCore
import Ports
import Testing

/// The root screen while the server is down
/// (docs/spec/root-screen-and-bootstrap.md §1, docs/spec/health.md): login is
/// blocked and the launch waits, polling, until the server is healthy.
@MainActor
@Suite("System unavailable through the root")
struct MainViewModelHealthTests {
    @Test("A server down at launch shows system-unavailable until a poll finds it healthy, then the onboarding")
    func serverDownAtLaunchShowsSystemUnavailableUntilHealthy() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        await graph.harness.probe.setHealthy(false)
        let main = graph.makeMainViewModel()

        let launching = Task { await main.launch.start() }
        // The monitor polls once it has seen the server down.
        await graph.harness.clock.waitForSleepers()

        #expect(main.screen == .systemUnavailable(.serverDown))
        #expect(graph.authSession.state == .loading)
        #expect(main.onboarding == nil)

        await graph.harness.probe.setHealthy(true)
        graph.harness.clock.advance(by: .seconds(15))
        await launching.value

        #expect(graph.harness.health.status == .healthy)
        #expect(graph.authSession.state == .unauthenticated(nil))
        #expect(main.screen == .onboarding)
        #expect(main.onboarding?.step == .welcome)
        #expect(graph.harness.health.isPolling, "the launch goes on monitoring at the steady interval")
        #expect(await graph.harness.probe.checks == 2)
    }

    @Test("A poll that still finds the server down keeps the system-unavailable screen")
    func pollStillDownKeepsSystemUnavailable() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        await graph.harness.probe.setHealthy(false)
        let main = graph.makeMainViewModel()
        let launching = Task { await main.launch.start() }
        await graph.harness.clock.waitForSleepers()

        graph.harness.clock.advance(by: .seconds(15))
        // The poll asked again, found it down, and went back to sleep.
        await graph.harness.clock.waitForSleepers()

        #expect(await graph.harness.probe.checks == 2)
        #expect(main.screen == .systemUnavailable(.serverDown))

        await graph.harness.probe.setHealthy(true)
        graph.harness.clock.advance(by: .seconds(15))
        await launching.value
        #expect(main.screen == .onboarding)
    }

    @Test("Retrying on system-unavailable once the server is back continues the launch without waiting for the poll")
    func retryWhenServerIsBackContinuesLaunch() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        await graph.harness.probe.setHealthy(false)
        let main = graph.makeMainViewModel()
        let launching = Task { await main.launch.start() }
        await graph.harness.clock.waitForSleepers()
        #expect(main.screen == .systemUnavailable(.serverDown))

        await graph.harness.probe.setHealthy(true)
        await graph.harness.health.checkNow()
        await launching.value

        #expect(main.screen == .onboarding)
        #expect(graph.harness.health.isPolling, "the launch goes on monitoring at the steady interval")
    }

    @Test("A stored session found while the server is down is acted on once it is healthy: the dashboard")
    func storedSessionDuringOutageResumesToDashboard() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .maria)
        await graph.harness.probe.setHealthy(false)
        let main = graph.makeMainViewModel()
        let launching = Task { await main.launch.start() }
        await graph.harness.clock.waitForSleepers()
        #expect(main.screen == .systemUnavailable(.serverDown))

        await graph.harness.probe.setHealthy(true)
        graph.harness.clock.advance(by: .seconds(15))
        await launching.value

        #expect(main.screen == .signedIn)
        #expect(main.dashboard?.user == .maria)
    }

    @Test("A stored session whose check failed because of the outage is asked again once healthy")
    func checkFailedDuringOutageIsAskedAgain() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .maria)
        await graph.harness.probe.setHealthy(false)
        await graph.harness.server.set(user: .fail(.transport("down")))
        let main = graph.makeMainViewModel()
        let launching = Task { await main.launch.start() }
        // The first check has failed and the monitor polls.
        await graph.harness.server.wait { $0.userCallTokens.count == 1 }
        await graph.harness.clock.waitForSleepers()

        await graph.harness.server.set(user: .answer(.maria))
        await graph.harness.probe.setHealthy(true)
        graph.harness.clock.advance(by: .seconds(15))
        await launching.value

        #expect(main.screen == .signedIn)
        #expect(await graph.harness.server.userCallTokens.count == 2)
    }

    @Test("The server going down after the launch leaves the onboarding on screen: only the launch is replaced")
    func serverDownWhileSignedOutKeepsOnboarding() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        #expect(main.screen == .onboarding)

        await graph.harness.probe.setHealthy(false)
        await graph.harness.health.checkNow()

        #expect(graph.harness.health.status == .serverDown)
        #expect(main.screen == .onboarding)
    }
}
