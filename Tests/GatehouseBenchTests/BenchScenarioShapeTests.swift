import Foundation
@testable import GatehouseBench
import Testing

/// The shape of the reports of the scenarios that measure what an app
/// pays (issue 30): each row of the table is there with its goal
/// beside it, and the scenario finished. Never a duration: the verdicts
/// (pass or short) are the bench's alone and not checked here.
@MainActor
@Suite("The bench's reports: every row of issue 30's table with its goal")
struct BenchScenarioShapeTests {
    /// A quick run of `scenario`, the `app` built beside this test binary as
    /// the executable it starts.
    private func quickRun(_ scenario: BenchPlan.Scenario) async -> BenchScenarioReport? {
        let plan = BenchPlan(quick: true, scenarios: [scenario], workerExecutable: AppExecutable.path)
        return await BenchRunner(plan: plan) { _ in }.run().scenarios.first
    }

    private func goals(of report: BenchScenarioReport) -> [String: String] {
        Dictionary(report.rows.compactMap { row in row.goal.map { (row.label, $0) } }) { first, _ in first }
    }

    @Test(
        "signature: one RS256 and one ES256 verification, each with its goal and its ratio to OpenSSL's, beside a sign-in's round trip"
    )
    func signatureRows() async throws {
        let report = try #require(await quickRun(.signature))
        #expect(report.failure == nil)
        #expect(report.setup.contains("app serve in another process"))
        let goals = goals(of: report)
        #expect(goals["one RS256 verification"] == "≤ 5 ms")
        #expect(goals["one ES256 verification"] == "≤ 5 ms")
        #expect(goals["one RS256 verification beside OpenSSL's"] == "≤ 3× OpenSSL's, same run")
        #expect(goals["one ES256 verification beside OpenSSL's"] == "≤ 5× OpenSSL's, same run")
        #expect(goals.count == 4)
        let roundTrip = try #require(report.rows.first { $0.label == "a password sign-in's round trip, beside them" })
        #expect((roundTrip.numbers["medianSeconds"] ?? 0) > 0)
    }

    @Test(
        "overhead: app serve in another process; the composed app's goals at 1, 8 and 64 in flight, none against a library the bench cannot run"
    )
    func overheadRows() async throws {
        let report = try #require(await quickRun(.overhead))
        #expect(report.failure == nil)
        #expect(report.setup.contains("app serve in another process"))
        #expect(report.setup.contains("the composed app"))
        let labels = report.rows.map(\.label)
        for concurrency in ["one at a time", "8 in flight", "64 in flight"] {
            for contender in [
                "raw URLSession", "raw + JSONSerialization", "naive per-401 client", "the composed app",
                "the composed app, health from-calls",
            ] {
                #expect(labels.contains("\(concurrency) · \(contender)"), "\(concurrency) · \(contender)")
            }
        }
        let goals = goals(of: report)
        #expect(goals["one at a time · the composed app"] == "p50 ≤ 1.05× raw + JSON")
        #expect(goals["8 in flight · the composed app"] == "throughput ≥ 0.95× raw + JSON")
        #expect(goals["64 in flight · the composed app"] == "throughput ≥ 0.95× raw + JSON")
        #expect(!labels.contains { $0.contains("Alamofire") }, "a figure not measured here carries no goal")
        #expect(goals.count == 3)
        let refreshes = try #require(report.rows.first { $0.label == "refreshes during the run" })
        #expect(refreshes.numbers["refreshes"] == 0)
    }

    @Test(
        "cap: the fresh-token storm with and without the cap (wall and CPU time), authorized alone and under 64 callers"
    )
    func capRows() async throws {
        let report = try #require(await quickRun(.cap))
        #expect(report.failure == nil)
        let goals = goals(of: report)
        #expect(goals["storm N=100, fresh token, cap of 6"] == "≤ 1.10× uncapped")
        #expect(goals["authorized { _ in 1 }, sequential"] == "≤ 150 ns")
        #expect(goals["authorized { _ in 1 }, 64 concurrent callers"] == "≤ 1 µs")
        #expect(report.rows.map(\.label).contains("storm N=100, fresh token, cap removed"))
        #expect(goals.count == 3)
        // Beside the wall times, the CPU both storms used: whether the cap adds work.
        let capped = try #require(report.rows.first { $0.label == "storm N=100, fresh token, cap of 6" })
        #expect((capped.numbers["medianCPUSeconds"] ?? 0) > 0)
        #expect((capped.numbers["cpuRatioToUncapped"] ?? 0) > 0)
    }

    @Test(
        "launch: app run of a signed-in day and launches to the first screen, each run of the app executable, beside the hello-worlds'"
    )
    func launchRows() async throws {
        let report = try #require(await quickRun(.launch))
        #expect(report.failure == nil)
        let goals = goals(of: report)
        #expect(goals["app run, sign in + wait 24h, whole process"] == "< 0.2 s")
        #expect(goals["launch to the first screen"] == "≤ 20 ms")
        #expect(
            goals["the first screen beside a hello-world's linking URLSession, as app does"] == "≤ 1.5× its, same run")
        #expect(goals.count == 3)
        let yardsticks = report.rows.filter { $0.label.hasPrefix("the first screen beside") }
        #expect(yardsticks.count == LaunchYardstick.allCases.count)
        for yardstick in yardsticks {
            #expect(
                (yardstick.numbers["helloWorldSeconds"] ?? 0) > 0, "the hello-world was launched: \(yardstick.figures)")
        }
    }

    @Test("server: app serve in another process, its answers at 16 connections with their goal, its memory")
    func serverRows() async throws {
        let report = try #require(await quickRun(.server))
        #expect(report.failure == nil)
        #expect(report.setup.contains("app serve in another process"))
        #expect(goals(of: report) == ["16 connections": "≥ 5,000 answers/s"])
        #expect(report.rows.map(\.label).contains("server memory per idle connection"))
    }

    @Test("store: a good session's read beside a plain read + decode, with its goal; the first read of new bytes")
    func storeRows() async throws {
        let report = try #require(await quickRun(.store))
        #expect(report.failure == nil)
        #expect(goals(of: report) == ["a good session's read": "≤ 2.00× a plain read + decode"])
        let read = try #require(report.rows.first { $0.label == "a good session's read" })
        #expect((read.numbers["ratioToPlain"] ?? 0) > 0)
        #expect(report.rows.map(\.label).contains("a plain read + decode of the file, beside it"))
        #expect(report.rows.map(\.label).contains("the first read of bytes just saved (its crash marker)"))
    }

    @Test(
        "Without the app executable the scenarios that start it say so instead of measuring",
        arguments: [
            BenchPlan.Scenario.overhead, .launch, .server,
        ])
    func noExecutable(scenario: BenchPlan.Scenario) async throws {
        let plan = BenchPlan(quick: true, scenarios: [scenario])
        let report = try #require(await BenchRunner(plan: plan) { _ in }.run().scenarios.first)
        #expect(report.rows.isEmpty)
        #expect(report.failure?.contains("no app executable") == true)
    }
}
