import Testing

@testable import GatehouseApp

/// The prompt's line editor, driven by the bytes a terminal sends — no
/// terminal needed: editing keys, history, Tab completion, secret masking.
@MainActor
@Suite("Line editor")
struct LineEditorTests {
    /// An editor and its decoder, fed bytes; what each key asked for is kept.
    struct Keyboard {
        var decoder = TerminalKeyDecoder()
        var editor: LineEditor
        var outcomes: [LineEditor.Outcome] = []

        init(completer: @escaping LineEditor.Completer = { _ in [] }) {
            editor = LineEditor(completer: completer)
        }

        mutating func type(_ bytes: [UInt8]) {
            for key in decoder.decode(bytes) { outcomes.append(editor.handle(key)) }
        }

        mutating func type(_ text: String) { type(Array(text.utf8)) }

        /// The lines submitted so far.
        var submitted: [String] {
            outcomes.compactMap {
                if case .submit(let line) = $0 { return line }
                return nil
            }
        }
    }

    static let escape: UInt8 = 0x1B
    static let up: [UInt8] = [escape, 0x5B, 0x41]
    static let down: [UInt8] = [escape, 0x5B, 0x42]
    static let right: [UInt8] = [escape, 0x5B, 0x43]
    static let left: [UInt8] = [escape, 0x5B, 0x44]
    static let home: [UInt8] = [escape, 0x5B, 0x48]
    static let end: [UInt8] = [escape, 0x4F, 0x46]
    static let delete: [UInt8] = [escape, 0x5B, 0x33, 0x7E]

    @Test("Left, right, home and end move the cursor; typing inserts at it")
    func cursorMovesAndInserts() {
        var keyboard = Keyboard()
        keyboard.type("tp next")
        keyboard.type(Self.home + Self.right)
        keyboard.type("a")
        #expect(keyboard.editor.line == "tap next")
        keyboard.type(Self.end + Self.left + Self.left + Self.left + Self.left)
        keyboard.type("x")
        #expect(keyboard.editor.line == "tap xnext")
        #expect(keyboard.editor.cursor == 5)
    }

    @Test("Ctrl-A and Ctrl-E go home and end")
    func controlAAndE() {
        var keyboard = Keyboard()
        keyboard.type("ap")
        keyboard.type([0x01])
        keyboard.type("t")
        keyboard.type([0x05])
        keyboard.type(" back")
        #expect(keyboard.editor.line == "tap back")
    }

    @Test("Backspace and delete remove before and under the cursor")
    func backspaceAndDelete() {
        var keyboard = Keyboard()
        keyboard.type("tapp  next")
        keyboard.type([0x7F, 0x7F, 0x7F, 0x7F])
        #expect(keyboard.editor.line == "tapp  ")
        keyboard.type(Self.home + Self.delete)
        #expect(keyboard.editor.line == "app  ")
        keyboard.type([0x08])
        #expect(keyboard.outcomes.last == .bell, "nothing before the cursor")
    }

    @Test("Ctrl-K, Ctrl-U and Ctrl-W cut to the end, to the start and the word before")
    func killKeys() {
        var keyboard = Keyboard()
        keyboard.type("type identifier 123")
        keyboard.type([0x17])
        #expect(keyboard.editor.line == "type identifier ")
        keyboard.type([0x17])
        #expect(keyboard.editor.line == "type ")
        keyboard.type("password" + "\u{01}")
        keyboard.type(Self.right + Self.right)
        keyboard.type([0x0B])
        #expect(keyboard.editor.line == "ty")
        keyboard.type(Self.end + [0x15])
        #expect(keyboard.editor.line.isEmpty)
    }

    @Test("Enter submits the line; the editor starts afresh")
    func enterSubmits() {
        var keyboard = Keyboard()
        keyboard.type("tap back\r")
        keyboard.type("help\n")
        #expect(keyboard.submitted == ["tap back", "help"])
        #expect(keyboard.editor.line.isEmpty)
    }

    @Test("Up and down walk the session's history and come back to the line being typed")
    func history() {
        var keyboard = Keyboard()
        keyboard.type("tap sign-in\r")
        keyboard.type("tap back\r")
        keyboard.type("ta")
        keyboard.type(Self.up)
        #expect(keyboard.editor.line == "tap back")
        keyboard.type(Self.up)
        #expect(keyboard.editor.line == "tap sign-in")
        keyboard.type(Self.up)
        #expect(keyboard.outcomes.last == .bell)
        keyboard.type(Self.down + Self.down)
        #expect(keyboard.editor.line == "ta", "the draft comes back")
        keyboard.type([0x10])  // Ctrl-P
        keyboard.type("\r")
        #expect(keyboard.submitted.last == "tap back")
    }

