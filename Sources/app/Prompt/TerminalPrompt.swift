/// The interactive prompt on a real terminal: bytes from `RawTerminal`
/// through `TerminalKeyDecoder` into a `LineEditor`, whose line it draws
/// after every key — a secret field's value as bullets. Output the session
/// prints while a line is being typed (a live redraw) goes above that line,
/// which is then drawn again as it was.
@MainActor
final class TerminalPrompt {
    private let terminal: RawTerminal
    private var iterator: AsyncStream<[UInt8]>.Iterator
    private var decoder = TerminalKeyDecoder()
    private var editor: LineEditor
    private var completer: LineEditor.Completer = { _ in [] }
    private var prompt = ""
    /// Whether a line is being typed now (so output must go above it).
    private var isReading = false
    /// Keys decoded but not yet handled (several can come in one read).
    private var pending: [TerminalKey] = []

    init(terminal: RawTerminal) {
        self.terminal = terminal
        iterator = terminal.bytes.makeAsyncIterator()
        editor = LineEditor()
        editor = LineEditor { [unowned self] words in completer(words) }
    }

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
                    terminal.write("\n")
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
                terminal.write("\n")
                return line
            case .cancelled:
                terminal.write("^C\n")
                draw()
            case .endOfInput:
                terminal.write("\n")
                return nil
            case .clearScreen:
                terminal.write("\u{1B}[H\u{1B}[2J")
                draw()
            case .showCandidates(let candidates):
                terminal.write("\n" + candidates.joined(separator: "  ") + "\n")
                draw()
            case .bell:
                terminal.write("\u{07}")
            }
        }
    }

    /// Prints `text` (a line or more) above the line being typed, then draws
    /// that line again; while no line is being typed, just prints it.
    func printAbove(_ text: String) {
        guard isReading else {
            // Over a status line (a countdown) if one is shown.
            terminal.write("\r\u{1B}[K" + text + "\n")
            return
        }
        terminal.write("\r\u{1B}[K" + text + "\n")
        draw()
    }

    /// The prompt and the line as shown, the cursor where the editor has it.
    private func draw() {
        let shown = editor.display
        let back = shown.text.count - shown.cursor
        terminal.write("\r" + prompt + shown.text + "\u{1B}[K" + (back > 0 ? "\u{1B}[\(back)D" : ""))
    }
}
