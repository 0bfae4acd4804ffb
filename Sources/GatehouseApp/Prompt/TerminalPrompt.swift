/// The interactive prompt on a real terminal: bytes from `RawTerminal`
/// through `TerminalKeyDecoder` into a `LineEditor`, whose line it draws
/// after every key — a secret's value as bullets. Output the session prints
/// while a line is being typed (a live redraw) goes above that line, which
/// is then drawn again, after the prompt of the screen now shown.
///
/// Keys are read as they come, also while no line is being typed: typed
/// ahead, they wait for the next line; Ctrl-C then interrupts what runs
/// (`whileRunning(_:onInterrupt:)`: a real-time `wait`). Ctrl-L, and a
/// resize (`resized()`), clear the terminal and print the screen again above
/// the line.
///
/// Everything goes out through `Console`: the prompt, the line and what it
/// prints escaped (a pasted control character or bidi override is drawn as
/// `^[` or `\u{202E}`, never sent), the cursor moves and erasing as the
/// app's own `TerminalControl`s.
@MainActor
final class TerminalPrompt {
    private let console: Console
    private var decoder = TerminalKeyDecoder()
    private var editor: LineEditor
    private var completer: LineEditor.Completer = { _ in [] }
    /// The screen as shown now, printed again by Ctrl-L.
    private var screen: (@MainActor () -> String)?
    private var prompt = ""
    /// Whether a line is being typed now (so output must go above it).
    private var isReading = false
    /// Keys decoded but not yet handled (several can come in one read, or
    /// be typed ahead while a command runs).
    private var pending: ArraySlice<TerminalKey> = []
    /// Whether the terminal's input has ended.
    private var inputEnded = false
    /// The line being read, waiting for a key.
    private var keyWaiter: CheckedContinuation<Void, Never>?
    /// What Ctrl-C does while a command runs and no line is read; nil: the
    /// key waits for the next line, which it clears.
    private var interrupt: (@MainActor () -> Void)?
    /// Whether the line being typed has met `LineEditor.longestLine`
    /// (said once a line).
    private var saidLineFull = false

    /// - Parameters:
    ///   - bytes: what the terminal sends, as it comes (`RawTerminal.bytes`);
    ///     read from now on, by this prompt alone.
    ///   - console: where the prompt draws.
    init(bytes: AsyncStream<[UInt8]>, console: Console) {
        self.console = console
        editor = LineEditor()
        editor = LineEditor { [unowned self] words in completer(words) }
        Task { [weak self] in
            for await chunk in bytes {
                guard let self else { return }
                self.received(chunk)
            }
            self?.ended()
        }
    }

    /// The lines submitted this session that the editor keeps (never one
    /// that may hold a secret).
    var history: [String] { editor.history }

    /// The next line typed after `prompt`, Tab completing from `completer`;
    /// nil at end of input (Ctrl-D on an empty line, or stdin closed).
    /// Ctrl-L prints `screen` again, when given. Ctrl-C drops the line; when
    /// `onInterrupt` then gives a line (the screen waits for the person and
    /// Ctrl-C ends that wait: `tap cancel`), that line is the answer.
    /// A character typed past `LineEditor.longestLine` is not taken, and
    /// `lineFull` is said once above the line.
    func readLine(
        prompt: String, completer: @escaping LineEditor.Completer, screen: (@MainActor () -> String)? = nil,
        onInterrupt: (@MainActor () -> String?)? = nil,
        lineFull: String = "✘ a line holds at most \(LineEditor.longestLine) characters"
    ) async -> String? {
        self.prompt = prompt
        self.completer = completer
        self.screen = screen
        isReading = true
        saidLineFull = false
        defer { isReading = false }
        draw()
        while true {
            if pending.isEmpty {
                if inputEnded {
                    console.print("")
                    return nil
                }
                await withCheckedContinuation { keyWaiter = $0 }
                continue
            }
            let key = pending.removeFirst()
            switch editor.handle(key) {
            // Keys that came together (a paste) are drawn once, before the
            // Enter that ends them or after the last: a line drawn after
            // every key costs its length squared.
            case .redraw: if pending.first.map({ $0 == .enter }) ?? true { draw() }
            case .submit(let line):
                // The line stays as last drawn (a secret as bullets); the editor is already empty.
                console.print("")
                return line
            case .cancelled:
                saidLineFull = false
                console.print("^C")
                if let line = onInterrupt?() { return line }
                draw()
            case .endOfInput:
                console.print("")
                return nil
            case .clearScreen:
                console.control(.clearScreen)
                if let screen { console.print(screen()) }
                draw()
            case .showCandidates(let candidates):
                console.print("")
                console.print(candidates.joined(separator: "  "))
                draw()
            case .bell:
                console.control(.bell)
            case .lineFull:
                guard !saidLineFull else { continue }
                saidLineFull = true
                console.control(.returnAndEraseLine)
                console.print(lineFull)
                draw()
            }
        }
    }

    /// Runs `work` (a command) with Ctrl-C calling `onInterrupt` instead of
    /// waiting for the next line; other keys typed meanwhile wait for it.
    func whileRunning<Result>(
        _ work: @MainActor () async -> Result, onInterrupt: @escaping @MainActor () -> Void
    ) async -> Result {
        interrupt = onInterrupt
        defer { interrupt = nil }
        // A Ctrl-C typed ahead, before the command began, interrupts it too.
        if let index = pending.firstIndex(of: .cancel) {
            pending.remove(at: index)
            onInterrupt()
        }
        return await work()
    }

    /// The terminal was resized (SIGWINCH): while a line is being typed, the
    /// screen is printed again at the new width above it, as Ctrl-L does;
    /// while a command runs, its next drawing meets the new width.
    func resized() {
        guard isReading else { return }
        console.control(.clearScreen)
        if let screen { console.print(screen()) }
        draw()
    }

    /// Prints `text` (a line or more) above the line being typed, then draws
    /// that line again after `prompt` (the prompt of the screen now shown);
    /// while no line is being typed, just prints it (over a status line, a
    /// countdown, if one is shown).
    func printAbove(_ text: String, prompt: String? = nil) {
        console.control(.returnAndEraseLine)
        console.print(text)
        if let prompt { self.prompt = prompt }
        if isReading { draw() }
    }

    /// Keys from the terminal: Ctrl-C to what runs, if it listens; the rest
    /// to the line, now or when it is read.
    private func received(_ chunk: [UInt8]) {
        for key in decoder.decode(chunk) {
            if key == .cancel, !isReading, let interrupt {
                interrupt()
            } else {
                pending.append(key)
            }
        }
        wakeReader()
    }

    private func ended() {
        inputEnded = true
        wakeReader()
    }

    private func wakeReader() {
        keyWaiter?.resume()
        keyWaiter = nil
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
