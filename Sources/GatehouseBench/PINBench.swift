import Composition
import Foundation
import Ports
import CompositionTesting

/// A PIN check as the person waits for it: the vault of the in-memory
/// environment, built as the composition root builds it (`AppWorld`), checks
/// a PIN against a record made at the default cost
/// (`PINRecord.defaultIterations` rounds of PBKDF2-HMAC-SHA256). Real time,
/// the median of several checks, in the build this bench runs in — which the
/// row names: `swift run app` makes a debug build, and the goal holds there
/// too (the crypto target is optimised in every configuration, Package.swift).
struct PINBench {
    let plan: BenchPlan

    /// The longest a PIN check may keep a person waiting.
    static let goalSeconds = 0.5

    func run() async -> BenchScenarioReport {
        let checks = plan.quick ? 3 : 9
        let setup =
            "\(checks) checks of a right PIN, \(PINRecord.defaultIterations) PBKDF2 rounds, \(Self.buildName) build; real time"
        let world: AppWorld
        do {
            world = try AppWorld(testing: .inMemory)
        } catch {
            return BenchScenarioReport(
                scenario: "pin", setup: setup, rows: [], failure: "cannot build the in-memory world: \(error)")
        }
        let pin = PIN("2580")
        var seconds: [Double] = []
        do {
            try await world.pinVault.set(pin)
            for _ in 0..<checks {
                let started = ContinuousClock.now
                let verdict = try await world.pinVault.verify(pin)
                seconds.append((ContinuousClock.now - started).benchSeconds)
                guard verdict == .accepted else {
                    return BenchScenarioReport(
                        scenario: "pin", setup: setup, rows: [], failure: "the right PIN was not accepted: \(verdict)")
                }
            }
        } catch {
            return BenchScenarioReport(scenario: "pin", setup: setup, rows: [], failure: "the vault failed: \(error)")
        }
        let median = seconds.sorted()[seconds.count / 2]
        let row = BenchRow(
            label: "PIN check (\(Self.buildName) build)",
            figures: "median \(BenchFormat.fixed(median * 1000, 0)) ms",
            goal: "< \(Int(Self.goalSeconds * 1000)) ms", met: median < Self.goalSeconds,
            numbers: ["medianSeconds": median])
        return BenchScenarioReport(scenario: "pin", setup: setup, rows: [row])
    }

    static var buildName: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }
}
