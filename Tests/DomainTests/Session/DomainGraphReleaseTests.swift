import AdapterInMemory
import DomainCore
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// A graph dropped while its background work waits on the clock is freed,
/// with nobody shutting it down: the owners cancel their loops when they go,
/// and a cancelled sleeper leaves the clock. Before, the parked task kept its
/// graph (the loop holds the token manager) and the clock kept the task (its
/// continuation): a cycle LeakSanitizer reported at the end of every domain
/// test that ended signed in.
@MainActor
@Suite("A dropped domain graph is freed")
struct DomainGraphReleaseTests {
    /// Weak references to every object of one graph.
    private final class Watched {
        weak var main: MainViewModel?
        weak var authSession: AuthSession?
        weak var tokenManager: TokenManager?
        weak var repository: UserSessionRepository?
        weak var health: HealthMonitor?
        weak var signedInArea: SignedInCoordinator?
        weak var dashboard: DashboardViewModel?
        weak var statement: StatementListViewModel?
        weak var clock: ManualClock?

        var kept: [String] {
            let all: [(String, AnyObject?)] = [
                ("MainViewModel", main), ("AuthSession", authSession), ("TokenManager", tokenManager),
                ("UserSessionRepository", repository), ("HealthMonitor", health),
                ("SignedInCoordinator", signedInArea), ("DashboardViewModel", dashboard),
                ("StatementListViewModel", statement), ("ManualClock", clock),
            ]
            return all.filter { $0.1 != nil }.map(\.0)
        }
    }

    /// Signs Maria in through the screens and opens the statement; returns
    /// with the health poll and the proactive refresh asleep on the clock.
    /// Everything it made is dropped when it returns, but `watched` and the
    /// work counter.
    private func signedInGraphLeftRunning(watching watched: Watched) async throws -> VirtualActivity {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        try await main.signInAsMaria()
        let area = try #require(main.signedInArea)
        await area.dashboard.showStatement()
        await graph.harness.pass(.seconds(60))  // a poll and a proactive refresh have run

        #expect(graph.harness.health.isPolling, "the health poll waits on the clock")
        #expect(graph.harness.clock.sleeperCount == 2, "the health poll and the proactive refresh sleep")
        #expect(area.statement?.sections != nil)
        #expect(await graph.harness.server.refreshedTokens.count >= 1, "the proactive refresh ran")

        watched.main = main
        watched.authSession = graph.authSession
        watched.tokenManager = graph.harness.tokenManager
        watched.repository = graph.harness.repository
        watched.health = graph.harness.health
        watched.signedInArea = area
        watched.dashboard = area.dashboard
        watched.statement = area.statement
        watched.clock = graph.harness.clock
        return graph.harness.activity
    }

    @Test("Signed in, with a health poll and a proactive refresh asleep on the clock: dropped, all of it is freed")
    func droppedWhileSignedIn() async throws {
        let watched = Watched()
        let activity = try await signedInGraphLeftRunning(watching: watched)
        // The cancelled loops leave the clock and finish: nothing counted is left.
        await activity.waitUntilIdle()

        #expect(activity.liveTaskCount == 0, "every task of the dropped graph finished")
        #expect(watched.kept == [], "kept alive after the graph was dropped")
    }

    @Test("A health monitor dropped while polling is freed, and so is its clock")
    func droppedHealthMonitor() async {
        let activity = VirtualActivity()
        weak var watchedMonitor: HealthMonitor?
        weak var watchedClock: ManualClock?
        do {
            let clock = ManualClock(activity: activity)
            let scheduler = CountingTaskScheduler(activity: activity)
            let monitor = HealthMonitor(
                probe: ScriptedHealthProbe(), connectivity: InMemoryConnectivity(), clock: clock, scheduler: scheduler)
            monitor.startMonitoring()
            await activity.waitUntilIdle()
            #expect(clock.sleeperCount == 1, "the poll waits on the clock")
            watchedMonitor = monitor
            watchedClock = clock
        }
        await activity.waitUntilIdle()

        #expect(activity.liveTaskCount == 0)
        #expect(watchedMonitor == nil, "the monitor was kept")
        #expect(watchedClock == nil, "the clock was kept by its sleeper")
    }
}
