import DomainCore
import Ports
import Testing

/// Launching the app: health monitoring for the whole launch, then the bootstrap.
@MainActor
@Suite("Launch")
struct LaunchTests {
    @Test("Launching decides the first state and leaves health monitoring running, asking the server once")
    func launchStartsMonitoringThenBootstraps() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }

        await harness.launcher.launch()

        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(harness.health.status == .healthy)
        #expect(harness.health.isPolling, "monitoring goes on after the bootstrap")
        #expect(await harness.probe.checks == 1, "the bootstrap's check joins the monitor's first")
    }

    @Test("After launching, the monitor checks again at the steady interval")
    func launchPollsAtTheSteadyInterval() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.launcher.launch()

        await harness.pass(harness.health.pollInterval)

        #expect(await harness.probe.checks == 2)
    }

    @Test("The launch screen's start launches the session")
    func launchViewModelLaunches() async {
        let launcher = FakeLauncher()
        let launch = LaunchViewModel(launcher: launcher)

        await launch.start()

        #expect(launcher.launches == 1)
    }
}
