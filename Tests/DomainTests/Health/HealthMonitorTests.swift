import AdapterInMemory
import SimulatedBackend
import DomainCore
import Ports
import Testing

/// The health monitor (docs/spec/health.md) on virtual time.
@MainActor
@Suite("Health monitor")
struct HealthMonitorTests {
    private func monitoring(interval: Duration = .seconds(15)) async -> (SessionHarness, HealthMonitor) {
        let harness = SessionHarness()
        let monitor = HealthMonitor(
            probe: harness.probe, connectivity: harness.connectivity, clock: harness.clock,
            scheduler: harness.scheduler,
            policy: HealthPolicy(pollInterval: interval))
        monitor.startMonitoring()
        await harness.activity.waitUntilIdle()
        return (harness, monitor)
    }

    @Test(
        "Ten minutes in the foreground make one check at once and one per interval",
        arguments: [(Duration.seconds(15), 41), (.seconds(30), 21), (.seconds(60), 11)])
    func pollingCadence(interval: Duration, probes: Int) async {
        let (harness, monitor) = await monitoring(interval: interval)

        await harness.pass(.seconds(600))

        #expect(await harness.probe.checks == probes)
        #expect(monitor.status == .healthy)
        monitor.shutDown()
    }

    @Test("In the background nothing is checked; back in the foreground a check at once, then a burst")
    func backgroundThenForegroundBurst() async {
        let (harness, monitor) = await monitoring()
        #expect(await harness.probe.checks == 1)

        monitor.enterBackground()
        await harness.pass(.seconds(600))
        #expect(await harness.probe.checks == 1, "no probe in ten minutes of background")
        #expect(!monitor.isPolling)

        monitor.enterForeground()
        await harness.activity.waitUntilIdle()
        #expect(await harness.probe.checks == 2, "an immediate probe on returning")

        // The burst: every 3 s for 30 s…
        await harness.pass(.seconds(30))
        #expect(await harness.probe.checks == 12)
        // …then the steady 15 s again.
        await harness.pass(.seconds(30))
        #expect(await harness.probe.checks == 14)
        monitor.shutDown()
    }

    @Test("Without a network the status is offline and /health is not called; with one it is asked again")
    func offlineIsNotServerDown() async {
        let (harness, monitor) = await monitoring()
        let asked = await harness.probe.checks

        harness.connectivity.set(connected: false)
        await harness.pass(.seconds(15))
        #expect(monitor.status == .offline)
        #expect(await harness.probe.checks == asked)

        harness.connectivity.set(connected: true)
        await harness.pass(.seconds(15))
        #expect(monitor.status == .healthy)
        #expect(await harness.probe.checks == asked + 1)
        monitor.shutDown()
    }

    @Test("A server that answers unhealthy is server-down, not offline")
    func unhealthyIsServerDown() async {
        let (harness, monitor) = await monitoring()
        await harness.probe.setHealthy(false)
        await harness.pass(.seconds(15))
        #expect(monitor.status == .serverDown)

        await harness.probe.set(.failure(.timeout))
        await harness.pass(.seconds(15))
        #expect(monitor.status == .serverDown)
        monitor.shutDown()
    }

    @Test("Waiting for health returns on the first check that finds the server back")
    func recoveryWakesWaiters() async {
        let (harness, monitor) = await monitoring()
        await harness.probe.setHealthy(false)
        await harness.pass(.seconds(15))
        let waiter = harness.scheduler.spawn { @MainActor in await monitor.waitUntilHealthy() }
        await harness.pass(.seconds(15))
        #expect(!waiter.isFinished)

        await harness.probe.setHealthy(true)
        await harness.pass(.seconds(15))

        #expect(waiter.isFinished)
        #expect(monitor.status == .healthy)
        monitor.shutDown()
    }

    @Test("A user's retry that finds the server back lets the waiters go at once")
    func retryWakesWaiters() async {
        let harness = SessionHarness()
        await harness.probe.setHealthy(false)
        let monitor = harness.health
        await monitor.checkNow()
        let waiter = harness.scheduler.spawn { @MainActor in await monitor.waitUntilHealthy() }
        await harness.activity.waitUntilIdle()

        await harness.probe.setHealthy(true)
        await monitor.checkNow()
        await harness.activity.waitUntilIdle()

        #expect(waiter.isFinished)
        #expect(!monitor.isPolling, "not monitoring: polling stops once healthy")
    }

    @Test("Shutting down leaves no polling task behind and lets waiters go")
    func shutDownLeavesNothing() async {
        let (harness, monitor) = await monitoring()
        await harness.probe.setHealthy(false)
        await harness.pass(.seconds(15))
        let waiter = harness.scheduler.spawn { @MainActor in await monitor.waitUntilHealthy() }
        await harness.activity.waitUntilIdle()

        monitor.shutDown()
        await harness.activity.waitUntilIdle()

        #expect(waiter.isFinished)
        #expect(!monitor.isPolling)
        #expect(harness.activity.liveTaskCount == 0)
    }
}
