/// Text from a person, made safe to print: a control character is shown in
/// caret notation (`ESC` as `^[`, Ctrl-L as `^L`, DEL as `^?`) and a C1
/// control as `\u{…}`, so a message quoting what was typed never moves the
/// cursor, clears the screen or rings the bell.
enum TerminalText {
    static func escapingControls(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: shown.unicodeScalars.append(scalar)  // a message's own line breaks stay
            case 0x00..<0x20: shown += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
            case 0x7F: shown += "^?"
            case 0x80..<0xA0: shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
