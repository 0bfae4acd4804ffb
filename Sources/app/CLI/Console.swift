import Foundation

/// Where the command line writes: lines to stdout, lines to stderr, and a
/// prompt (no newline). Tests pass closures that record.
@MainActor
struct Console {
    let print: (String) -> Void
    let error: (String) -> Void
    let prompt: (String) -> Void

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
            })
    }
}
