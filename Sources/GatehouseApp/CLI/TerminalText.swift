/// Text that did not come from our own code — a server's answer, an
/// environment file, a script, a typed line quoted back — made safe to write
/// to a terminal. Nothing in it may act on the terminal: a C0 control
/// character is shown in caret notation (`ESC` as `^[`, BEL as `^G`, a tab
/// as `^I`, Ctrl-L as `^L`), DEL as `^?`, a C1 control (U+0080 to U+009F,
/// which a terminal may take for `CSI` or `OSC`) as `\u{9B}`, and a Unicode
/// bidirectional override, embedding, isolate or mark (U+202A to U+202E,
/// U+2066 to U+2069, U+200E, U+200F, U+061C) as `\u{202E}`, so text can
/// neither move the cursor, clear the screen, retitle the window, set the
/// clipboard, draw a link, ring the bell, nor reorder what is shown around
/// it. A line break stays a line break: a screen is many lines.
///
/// `Console` applies it to everything it writes, so no call site has to
/// remember to. What it shows is made of printable characters and line
/// breaks only, so escaping again changes nothing: text the script runner
/// escaped for its transcript is written unchanged.
enum TerminalText {
    static func escapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: shown.unicodeScalars.append(scalar)
            case 0x00..<0x20: shown += "^" + String(Character(Unicode.Scalar(UInt8(scalar.value) + 0x40)))
            case 0x7F: shown += "^?"
            case _ where isEscaped(scalar): shown += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// The same, and a line break shown as `^J` too: for text that must
    /// stay on one line (the line being typed, drawn over in place).
    static func escapingControlsOnOneLine(_ text: String) -> String {
        escapingControls(showingLineBreaks(text))
    }

    /// `text` with each line break shown as `^J` and nothing else changed:
    /// a piece of a screen (a server's name, a description) stays on its
    /// line, so it cannot draw a line of the screen of its own. The rest is
    /// left to the console's escaping.
    static func showingLineBreaks(_ text: String) -> String {
        guard text.unicodeScalars.contains("\n") else { return text }
        var shown = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" { shown += "^J" } else { shown.unicodeScalars.append(scalar) }
        }
        return shown
    }

    /// Whether `scalar` is one the escaping shows rather than writes.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F, 0x80..<0xA0: true
        default: isBidiControl(scalar.value)
        }
    }

    /// Whether the scalar reorders text on screen (Unicode's bidirectional
    /// formatting characters, UAX #9): shown, never written. A switch, not a
    /// `Set`: the set's first use made the runtime look up `UInt32`'s
    /// `Hashable` conformance, 0.4 M instructions of every launch.
    static func isBidiControl(_ value: UInt32) -> Bool {
        switch value {
        case 0x061C,  // ARABIC LETTER MARK
            0x200E, 0x200F,  // LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK
            0x202A...0x202E,  // embeddings, pop, overrides
            0x2066...0x2069:  // isolates and their pop
            true
        default: false
        }
    }
}
