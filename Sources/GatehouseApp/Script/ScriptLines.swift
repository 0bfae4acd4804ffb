/// A script's text as its lines. A line ends at a line feed, with or without
/// a carriage return before it, so a script saved with Windows line ends
/// (CRLF) is the same script, line for line, as one saved with LF; a
/// carriage return that ends the last line is dropped too. (In Swift `"\r\n"`
/// is one `Character`, so splitting at `"\n"` alone would take a CRLF
/// script for one long line.) A carriage return anywhere else stays, and is
/// shown escaped (`^M`) in the message about its line.
enum ScriptLines {
    static func of(_ script: String) -> [Substring] {
        script.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
    }
}