    @Test("The history never holds what was typed after type password or type confirm")
    func historyKeepsNoSecret() {
        var keyboard = Keyboard()
        keyboard.type("type identifier 123.456.789-09\r")
        keyboard.type("type password 123456\r")
        keyboard.type("  type   confirm 654321\r")
        keyboard.type("tap next\r")
        #expect(keyboard.editor.history == ["type identifier 123.456.789-09", "tap next"])
        #expect(!keyboard.editor.history.joined().contains("123456"))
        #expect(!keyboard.editor.history.joined().contains("654321"))
        #expect(keyboard.submitted.contains("type password 123456"), "the session still gets the line")
    }

    @Test("A secret field's value shows as bullets while typed; the field's name does not")
    func secretMasking() {
        var keyboard = Keyboard()
        keyboard.type("type password")
        #expect(keyboard.editor.display.text == "type password")
        keyboard.type(" 1234")
        #expect(keyboard.editor.display.text == "type password ••••")
        keyboard.type(Self.left)
        #expect(keyboard.editor.display.cursor == 17)
        keyboard.type(Self.home)
        keyboard.type([0x7F])
        #expect(!keyboard.editor.display.text.contains("1"))
        var other = Keyboard()
        other.type("type identifier 1234")
        #expect(other.editor.display.text == "type identifier 1234")
    }

    @Test("Tab completes the one candidate with a space, and the common part of several")
    func tabCompletes() {
        var keyboard = Keyboard { words in
            words.isEmpty
                ? PromptCompletion.candidates(after: [], on: ScreenSnapshot(name: "welcome", title: "Welcome"))
                : ["sign-in", "sign-up"]
        }
        keyboard.type("ta\t")
        #expect(keyboard.editor.line == "tap ")
        keyboard.type("s\t")
        #expect(keyboard.editor.line == "tap sign-")
        keyboard.type("\t")
        #expect(keyboard.outcomes.last == .showCandidates(["sign-in", "sign-up"]))
        keyboard.type("i\t")
        #expect(keyboard.editor.line == "tap sign-in ")
        keyboard.type("\u{15}zz\t")
        #expect(keyboard.outcomes.last == .bell)
    }

    @Test("Tab never completes a secret field's value")
    func tabSkipsSecrets() {
        var keyboard = Keyboard { _ in ["123456"] }
        keyboard.type("type password 1\t")
        #expect(keyboard.outcomes.last == .bell)
        #expect(keyboard.editor.line == "type password 1")
    }

    @Test("Unknown escape sequences and control bytes never reach the line")
    func controlBytesDropped() {
        var keyboard = Keyboard()
        keyboard.type([Self.escape, 0x5B, 0x31, 0x3B, 0x35, 0x43])  // Ctrl-Right
        keyboard.type([0x00, 0x07, 0x1A])
        keyboard.type("help")
        #expect(keyboard.editor.line == "help")
        keyboard.type([0x0C])
        #expect(keyboard.outcomes.last == .clearScreen)
        #expect(keyboard.editor.line == "help", "Ctrl-L keeps the line")
    }

    @Test("UTF-8 arrives a byte at a time and is one character")
    func utf8() {
        var keyboard = Keyboard()
        keyboard.type(Array("type name José Ñ".utf8))
        keyboard.type([0x7F])
        #expect(keyboard.editor.line == "type name José ")
    }

    @Test("Ctrl-C drops the line; Ctrl-D ends input only on an empty line")
    func cancelAndEnd() {
        var keyboard = Keyboard()
        keyboard.type("tap ne")
        keyboard.type([0x03])
        #expect(keyboard.outcomes.last == .cancelled)
        #expect(keyboard.editor.line.isEmpty)
        keyboard.type("ab" + "\u{01}")
        keyboard.type([0x04])
        #expect(keyboard.editor.line == "b")
        keyboard.type([0x0B, 0x04])
        #expect(keyboard.outcomes.last == .endOfInput)
    }

    @Test(
        "Near misses name the word meant",
        arguments: [("tapp", "tap"), ("expct", "expect"), ("hlep", "help"), ("typ", "type")])
    func nearMiss(typed: String, meant: String) {
        #expect(NearMiss.suggestion(for: typed, among: ScriptParser.commands + PromptCompletion.promptWords) == meant)
    }

    @Test("A word far from every candidate gets no suggestion")
    func noNearMiss() {
        #expect(NearMiss.suggestion(for: "wiggle", among: ScriptParser.commands) == nil)
    }

    @Test("Control characters are shown in caret notation in messages")
    func controlsEscaped() {
        #expect(TerminalText.escapingControls("\u{1B}[A") == "^[[A")
        #expect(TerminalText.escapingControls("\u{0C}help\u{7F}") == "^Lhelp^?")
        #expect(TerminalText.escapingControls("line\nnext") == "line\nnext")
    }
}
