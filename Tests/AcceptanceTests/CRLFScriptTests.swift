import Foundation
import Testing

@testable import GatehouseApp

/// A script saved with Windows line ends (CRLF) runs as the same script saved
/// with LF: same lines, same line numbers, same transcript. (`"\r\n"` is one
/// Swift `Character`, so the lines must be cut with care.)
@MainActor
@Suite("CRLF scripts")
struct CRLFScriptTests {
    static let signIn = [
        "# locale: en-US", "# signs in", "tap sign-in", "type identifier 123.456.789-09", "tap next",
        "type password 123456", "tap next", "expect screen dashboard", "",
    ]

    @Test("A CRLF script has the lines, line numbers and locale of its LF twin")
    func crlfParsesAsLF() {
        let lf = ParsedScript(parsing: Self.signIn.joined(separator: "\n"))
        let crlf = ParsedScript(parsing: Self.signIn.joined(separator: "\r\n"))

        #expect(crlf == lf)
        #expect(crlf.lines.map(\.number) == [3, 4, 5, 6, 7, 8])
        #expect(crlf.problems.isEmpty)
        #expect(ScriptRunner.locale(declaredIn: Self.signIn.joined(separator: "\r\n")) == .enUS)
    }

    @Test(
        "A carriage return that ends the last line is dropped; CRLF and LF may mix",
        arguments: [
            "tap sign-in\r\nexpect screen sign-in\r", "tap sign-in\nexpect screen sign-in\r\n",
            "tap sign-in\r\nexpect screen sign-in",
        ])
    func trailingCarriageReturn(script: String) {
        let parsed = ParsedScript(parsing: script)
        #expect(parsed.problems.isEmpty)
        #expect(parsed.lines.map(\.text) == ["tap sign-in", "expect screen sign-in"])
    }

    @Test("A carriage return inside a line is a bad character, shown escaped in the message")
    func carriageReturnInsideALine() async {
        let report = await ScriptRunner.forTests().run(
            script: "tap\rsign-in\r\nexpect screen sign-in\r\n", named: "cr.flow")
        #expect(!report.passed)
        #expect(report.transcript.contains { $0.hasPrefix("✘ cr.flow:1: unknown command 'tap^Msign-in'") })
    }

    @Test("A CRLF script file runs and passes with the transcript of its LF twin")
    func crlfFileRunsAsLF() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-crlf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let lf = folder.appendingPathComponent("sign-in.flow")
        let crlf = folder.appendingPathComponent("sign-in-crlf.flow")
        try Data(Self.signIn.joined(separator: "\n").utf8).write(to: lf)
        try Data(Self.signIn.joined(separator: "\r\n").utf8).write(to: crlf)

        let lfReport = await ScriptRunner.forTests().run(file: lf.path)
        let crlfReport = await ScriptRunner.forTests().run(file: crlf.path)

        #expect(crlfReport.passed, "\(crlfReport.transcriptText)")
        let renamed = crlfReport.transcript.map { $0.replacingOccurrences(of: crlf.path, with: lf.path) }
        #expect(renamed == lfReport.transcript, "only the script's name differs")
        #expect(crlfReport.transcript.count > 3)
    }
}
