import AdapterInMemory
import Composition
import DomainCore
import Foundation
import OperatingSystem
import CompositionTesting

/// The soak: sign-in/out cycles through the containers on one in-memory
/// world (virtual time), each a whole launch — container, root, onboarding,
/// sign-in, signed-in area, logout, shut down. Every container, view model,
/// token manager and health monitor is watched through a weak reference;
/// once the world has settled after the last cycle none may be alive. RSS is
/// read after a warm-up and at the end.
public struct SoakBench {
    let plan: BenchPlan

    /// What the soak left behind.
    public struct Outcome: Sendable, Hashable {
        public let cycles: Int
        /// Cycles whose sign-in did not reach the signed-in area.
        public let failedSignIns: Int
        /// Watched objects still alive after the final settle, by type name.
        public let alive: [String]
        /// RSS at the end minus RSS after the warm-up, in bytes (nil off Linux).
        public let residentGrowth: Int?
        /// The same, each RSS read just after `malloc_trim(0)` gave the
        /// allocator's free memory back (nil off glibc).
        public let trimmedResidentGrowth: Int?
        /// The trimmed growth once the in-memory backend — the server's
        /// side, in this process only because the backend is simulated —
        /// has let go of its token table and the tokens it remembers for
        /// leak checks (the latest 10,000 by design, one a cycle, so 10,000
        /// cycles fill that list): the app's own growth. The goal is on this
        /// figure.
        public let appResidentGrowth: Int?
        /// The cycles the growths are measured over: those after the warm-up.
        public let measuredCycles: Int
    }

    /// The memory figures at one moment of the soak.
    private struct MemoryReading {
        let resident: Int?
        let trimmedResident: Int?

        /// RSS as it is, then RSS after the allocator gave its free memory back.
        static func now() -> MemoryReading {
            let resident = Platform.residentBytes()
            Platform.returnFreeMemory()
            return MemoryReading(
                resident: resident, trimmedResident: Platform.residentBytes())
        }

        static func growth(_ start: Int?, _ end: Int?) -> Int? {
            guard let start, let end else { return nil }
            return end - start
        }
    }

    /// Weak references to the objects of every cycle. At the end of each
    /// cycle the references to objects already gone are dropped: an object
    /// that has gone never comes back, so the final count is the same as if
    /// every reference were kept, and the watch list itself does not grow
    /// with the cycles (130,000 kept references are about 13 MB — the whole
    /// of the RSS growth this scenario once reported).
    @MainActor
    private final class Watched {
        private var references: [(name: String, object: () -> AnyObject?)] = []

        func watch(_ name: String, _ object: AnyObject?) {
            guard let object else { return }
            weak let weakObject = object
            references.append((name, { weakObject }))
        }

        /// Forgets the references whose object has gone.
        func dropGone() {
            references.removeAll { $0.object() == nil }
        }

        var alive: [String] { references.filter { $0.object() != nil }.map(\.name) }
    }

    func run() async -> BenchScenarioReport {
        let cycles = plan.soakCycles
        let setup =
            "\(cycles) sign-in/out cycles through the containers, in memory, virtual time; memory read after a warm-up "
            + "that fills the record of session events to its bound, and at the end"
        let outcome: Outcome
        do {
            outcome = try await Self.soak(cycles: cycles)
        } catch {
            return BenchScenarioReport(scenario: "soak", setup: setup, rows: [], failure: error.description)
        }
        let aliveSummary = Dictionary(grouping: outcome.alive, by: { $0 }).map { "\($0.key) \($0.value.count)" }
            .sorted()
        var rows = [
            BenchRow(
                label: "objects alive after settle()",
                figures: "\(outcome.alive.count)"
                    + (aliveSummary.isEmpty ? "" : " (\(aliveSummary.joined(separator: ", ")))")
                    + " · failed sign-ins \(outcome.failedSignIns)",
                goal: "0 alive", met: outcome.alive.isEmpty && outcome.failedSignIns == 0,
                numbers: ["alive": Double(outcome.alive.count), "failedSignIns": Double(outcome.failedSignIns)])
        ]
        let growths: [(label: String, key: String, growth: Int?, goal: Bool)] = [
            ("RSS growth", "residentGrowth", outcome.residentGrowth, false),
            ("RSS growth after malloc_trim", "trimmedResidentGrowth", outcome.trimmedResidentGrowth, false),
            ("the app's RSS growth", "appResidentGrowth", outcome.appResidentGrowth, true),
        ]
        for row in growths {
            guard let growth = row.growth else { continue }
            let measured = outcome.measuredCycles
            let per10k = Double(growth) * 10_000 / Double(max(measured, 1))
            let figures =
                "\(BenchFormat.fixed(Double(growth) / 1_048_576, 2)) MB over the \(measured) cycles after the warm-up "
                + "(\(BenchFormat.fixed(per10k / 1_048_576, 2)) MB per 10,000)"
                + (row.goal ? " (trimmed; the backend's token bookkeeping let go)" : "")
                // A shrink is printed as one: the goal bounds growth, and a
                // shrink meets it without claiming any figure below zero.
                + (growth < 0 ? " — a shrink: no growth this run can show" : "")
            let numbers = [row.key + "Bytes": Double(growth), row.key + "Per10kBytes": per10k]
            rows.append(
                row.goal
                    ? BenchRow(
                        label: row.label, figures: figures, goal: "< 1 MB per 10,000 cycles",
                        met: per10k < 1_048_576, numbers: numbers)
                    : BenchRow(label: row.label, figures: figures, numbers: numbers))
        }
        return BenchScenarioReport(scenario: "soak", setup: setup, rows: rows)
    }

