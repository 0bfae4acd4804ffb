/// The interactive prompt on a real terminal: bytes from `RawTerminal`
/// through `TerminalKeyDecoder` into a `LineEditor`, whose line it draws
/// after every key — a secret's value as bullets. Output the session prints
/// while a line is being typed (a live redraw) goes above that line, which
/// is then drawn again as it was.
///
/// Everything goes out through `Console`: the prompt, the line and what it
/// prints escaped (a pasted control character or bidi override is drawn as
/// `^[` or `\u{202E}`, never sent), the cursor moves and erasing as the
/// app's own `TerminalControl`s.
@MainActor
final class TerminalPrompt {
    private let console: Console
    private var iterator: AsyncStream<[UInt8]>.Iterator
    private var decoder = TerminalKeyDecoder()
    private var editor: LineEditor
    private var completer: LineEditor.Completer = { _ in [] }
    private var prompt = ""
    /// Whether a line is being typed now (so output must go above it).
    private var isReading = false
    /// Keys decoded but not yet handled (several can come in one read).
    private var pending: [TerminalKey] = []

    /// - Parameters:
    ///   - bytes: what the terminal sends, as it comes (`RawTerminal.bytes`).
    ///   - console: where the prompt draws.
    init(bytes: AsyncStream<[UInt8]>, console: Console) {
        self.console = console
        iterator = bytes.makeAsyncIterator()
        editor = LineEditor()
        editor = LineEditor { [unowned self] words in completer(words) }
    }

    /// The lines submitted this session that the editor keeps (never one
    /// that may hold a secret).
    var history: [String] { editor.history }

    /// The next line typed after `prompt`, Tab completing from `completer`;
    /// nil at end of input (Ctrl-D on an empty line, or stdin closed).
    func readLine(prompt: String, completer: @escaping LineEditor.Completer) async -> String? {
        self.prompt = prompt
        self.completer = completer
        isReading = true
        defer { isReading = false }
        draw()
        while true {
            if pending.isEmpty {
                // A copy, since an actor's stored property cannot be awaited on in place;
                // only this loop ever reads the stream, so the copy is the one reader.
                var reader = iterator
                let chunk = await reader.next(isolation: #isolation)
                iterator = reader
                guard let chunk else {
                    console.print("")
                    return nil
                }
                pending = decoder.decode(chunk)
                continue
            }
            let key = pending.removeFirst()
            switch editor.handle(key) {
            case .redraw: draw()
            case .submit(let line):
                // The line stays as last drawn (a secret as bullets); the editor is already empty.
                console.print("")
                return line
            case .cancelled:
                console.print("^C")
                draw()
            case .endOfInput:
                console.print("")
                return nil
            case .clearScreen:
                console.control(.clearScreen)
                draw()
            case .showCandidates(let candidates):
                console.print("")
                console.print(candidates.joined(separator: "  "))
                draw()
            case .bell:
                console.control(.bell)
            }
        }
    }

    /// Prints `text` (a line or more) above the line being typed, then draws
    /// that line again; while no line is being typed, just prints it (over a
    /// status line, a countdown, if one is shown).
    func printAbove(_ text: String) {
        console.control(.returnAndEraseLine)
        console.print(text)
        if isReading { draw() }
    }

    /// The prompt and the line as shown, the cursor where the editor has it.
    /// The cursor is placed by the columns of the line as escaped, so a
    /// character drawn as `^[` counts as the two it takes.
    private func draw() {
        let shown = editor.display
        let characters = Array(shown.text)
        let afterCursor = TerminalText.escapingControlsOnOneLine(String(characters[shown.cursor...]))
        console.control(.carriageReturn)
        console.prompt(
            TerminalText.escapingControlsOnOneLine(prompt + String(characters[..<shown.cursor])) + afterCursor)
        console.control(.eraseToEndOfLine)
        if !afterCursor.isEmpty { console.control(.cursorLeft(afterCursor.count)) }
    }
}
