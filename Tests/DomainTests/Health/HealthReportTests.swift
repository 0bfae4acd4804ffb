import AdapterInMemory
import SimulatedBackend
import DomainCore
import Ports
import Synchronization
import Testing

/// The health monitor with a probe that reports between checks (a backend
/// with no health route, whose probe learns from the app's own calls).
@MainActor
@Suite("Health reports between checks")
struct HealthReportTests {
    private func monitoring() async -> (SessionHarness, HealthMonitor, ReportingHealthProbe) {
        let harness = SessionHarness()
        let probe = ReportingHealthProbe()
        let monitor = HealthMonitor(
            probe: probe, connectivity: harness.connectivity, clock: harness.clock, scheduler: harness.scheduler,
            policy: HealthPolicy(pollInterval: .seconds(15)))
        monitor.startMonitoring()
        await harness.activity.waitUntilIdle()
        return (harness, monitor, probe)
    }

    @Test("A report of a failing call marks the server down at once; a report of an answer marks it healthy")
    func reportsChangeTheStatusAtOnce() async {
        let (harness, monitor, probe) = await monitoring()
        #expect(monitor.status == .healthy)

        await probe.report(.unhealthy)
        #expect(monitor.status == .serverDown)
        let waiter = harness.scheduler.spawn { @MainActor in await monitor.waitUntilHealthy() }
        await harness.activity.waitUntilIdle()
        #expect(!waiter.isFinished)

        await probe.report(.healthy)
        await harness.activity.waitUntilIdle()
        #expect(monitor.status == .healthy)
        #expect(waiter.isFinished)
        monitor.shutDown()
    }

    @Test("While down the monitor polls the probe even when not monitoring, and stops once healthy")
    func downPollsUntilHealthy() async {
        let harness = SessionHarness()
        let probe = ReportingHealthProbe()
        let monitor = HealthMonitor(
            probe: probe, connectivity: harness.connectivity, clock: harness.clock, scheduler: harness.scheduler,
            policy: HealthPolicy(pollInterval: .seconds(15)))
        probe.answer(.unhealthy)

        await probe.report(.unhealthy)
        await harness.pass(.seconds(30))
        #expect(probe.checks == 2)
        #expect(monitor.isPolling)

        probe.answer(.healthy)
        await harness.pass(.seconds(15))
        #expect(monitor.status == .healthy)
        #expect(!monitor.isPolling)
        monitor.shutDown()
    }

    @Test("A report never turns offline into server-down, and none is heard after shut-down")
    func reportsIgnoredWhileOfflineAndAfterShutDown() async {
        let (harness, monitor, probe) = await monitoring()
        harness.connectivity.set(connected: false)
        await monitor.checkNow()
        #expect(monitor.status == .offline)

        await probe.report(.unhealthy)
        #expect(monitor.status == .offline)
        await probe.report(.healthy)
        #expect(monitor.status == .offline)

        harness.connectivity.set(connected: true)
        await monitor.checkNow()
        #expect(monitor.status == .healthy)
        monitor.shutDown()
        await probe.report(.unhealthy)
        #expect(monitor.status == .healthy)
        #expect(!monitor.isPolling)
    }
}

/// A probe that answers checks as the test sets and reports when told to.
/// A probe whose server refuses the check with `status` until told otherwise.
final class RefusingHealthProbe: HealthProbe {
    let source = HealthSource.healthRoute
    private let refusal = Mutex<Int?>(nil)

    func refuse(with status: Int?) { refusal.withLock { $0 = status } }

    func check() async throws(RemoteError) -> ServerHealth {
        if let status = refusal.withLock({ $0 }) { throw .rejected(status: status, code: nil) }
        return .healthy
    }
}

@MainActor
@Suite("Health: a server that refuses the check")
struct HealthRefusalTests {
    @Test(
        "A check the server refuses (a 4xx) is down with its status kept, so the cause can be said; healthy clears it")
    func refusalIsKeptWithItsStatus() async {
        let harness = SessionHarness()
        let probe = RefusingHealthProbe()
        probe.refuse(with: 403)
        let monitor = HealthMonitor(
            probe: probe, connectivity: harness.connectivity, clock: harness.clock, scheduler: harness.scheduler)

        #expect(await monitor.checkNow() == .serverDown)
        #expect(monitor.refusedWith == 403)

        probe.refuse(with: nil)
        #expect(await monitor.checkNow() == .healthy)
        #expect(monitor.refusedWith == nil)
        monitor.shutDown()
    }
}

final class ReportingHealthProbe: HealthProbe {
    let source = HealthSource.theAppsCalls
    private struct State {
        var answer = ServerHealth.healthy
        var checks = 0
        var handler: (@Sendable (ServerHealth) async -> Void)?
    }

    private let state = Mutex(State())

    var checks: Int { state.withLock { $0.checks } }

    func answer(_ health: ServerHealth) {
        state.withLock { $0.answer = health }
    }

    /// Tells the monitor, as a call that just ended would.
    func report(_ health: ServerHealth) async {
        let handler = state.withLock { $0.handler }
        await handler?(health)
    }

    func check() async throws(RemoteError) -> ServerHealth {
        state.withLock { state in
            state.checks += 1
            return state.answer
        }
    }

    func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void) {
        state.withLock { $0.handler = handler }
    }
}
