/// Where interactive mode gets its next line: the terminal's line editor,
/// stdin a line at a time, or a list (tests).
@MainActor
struct LineSource {
    /// The next line, read after `prompt` is shown, Tab completing (where
    /// the source edits lines) from the completer, Ctrl-L printing the
    /// screen again and Ctrl-C dropping the line — or answering with the
    /// line `onInterrupt` gives (`tap cancel` on a screen that waits for
    /// the person); nil at end of input.
    /// `lineFull` is what the line editor says, once a line, of the
    /// characters typed past `LineEditor.longestLine` (not taken).
    let next:
        @MainActor (
            _ prompt: String, _ completer: @escaping LineEditor.Completer, _ screen: @escaping @MainActor () -> String,
            _ onInterrupt: @escaping @MainActor () -> String?, _ lineFull: String
        ) async -> String?
    /// Whether the source shows the prompt itself (the line editor draws it
    /// with the line); otherwise the session prints it.
    var drawsPrompt = false
    /// Prints output above the line being typed (live redraws), then the
    /// line again after the prompt given (the screen's, now), where the
    /// source edits lines; nil prints it as any other output.
    var printAbove: ((_ text: String, _ prompt: String) -> Void)?
    /// Runs a command that Ctrl-C may interrupt (a real-time wait), calling
    /// the handler on Ctrl-C, where the source reads keys while a command
    /// runs; nil: only the command runs (a Ctrl-C is then the terminal's).
    var interruptible:
        (
            @MainActor (_ work: @MainActor () async -> Void, _ onInterrupt: @escaping @MainActor () -> Void) async ->
                Void
        )?
    /// Ends the source: the terminal back in the mode it was found in.
    var finish: () -> Void = {}

    /// The process's stdin: the line editor (`TerminalPrompt`, raw mode)
    /// when stdin and stdout are a terminal, else a line at a time. Raw mode
    /// begins at the first line asked for, never before: a command that
    /// reads no line leaves the terminal alone. Everything it shows goes out
    /// through `console`.
    static func standardInput(console: Console) -> LineSource {
        let terminal = LazyTerminalPrompt(console: console)
        return LineSource(
            next: { text, completer, screen, onInterrupt, lineFull in
                if let prompt = terminal.prompt {
                    return await prompt.readLine(
                        prompt: text, completer: completer, screen: screen, onInterrupt: onInterrupt,
                        lineFull: lineFull)
                }
                console.prompt(text)
                return await StandardInput.nextLine()
            },
            drawsPrompt: true,
            printAbove: { text, promptText in
                if let prompt = terminal.prompt {
                    prompt.printAbove(text, prompt: promptText)
                } else {
                    console.print(text)
                }
            },
            interruptible: { work, onInterrupt in
                if let prompt = terminal.prompt {
                    await prompt.whileRunning(work, onInterrupt: onInterrupt)
                } else {
                    await work()
                }
            },
            finish: { terminal.finish() })
    }

    static func lines(_ lines: [String]) -> LineSource {
        let queue = LineQueue(lines)
        return LineSource(next: { _, _, _, _, _ in queue.pop() })
    }
}

/// The terminal prompt, made when first needed; nil when stdin or stdout is
/// not a terminal or raw mode is refused.
@MainActor
private final class LazyTerminalPrompt {
    private let console: Console
    private var terminal: RawTerminal?
    /// SIGWINCH, for as long as the prompt is in use.
    private var resizes: TerminalResizes?
    private(set) lazy var prompt: TerminalPrompt? = {
        guard RawTerminal.isAvailable else { return nil }
        let terminal = RawTerminal()
        guard terminal.enter() else { return nil }
        self.terminal = terminal
        let prompt = TerminalPrompt(bytes: terminal.bytes, console: console)
        resizes = TerminalResizes { [weak prompt] in prompt?.resized() }
        return prompt
    }()

    init(console: Console) {
        self.console = console
    }

    func finish() {
        resizes?.stop()
        terminal?.restore()
    }
}

/// A list of lines handed out one at a time.
@MainActor
private final class LineQueue {
    private var lines: ArraySlice<String>

    init(_ lines: [String]) {
        self.lines = lines[...]
    }

    func pop() -> String? { lines.popFirst() }
}
