import Synchronization
import Testing

@testable import GatehouseApp

/// What reaches the terminal: every string escaped on its way through
/// `Console`, the app's own sequences only from `TerminalControl`.
@MainActor
@Suite("Terminal output")
struct TerminalOutputTests {
    /// Every scalar that must be shown, never written: C0 but the line feed,
    /// DEL, C1, and the bidi controls.
    nonisolated static let escapedScalars: [UInt32] =
        Array(0x00..<0x0A) + Array(0x0B..<0x20) + [0x7F] + Array(0x80..<0xA0)
        + [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    @Test("Every control character, C1 control and bidi control is shown, never written", arguments: escapedScalars)
    func everyControlShown(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let shown = TerminalText.escapingControls("a\(Character(scalar))b")
        #expect(!shown.unicodeScalars.contains(scalar))
        #expect(shown.unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) })
        #expect(shown.hasPrefix("a") && shown.hasSuffix("b") && shown.count > 3)
    }

    @Test(
        "The forms a person reads: caret notation for C0 and DEL, \\u{…} for C1 and bidi",
        arguments: [
            ("\u{1B}]0;PWNED\u{07}", "^[]0;PWNED^G"), ("tab\there", "tab^Ihere"), ("cr\r", "cr^M"),
            ("\u{0C}help\u{7F}", "^Lhelp^?"), ("\u{9B}2J", "\\u{9B}2J"), ("\u{9D}8;;x\u{9C}", "\\u{9D}8;;x\\u{9C}"),
            ("abc\u{202E}fed", "abc\\u{202E}fed"), ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
            ("\u{200F}\u{061C}", "\\u{200F}\\u{61C}"), ("line\nnext", "line\nnext"), ("José · Ñ — ✔", "José · Ñ — ✔"),
        ])
    func forms(text: String, shown: String) {
        #expect(TerminalText.escapingControls(text) == shown)
    }

    @Test("Escaping what is escaped changes nothing, so the script runner's escaped transcript prints as it is")
    func escapingIsIdempotent() {
        let once = TerminalText.escapingControls(HostileServerTextTests.hostile + "\n^[ \\u{9B}\r\n")
        #expect(TerminalText.escapingControls(once) == once)
        let oneLine = TerminalText.escapingControlsOnOneLine(once)
        #expect(TerminalText.escapingControlsOnOneLine(oneLine) == oneLine)
        #expect(!oneLine.contains("\n"))
    }

    @Test("A piece of a screen stays on its line: a line break in it is shown as ^J")
    func screenPiecesStayOnTheirLine() {
        var screen = ScreenSnapshot(name: "dashboard", title: "Home\nFake")
        screen.lines = ["Hello, Jo\n│ Password [password]: "]
        let rendered = screen.rendered(disabledWord: "disabled")
        #expect(rendered == "┌─ Home^JFake · dashboard\n│ Hello, Jo^J│ Password [password]: \n└─")
    }

    @Test("The console escapes every piece it writes; control sequences only from the closed list")
    func consoleEscapesEveryPiece() {
        let transcript = Transcript()
        let console = transcript.console
        let hostile = HostileServerTextTests.hostile
        let shown = HostileServerTextTests.hostileShown
        console.print("line \(hostile)\nsecond")
        console.error("error \(hostile)")
        console.prompt("prompt \(hostile)")
        console.status("status \(hostile)")
        console.control(.cursorLeft(3))
        #expect(
            transcript.pieces == [
                .line("line \(shown)\nsecond"), .error("error \(shown)"), .text("prompt \(shown)"),
                .status("status \(shown)"), .control(.cursorLeft(3)),
            ])
        #expect(
            transcript.written
                == "line \(shown)\nsecond\nerror \(shown)\nprompt \(shown)\r\u{1B}[Kstatus \(shown)\u{1B}[3D")
    }

    @Test("Lines written from another thread (the server's request log) are escaped too")
    func anyThreadLinesEscaped() async {
        let recorded = LineRecorder()
        let console = Console(write: { _ in }, writeLineFromAnyThread: { recorded.append($0) })
        let write = console.lineWriterForAnyThread
        await Task.detached { write("GET /\(HostileServerTextTests.hostile) → 404 (1 ms)") }.value
        #expect(recorded.lines == ["GET /\(HostileServerTextTests.hostileShown) → 404 (1 ms)"])
    }
}

/// Lines recorded from any thread.
private final class LineRecorder: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}