    /// `cycles` launches, each signing Maria in and out; what is alive once
    /// the world has settled after the last. Counts only: the tests run it too.
    @MainActor
    public static func soak(cycles: Int) async throws(BenchSetupError) -> Outcome {
        let world: AppWorld
        do {
            world = try AppWorld(testing: .inMemory)
        } catch {
            throw BenchSetupError("cannot build the in-memory world: \(error)")
        }
        let watched = Watched()
        var failedSignIns = 0
        // The warm-up lasts until the world's record of session events holds
        // all it keeps (`InMemorySessionEventSink.defaultCapacity`, the
        // oldest dropped past it), at least 100 cycles, at most half of
        // them: a record filling up is memory its bound caps by design, and
        // growth measured while it fills is that, not a leak.
        let leastWarmUp = min(100, cycles / 10)
        var afterWarmUp: MemoryReading?
        var measuredFrom = cycles
        for cycle in 0..<cycles {
            if afterWarmUp == nil, cycle >= leastWarmUp,
                world.eventRecord.count >= InMemorySessionEventSink.defaultCapacity || cycle >= cycles / 2
            {
                afterWarmUp = MemoryReading.now()
                measuredFrom = cycle
            }
            if await !cycleOnce(on: world, watching: watched) { failedSignIns += 1 }
        }
        await world.settle()
        let alive = watched.alive
        let atEnd = MemoryReading.now()
        do {
            try await world.control?.reset()
        } catch {
            throw BenchSetupError("cannot reset the in-memory backend: \(error)")
        }
        await world.settle()
        let withoutBackendRecords = MemoryReading.now()
        return Outcome(
            cycles: cycles, failedSignIns: failedSignIns, alive: alive,
            residentGrowth: MemoryReading.growth(afterWarmUp?.resident, atEnd.resident),
            trimmedResidentGrowth: MemoryReading.growth(afterWarmUp?.trimmedResident, atEnd.trimmedResident),
            appResidentGrowth: MemoryReading.growth(
                afterWarmUp?.trimmedResident, withoutBackendRecords.trimmedResident),
            measuredCycles: cycles - measuredFrom)
    }

    /// One launch: sign in, sign out, shut down. False when the sign-in failed.
    @MainActor
    private static func cycleOnce(on world: AppWorld, watching watched: Watched) async -> Bool {
        let launch = await BenchLaunch.start(on: world)
        let container = launch.container
        watched.watch("AppContainer", container)
        watched.watch("MainViewModel", launch.main)
        watched.watch("LaunchViewModel", launch.main.launch)
        watched.watch("OnboardingViewModel", launch.main.onboarding)
        watched.watch("WelcomeViewModel", launch.main.onboarding?.welcome)
        watched.watch("AuthSession", container.authSession)
        watched.watch("TokenManager", container.tokenManager)
        watched.watch("HealthMonitor", container.health)
        watched.watch("UserSessionRepository", container.repository)
        let signedIn = await launch.signIn()
        watched.watch("SignInViewModel", launch.main.onboarding?.signIn)
        watched.watch("SignedInCoordinator", launch.main.signedInArea)
        watched.watch("DashboardViewModel", launch.main.dashboard)
        await container.sessionEnd.logout()
        await world.settle()
        await container.shutDown()
        await world.settle()
        watched.dropGone()
        return signedIn
    }
}
