@testable import app
import Testing

/// The same script gives the same transcript every time (issue 3 item 4):
/// the runner settles after every command, on virtual time, so nothing
/// depends on how tasks happen to interleave.
@MainActor
@Suite("Transcript determinism")
struct TranscriptDeterminismTests {
    static let runs = 20

    @Test("The longest scripts give byte-identical transcripts 20 runs in a row", arguments: AcceptanceScripts.longest)
    func transcriptIsTheSameEveryRun(_ name: String) async throws {
        let script = try AcceptanceScripts.text(of: name)
        let runner = ScriptRunner.forTests()
        let first = await runner.run(script: script, named: name)
        let passed = first.passed
        #expect(passed, "\(name) failed; its transcript:\n\(first.transcriptText)")

        for run in 2...Self.runs {
            let again = await runner.run(script: script, named: name)
            guard again.transcriptText != first.transcriptText else { continue }
            let shared = min(first.transcript.count, again.transcript.count)
            let line = (0..<shared).first { first.transcript[$0] != again.transcript[$0] } ?? shared
            Issue.record(
                """
                run \(run) of \(name) differs from run 1 at transcript line \(line + 1):
                run 1:   \(line < first.transcript.count ? first.transcript[line] : "(ended)")
                run \(run): \(line < again.transcript.count ? again.transcript[line] : "(ended)")
                """)
            return
        }
    }

    @Test("The scripts checked for determinism are the longest ones")
    func longestScriptsAreChosen() throws {
        #expect(AcceptanceScripts.longest.count == 3)
        let commands = try AcceptanceScripts.names.map { try ParsedScript(parsing: AcceptanceScripts.text(of: $0)).lines.count }
        let shortestChosen = try AcceptanceScripts.longest.map { try ParsedScript(parsing: AcceptanceScripts.text(of: $0)).lines.count }.min()
        #expect(shortestChosen == commands.sorted(by: >).dropFirst(2).first)
    }
}
