import Foundation
import OffThePool
import Testing

@testable import GatehouseApp

import OperatingSystem
import SanitizerAwareness

/// A pasted line costs time in proportion to its length (issue 52): the
/// line holds at most `LineEditor.longestLine` characters, what is typed
/// past that is not taken and is said once, and no key past it is drawn.
@MainActor
@Suite("A long paste")
struct LongPasteTests {
    /// A prompt whose terminal sends `chunks` one after another, as a
    /// terminal hands a paste over, then closes; and what it drew.
    private func prompt(reading chunks: [[UInt8]]) -> (TerminalPrompt, Transcript) {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
        let transcript = Transcript()
        return (TerminalPrompt(bytes: stream, console: transcript.console), transcript)
    }

    @Test("Past the longest line, a paste is not taken, said once, and drawn no more; the line is still submitted")
    func pastTheLongestLine() async {
        let pasted = "type name " + String(repeating: "a", count: 160_000)
        // In pieces of 256 bytes, as a terminal passes a paste on.
        let bytes = Array(pasted.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 256).map { Array(bytes[$0..<min($0 + 256, bytes.count)]) }
        let (prompt, transcript) = prompt(reading: chunks + [[0x0D]])

        let line = await prompt.readLine(prompt: "profile> ", completer: { _ in [] }, lineFull: "✘ full")
        #expect(line == String(pasted.prefix(LineEditor.longestLine)))
        #expect(transcript.pieces.filter { $0 == .line("✘ full") }.count == 1, "said once")
        // Drawing stops at the limit: what was written is a small multiple of
        // the limit, not of the paste (a draw per chunk of the whole line would
        // be 160,000² / 256 characters).
        #expect(transcript.written.count < 40 * LineEditor.longestLine, "\(transcript.written.count) characters drawn")
    }

    @Test("A line at the limit takes no completion past it, and a new line takes characters again")
    func theLimitIsPerLine() {
        var editor = LineEditor { _ in ["submit"] }
        for _ in 0..<LineEditor.longestLine { _ = editor.handle(.character("x")) }
        #expect(editor.handle(.character("y")) == .lineFull)
        #expect(editor.line.count == LineEditor.longestLine)
        _ = editor.handle(.tab)
        #expect(editor.line.count == LineEditor.longestLine)
        _ = editor.handle(.enter)
        #expect(editor.handle(.character("t")) == .redraw)
    }

    /// The app on a pseudo-terminal, a 160,000-character line pasted into
    /// it: the CPU time the app spends on it, as the kernel counts it (not
    /// wall time, which a busy machine stretches), stays within a second.
    /// Before the limit it took about ten seconds. Under a sanitizer the app
    /// is instrumented too (.ci/sanitizers): its work costs some times more
    /// (ThreadSanitizer's 1.34 s was seen), so the budget grows alike and
    /// still stays far below the quadratic ten seconds times the same.
    @Test("Pasting 160,000 characters costs the app under a second of CPU time (uninstrumented)")
    func pastingCostsLinearTime() async throws {
        // The terminal is waited for off the pool, never on a thread other tests need.
        try await offThePool {
            let app = try PseudoTerminal(arguments: ["--locale", "en-US"])
            try app.waitFor("welcome> ")
            let before = try Self.cpuSeconds(of: app.pid)
            let pasted = Array(("type name " + String(repeating: "a", count: 160_000)).utf8)
            try app.paste(pasted)
            try app.waitFor("a line holds at most \(LineEditor.longestLine) characters")
            app.type("\u{15}tap sign-in\r")  // Ctrl-U drops the long line
            try app.waitFor("sign-in> ")
            let spent = try Self.cpuSeconds(of: app.pid) - before
            #expect(spent < 1.0 * Double(Sanitizer.costFactor), "the paste cost \(spent) s of CPU")
            app.type("quit\r")
            #expect(app.exitStatus() == 0)
        }
    }

    /// User plus system time of process `pid` so far.
    nonisolated static func cpuSeconds(of pid: pid_t) throws -> Double {
        guard let seconds = Platform.cpuSeconds(ofProcess: pid) else { throw CPUTimeUnreadable() }
        return seconds
    }

    struct CPUTimeUnreadable: Error {}
}
