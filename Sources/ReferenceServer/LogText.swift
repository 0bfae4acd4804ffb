/// Text from a request (its method, its path) made safe for the request
/// log, which `app serve` prints to a terminal: a control character is shown
/// in caret notation (`ESC` as `^[`, DEL as `^?`), a C1 control and a
/// Unicode bidirectional formatting character as `\u{9B}`, `\u{202E}`, so a
/// request cannot clear the terminal of the person watching the log, retitle
/// it or reorder the line it is logged on. A line break is shown too (`^J`):
/// one request is one line of the log.
///
/// The app's `TerminalText` writes the same, but the server may import no
/// module of the app (ArchitectureTests), so this is a copy of its rule;
/// `LogTextAgreementTests` (AcceptanceTests, which sees both) proves the two
/// show every scalar alike.
enum LogText {
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: shown += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
            case 0x7F: shown += "^?"
            case _ where isEscaped(scalar): shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// Whether `scalar` is one the log shows rather than writes.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
