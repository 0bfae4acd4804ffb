import Composition
import Foundation
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The fault matrix (docs/fault-matrix.md): every phase × every fault × both
/// environments, each cell a script run through the script runner and held
/// to its row of the table in the docs.
@MainActor
@Suite("Fault matrix")
struct FaultMatrixTests {
    enum Environment: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inMemory = "in memory"
        case overHTTP = "over HTTP"

        var testDescription: String { rawValue }

        @MainActor
        func makeWorld() async throws -> ScriptWorld {
            switch self {
            case .inMemory: try await ScriptRunner.isolatedWorld(for: .inMemory)
            case .overHTTP: try InProcessServerWorld.make()
            }
        }
    }

    @Test("The table has a well-formed row for every phase × fault, and no other")
    func tableCoversTheMatrix() throws {
        let table = try FaultMatrixTable.load()
        for cell in FaultMatrix.cells {
            #expect(
                table.row(phase: cell.phase.name, fault: cell.fault.name) != nil,
                "docs/fault-matrix.md has no row for \(cell.testDescription)")
        }
        let known = Set(FaultMatrix.cells.map(\.testDescription))
        for row in table.rows {
            #expect(
                known.contains("\(row.phase) × \(row.fault)"),
                "docs/fault-matrix.md: unknown phase × fault \(row.phase) × \(row.fault)")
        }
        #expect(table.rows.count == FaultMatrix.phases.count * FaultMatrix.faults.count)
    }

    @Test("A malformed table is refused, naming the line")
    func malformedTableRefused() {
        let header =
            "| " + FaultMatrixTable.header.joined(separator: " | ")
            + " |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n"
        #expect(throws: FaultMatrixTable.Problem.self) {
            try FaultMatrixTable(
                markdown: header + "| sign-in | 500 | sign-in-password | unauthenticated | no | no |\n")
        }
        #expect(throws: FaultMatrixTable.Problem.self) {
            try FaultMatrixTable(
                markdown: header + "| sign-in | 500 | sign-in-password | unauthenticated | maybe | no | x | none |\n")
        }
        let row = "| sign-in | 500 | sign-in-password | unauthenticated | no | no | x | none |\n"
        #expect(throws: FaultMatrixTable.Problem.self) { try FaultMatrixTable(markdown: header + row + row) }
        #expect((try? FaultMatrixTable(markdown: header + row))?.rows.count == 1)
        #expect(throws: FaultMatrixTable.Problem.self) {
            try FaultMatrixTable(
                markdown: header + "| sign-in | 500 | sign-in-password | unauthenticated | no | no | x | |\n")
        }
    }

    @Test("A row's event is met only by the event it names, and no session ends or expires unnamed")
    func eventCellMatching() {
        let ended = SessionEvent.sessionEnded(.tokenInvalid)
        let refreshed = SessionEvent.tokenRefreshed(.proactive, lockWaited: .zero, took: .zero)
        #expect(FaultMatrix.eventMiss(in: [ended], named: "session-ended reason token-invalid") == nil)
        #expect(FaultMatrix.eventMiss(in: [ended], named: "session-ended reason token-expired") != nil)
        #expect(FaultMatrix.eventMiss(in: [], named: "session-ended") != nil)
        #expect(FaultMatrix.eventMiss(in: [refreshed], named: "none") == nil)
        #expect(FaultMatrix.eventMiss(in: [refreshed, ended], named: "none") != nil)
        #expect(
            FaultMatrix.eventMiss(in: [.storeProblem(.notSaved), ended], named: "store-problem problem not-saved")
                != nil,
            "a session end the row does not name")
        #expect(FaultMatrix.eventMiss(in: [ended], named: "session-over reason token-invalid") != nil, "no such kind")
        #expect(FaultMatrix.eventMiss(in: [ended], named: "session-ended reason") != nil, "a field without a value")
    }

    // The limit catches a hung cell, not a slow one: the 286 cells start
    // together and share the main queue, so each waits for the others. Alone
    // under ThreadSanitizer they take ~28 s in all; beside the rest of the
    // sanitized suite on two cores, 140 s once and 299 s on 2026-12-06 (the
    // suite had grown pseudo-terminal tests that run the app and a server),
    // and 437 s with a second suite running beside it: past a five-minute
    // limit. A hung cell never ends, so ten minutes still catches one.
    @Test(
        "Each phase × fault ends as its row says: no crash, no hang, no spinner left, no good session lost",
        .timeLimit(.minutes(10)), arguments: FaultMatrix.cells, Environment.allCases)
    func cell(_ cell: FaultMatrix.Cell, _ environment: Environment) async throws {
        let row = try FaultMatrixTable.load().row(phase: cell.phase.name, fault: cell.fault.name)
        let made = try await environment.makeWorld()
        let app = HeadlessApp(world: made.world, texts: Texts(locale: .enUS))
        await app.launch()
        let runner = ScriptRunner(texts: app.texts, print: { _ in }, makeWorld: { made })
        let lead = await runner.run(script: cell.leadScript, named: cell.testDescription, on: app)
        let eventsBefore = made.world.eventRecord.events.count
        let follow = await runner.run(script: cell.followScript(expecting: row), named: cell.testDescription, on: app)
        let report = ScriptReport(
            name: cell.testDescription, passed: lead.passed && follow.passed,
            transcript: lead.transcript + follow.transcript)
        let reported = Array(made.world.eventRecord.events.dropFirst(eventsBefore))
        if let row, let miss = FaultMatrix.eventMiss(in: reported, named: row.event) {
            Issue.record("\(cell.testDescription) \(environment.rawValue): \(miss)")
        }
        if !report.passed || row == nil {
            let stored = await app.hasStoredSession().map { $0 ? "yes" : "no" } ?? "unreadable"
            let local = await app.hasLocalData().map { $0 ? "yes" : "no" } ?? "unreadable"
            Issue.record(
                """
                \(cell.testDescription) \(environment.rawValue) \(row == nil ? "has no row in docs/fault-matrix.md" : "does not end as its row says").
                It ends: | \(cell.phase.name) | \(cell.fault.name) | \(app.snapshot().name) | \(app.stateName) | \(stored) | \(local) | … |
                \(app.snapshot().isLoading ? "(loading)\n" : "")\(app.renderedScreen())
                The transcript's end:
                \(report.transcript.suffix(12).joined(separator: "\n"))
                """)
        }
        await app.shutDown()
        await made.tearDown()
    }
}
