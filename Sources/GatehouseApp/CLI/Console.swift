import Foundation

/// Where the command line writes — the one way out to the terminal. Every
/// string it is given is escaped (`TerminalText.escapingControls`) before it
/// is written, whoever made it: a screen full of server data, an environment
/// file's name, a typed line quoted in a message, the server's request log.
/// The only control sequences written are the app's own, from the closed
/// list `TerminalControl`, written by `control(_:)` or by the status line's
/// writer around its text. Tests give a writer that records.
@MainActor
struct Console {
    /// One piece of output as the writer gets it: text already escaped, or
    /// one of the app's own sequences.
    enum Output: Sendable, Equatable {
        /// A line to stdout (the writer adds the line break).
        case line(String)
        /// A line to stderr.
        case error(String)
        /// Text to stdout with no line break, flushed: a prompt, the line being typed.
        case text(String)
        /// The status line (a countdown), rewritten in place; "" clears it.
        /// Only a terminal shows it; elsewhere the writer drops it.
        case status(String)
        case control(TerminalControl)

        /// What reaches the terminal for this piece, as the standard writer
        /// writes it (a status line as on a terminal).
        var written: String {
            switch self {
            case .line(let text), .error(let text): text + "\n"
            case .text(let text): text
            case .status(let text): TerminalControl.returnAndEraseLine.sequence + text
            case .control(let control): control.sequence
            }
        }
    }

    private let write: (Output) -> Void
    /// Writes one whole line from any thread (already escaped).
    private let writeLineFromAnyThread: @Sendable (String) -> Void
    /// Writes one whole line to stderr from any thread (already escaped).
    private let writeErrorFromAnyThread: @Sendable (String) -> Void

    /// - Parameters:
    ///   - write: takes each piece, escaped, in order.
    ///   - writeLineFromAnyThread: takes each line written from another
    ///     thread (the server's request log), escaped; none by default
    ///     (only `app serve` writes from another thread).
    ///   - writeErrorFromAnyThread: takes each line for stderr written from
    ///     another thread (a file of session events that cannot be written),
    ///     escaped; none by default.
    init(
        write: @escaping (Output) -> Void,
        writeLineFromAnyThread: @escaping @Sendable (String) -> Void = { _ in },
        writeErrorFromAnyThread: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.write = write
        self.writeLineFromAnyThread = writeLineFromAnyThread
        self.writeErrorFromAnyThread = writeErrorFromAnyThread
    }

    /// A line to stdout.
    func print(_ text: String) {
        write(.line(TerminalText.escapingControls(text)))
    }

    /// A line to stderr.
    func error(_ text: String) {
        write(.error(TerminalText.escapingControls(text)))
    }

    /// Text with no line break (a prompt), flushed at once.
    func prompt(_ text: String) {
        write(.text(TerminalText.escapingControls(text)))
    }

    /// A status line (a countdown), rewritten in place; "" clears it. Only
    /// a terminal shows it; elsewhere it is dropped.
    func status(_ text: String) {
        write(.status(TerminalText.escapingControls(text)))
    }

    /// One of the app's own control sequences (the line editor's drawing).
    func control(_ control: TerminalControl) {
        write(.control(control))
    }

    /// Writes whole lines from any thread, each escaped as `print` does and
    /// written in one piece, so lines from several threads never interleave.
    nonisolated var lineWriterForAnyThread: @Sendable (String) -> Void {
        { [writeLineFromAnyThread] text in writeLineFromAnyThread(TerminalText.escapingControls(text)) }
    }

    /// Writes whole lines to stderr from any thread, each escaped as `error` does.
    nonisolated var errorWriterForAnyThread: @Sendable (String) -> Void {
        { [writeErrorFromAnyThread] text in writeErrorFromAnyThread(TerminalText.escapingControls(text)) }
    }

    /// The process's stdout and stderr. stdout is flushed before stderr is
    /// written and after text with no line break, so the two keep their
    /// order on a terminal.
    static func standard() -> Console {
        Console(
            write: { output in
                switch output {
                case .line(let text):
                    Swift.print(text)
                case .error:
                    fflush(nil)
                    FileHandle.standardError.write(Data(output.written.utf8))
                case .text, .control:
                    Swift.print(output.written, terminator: "")
                    fflush(nil)
                case .status:
                    guard isatty(STDOUT_FILENO) != 0 else { return }
                    Swift.print(output.written, terminator: "")
                    fflush(nil)
                }
            },
            writeLineFromAnyThread: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
            writeErrorFromAnyThread: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
    }
}
