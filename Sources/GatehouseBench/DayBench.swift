import Composition
import Foundation

/// A signed-in day: Maria signs in and the app stays in the foreground for a
/// whole day on virtual time — every proactive refresh and health poll of
/// the day runs, in order. Measured: the wall time it takes and the refreshes
/// the backend saw.
struct DayBench {
    let plan: BenchPlan

    /// The day in this process. The whole process's day (`LaunchBench`,
    /// < 0.2 s) holds this day, the process's start (its launch goal is
    /// 20 ms) and the script's parse: the day alone must leave room for them.
    static let goalSeconds = 0.15

    func run() async -> BenchScenarioReport {
        let hours = Int(plan.daySpan.benchSeconds / 3600)
        let setup = "\(hours) h signed in, in memory, virtual time"
        do {
            let (wall, refreshes, stillSignedIn) = try await Self.day(span: plan.daySpan)
            let expected = Int(plan.daySpan.benchSeconds / 50)
            var rows = [
                BenchRow(
                    label: "refreshes",
                    figures: "\(refreshes) (one per 50 s of token life: \(expected)) · "
                        + (stillSignedIn ? "still signed in" : "signed out!"),
                    goal: "still signed in", met: stillSignedIn,
                    numbers: ["refreshes": Double(refreshes)])
            ]
            // The wall-time goal is for a whole day; a quick run's shorter day has none.
            if plan.daySpan == .seconds(86_400) {
                rows.append(
                    BenchRow(
                        label: "wall time", figures: BenchFormat.milliseconds(wall),
                        goal: "< \(BenchFormat.fixed(Self.goalSeconds, 2)) s (release build)",
                        met: wall < Self.goalSeconds,
                        numbers: ["wallSeconds": wall]))
            } else {
                rows.append(
                    BenchRow(
                        label: "wall time", figures: BenchFormat.milliseconds(wall), numbers: ["wallSeconds": wall]))
            }
            return BenchScenarioReport(scenario: "day", setup: setup, rows: rows)
        } catch {
            return BenchScenarioReport(scenario: "day", setup: setup, rows: [], failure: error.description)
        }
    }

    /// Wall seconds the day took, refreshes the backend saw, and whether
    /// the app is still signed in at its end.
    @MainActor
    static func day(span: Duration) async throws(BenchSetupError) -> (Double, Int, Bool) {
        let launch = try await BenchLaunch.signedInOnAnInMemoryWorld()
        let world = launch.container.world
        guard let control = world.control else { throw BenchSetupError("the in-memory world has no control switches") }
        let before: Int
        let after: Int
        do {
            before = try await control.metrics().refreshes
        } catch {
            throw BenchSetupError("cannot read the metrics: \(error)")
        }
        let started = ContinuousClock.now
        await world.pass(span)
        let wall = (ContinuousClock.now - started).benchSeconds
        do {
            after = try await control.metrics().refreshes
        } catch {
            throw BenchSetupError("cannot read the metrics: \(error)")
        }
        let stillSignedIn = launch.main.screen == .signedIn
        await launch.container.shutDown()
        await world.settle()
        return (wall, after - before, stillSignedIn)
    }
}
