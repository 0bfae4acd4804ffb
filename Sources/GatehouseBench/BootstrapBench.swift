import Composition
import Foundation
import Ports
import CompositionTesting

/// The bootstrap: a launch that finds a stored session decides where to go
/// after asking `/health` and `/users/me`; with a delay injected on one
/// route, the other or both, how long until the decision, as a multiple of
/// the delay (1.00 when the two are asked side by side and nothing else
/// waits). In memory on virtual time, so the figure counts round trips
/// exactly; the real cost of a round trip is the overhead scenario's.
struct BootstrapBench {
    let plan: BenchPlan

    enum Delayed: String, CaseIterable {
        case health = "/health"
        case user = "/users/me"
        case both = "/health and /users/me"

        var routes: [String] {
            switch self {
            case .health: ["GET /health"]
            case .user: ["GET /users/me"]
            case .both: ["GET /health", "GET /users/me"]
            }
        }
    }

    func run() async -> BenchScenarioReport {
        let delay = plan.bootstrapDelay
        let setup =
            "a launch with a stored session, \(Int(delay.benchSeconds * 1000)) ms injected; in memory, virtual time"
        var rows: [BenchRow] = []
        for delayed in Delayed.allCases {
            do {
                let multiple = try await Self.timeToDecision(delaying: delayed.routes, by: delay) / delay.benchSeconds
                rows.append(
                    BenchRow(
                        label: "delay on \(delayed.rawValue)",
                        figures: "decision after \(BenchFormat.fixed(multiple, 2)) × the delay",
                        goal: "≤ 1.10 round trips", met: multiple <= 1.10, numbers: ["delayMultiple": multiple]))
            } catch {
                return BenchScenarioReport(scenario: "bootstrap", setup: setup, rows: rows, failure: error.description)
            }
        }
        return BenchScenarioReport(scenario: "bootstrap", setup: setup, rows: rows)
    }

    /// Virtual seconds from launch to the first screen after start-up, for a
    /// launch that finds Maria's session stored and meets `delay` on `routes`.
    @MainActor
    static func timeToDecision(delaying routes: [String], by delay: Duration) async throws(BenchSetupError) -> Double {
        let world: AppWorld
        do {
            world = try AppWorld(testing: .inMemory)
        } catch {
            throw BenchSetupError("cannot build the in-memory world: \(error)")
        }
        let first = await BenchLaunch.start(on: world)
        guard await first.signIn() else { throw BenchSetupError("the first launch could not sign in") }
        await first.container.shutDown()
        await world.settle()
        guard let control = world.control else { throw BenchSetupError("the in-memory world has no control switches") }
        do {
            for route in routes { try await control.addFault(route: route, mode: .delay(delay), count: 1) }
        } catch {
            throw BenchSetupError("cannot inject the delay: \(error)")
        }
        let started = world.now()
        let container = AppContainer(world: world)
        let main = container.makeMainViewModel()
        container.launch(main)
        await world.settle()
        let step = delay / 200
        var waited = Duration.zero
        while main.screen == .startup, waited < delay * 10 {
            await world.pass(step)
            waited += step
        }
        let decidedAfter = world.now().timeIntervalSince(started)
        let decided = main.screen
        await container.shutDown()
        await world.settle()
        guard decided == .signedIn else { throw BenchSetupError("the launch decided \(decided), not signed in") }
        return decidedAfter
    }
}
