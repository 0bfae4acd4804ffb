import SanitizerAwareness
import Testing

@testable import GatehouseApp

/// The same script gives the same transcript every time:
/// the runner settles after every command, on virtual time, so nothing
/// depends on how tasks happen to interleave — in memory, and over HTTP
/// against an in-process server, where real sockets and the server's own
/// tasks could interleave differently from run to run.
@MainActor
@Suite("Transcript determinism")
struct TranscriptDeterminismTests {
    /// Twenty runs; three under a sanitizer, where each run costs five
    /// times as much and the plain run has repeated it twenty times already.
    static var runs: Int { Sanitizer.repeats(plain: 20) }

    enum Transport: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case inMemory = "in memory"
        case overHTTP = "over HTTP"

        var testDescription: String { rawValue }

        @MainActor
        func runner() -> ScriptRunner {
            switch self {
            case .inMemory: ScriptRunner.forTests()
            case .overHTTP: InProcessServerScriptTests.overHTTP()
            }
        }
    }

    @Test(
        "Every script gives byte-identical transcripts 20 runs in a row (3 under a sanitizer), in memory and over HTTP",
        arguments: AcceptanceScripts.names, Transport.allCases)
    func transcriptIsTheSameEveryRun(_ name: String, _ transport: Transport) async throws {
        let script = try AcceptanceScripts.text(of: name)
        let runner = transport.runner()
        let first = await runner.run(script: script, named: name)
        let passed = first.passed
        #expect(passed, "\(name) failed \(transport.rawValue); its transcript:\n\(first.transcriptText)")

        // Every run is made and compared, so a failure says how often a
        // script differs, not only that it did once.
        var differing: [Int] = []
        var firstDifference = ""
        for run in 2...Self.runs {
            let again = await runner.run(script: script, named: name)
            // Bytes, not String equality, which holds for canonically equivalent
            // but differently encoded text.
            guard !again.transcriptText.utf8.elementsEqual(first.transcriptText.utf8) else { continue }
            differing.append(run)
            guard firstDifference.isEmpty else { continue }
            let shared = min(first.transcript.count, again.transcript.count)
            let line =
                (0..<shared).first { !first.transcript[$0].utf8.elementsEqual(again.transcript[$0].utf8) } ?? shared
            firstDifference = """
                run \(run) differs from run 1 at transcript line \(line + 1):
                run 1:   \(line < first.transcript.count ? first.transcript[line] : "(ended)")
                run \(run): \(line < again.transcript.count ? again.transcript[line] : "(ended)")
                """
        }
        if !differing.isEmpty {
            Issue.record(
                """
                \(name) \(transport.rawValue): runs \(differing.map(String.init).joined(separator: ", ")) of \(Self.runs) differ from run 1;
                \(firstDifference)
                """)
        }
    }
}
