import DomainCore
import Foundation

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
    }

    /// Weak references to the objects of every cycle.
    @MainActor
    private final class Watched {
        private var references: [(String, () -> AnyObject?)] = []

        func watch(_ name: String, _ object: AnyObject?) {
            guard let object else { return }
            weak let weakObject = object
            references.append((name, { weakObject }))
        }

        var alive: [String] { references.filter { $0.1() != nil }.map(\.0) }
    }

    func run() async -> BenchScenarioReport {
        let cycles = plan.soakCycles
        let setup = "\(cycles) sign-in/out cycles through the containers, in memory, virtual time"
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
        if let growth = outcome.residentGrowth {
            let per10k = Double(growth) * 10_000 / Double(max(cycles, 1))
            rows.append(
                BenchRow(
                    label: "RSS growth",
                    figures: "\(BenchFormat.fixed(Double(growth) / 1_048_576, 2)) MB over \(cycles) cycles "
                        + "(\(BenchFormat.fixed(per10k / 1_048_576, 2)) MB per 10,000)",
                    goal: "< 1 MB per 10,000 cycles", met: per10k < 1_048_576,
                    numbers: ["residentGrowthBytes": Double(growth), "residentGrowthPer10kBytes": per10k]))
        }
        return BenchScenarioReport(scenario: "soak", setup: setup, rows: rows)
    }

    /// `cycles` launches, each signing Maria in and out; what is alive once
    /// the world has settled after the last. Counts only: the tests run it too.
    @MainActor
    public static func soak(cycles: Int) async throws(BenchSetupError) -> Outcome {
        let world: AppWorld
        do {
            world = try AppWorld(environment: .inMemory)
        } catch {
            throw BenchSetupError("cannot build the in-memory world: \(error)")
        }
        let watched = Watched()
        var failedSignIns = 0
        let warmUp = min(100, cycles / 10)
        var residentAfterWarmUp: Int?
        for cycle in 0..<cycles {
            if cycle == warmUp { residentAfterWarmUp = ProcessMemory.residentBytes() }
            if await !cycleOnce(on: world, watching: watched) { failedSignIns += 1 }
        }
        await world.settle()
        let residentAtEnd = ProcessMemory.residentBytes()
        let growth = residentAtEnd.flatMap { end in residentAfterWarmUp.map { end - $0 } }
        return Outcome(cycles: cycles, failedSignIns: failedSignIns, alive: watched.alive, residentGrowth: growth)
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
        await container.authSession.logout()
        await world.settle()
        await container.shutDown()
        await world.settle()
        return signedIn
    }
}
