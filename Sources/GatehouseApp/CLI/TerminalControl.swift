/// The app's own terminal control sequences: the only ones it ever writes.
/// They come from this closed list, never from a string, so no text — a
/// server's, a file's, a typed line — can reach the terminal as a sequence
/// (`Console.control(_:)` writes them; everything else it writes is escaped).
enum TerminalControl: Sendable, Equatable {
    /// To the start of the line, and erase it: where a status line or a
    /// redraw above the line being typed begins.
    case returnAndEraseLine
    /// To the start of the line, to draw the prompt and line again.
    case carriageReturn
    /// Erase from the cursor to the end of the line.
    case eraseToEndOfLine
    /// Move the cursor left by this many columns (at least 1).
    case cursorLeft(Int)
    /// Cursor home and erase the screen (Ctrl-L).
    case clearScreen
    /// The terminal's bell (a key that did nothing).
    case bell

    /// The bytes written, as text.
    var sequence: String {
        switch self {
        case .returnAndEraseLine: "\r\u{1B}[K"
        case .carriageReturn: "\r"
        case .eraseToEndOfLine: "\u{1B}[K"
        case .cursorLeft(let columns): "\u{1B}[\(max(1, columns))D"
        case .clearScreen: "\u{1B}[H\u{1B}[2J"
        case .bell: "\u{07}"
        }
    }
}
