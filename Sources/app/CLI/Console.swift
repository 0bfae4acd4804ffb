import Foundation

/// Where the command line writes: lines to stdout, lines to stderr, and a
/// prompt (no newline). Tests pass closures that record.
@MainActor
struct Console {
    let print: (String) -> Void
    let error: (String) -> Void
    let prompt: (String) -> Void
    /// A status line (a countdown), rewritten in place; "" clears it. Only
    /// a terminal shows it; elsewhere it is dropped.
    var status: (String) -> Void = { _ in }

    /// The process's stdout and stderr. stdout is flushed before stderr is
    /// written and after a prompt, so the two keep their order on a terminal.
    static func standard() -> Console {
        Console(
            print: { Swift.print($0) },
            error: { message in
                fflush(nil)
                FileHandle.standardError.write(Data((message + "\n").utf8))
            },
            prompt: { text in
                Swift.print(text, terminator: "")
                fflush(nil)
            },
            status: { text in
                guard isatty(STDOUT_FILENO) != 0 else { return }
                Swift.print("\r\u{1B}[K" + text, terminator: "")
                fflush(nil)
            })
    }
}
