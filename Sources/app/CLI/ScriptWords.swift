/// The script language's words, one line each, for `help run` and the
/// interactive `help` (docs/spec/script-language.md, "The words", shortened).
/// Parsing is
/// `ScriptParser`'s.
enum ScriptWords {
    static let lines: [(usage: String, meaning: String)] = [
        ("tap ACTION", "press an action of the screen shown (next, back, logout, …)"),
        ("tap select-N / deselect-N", "related people: choose the Nth to share with, or not; tap save keeps it"),
        ("type FIELD TEXT", "set a field (identifier, password, …) to the rest of the line"),
        ("open N", "open the Nth entry of the statement on screen"),
        ("refresh", "pull to refresh"),
        ("background / foreground", "app lifecycle"),
        ("wait DURATION", "let time pass: 500ms, 61s, 5m, up to 168h (virtual time on in-memory)"),
        ("wait DURATION until screen NAME", "the same, until that screen is shown (or: until text TEXT)"),
        ("relaunch", "end the app and start it again on the same store and backend"),
        ("server health up|down", "the backend's health switch"),
        ("server user CPF active|inactive|deleted", "an account's state on the backend"),
        ("server revoke", "every token stops working"),
        ("server fault \"METHOD /path\" MODE [xN]", "MODE: status N, delay DURATION, drop, malformed, hang"),
        ("server clear-faults", "remove every fault"),
        ("server slows-down", "the device flow's next poll answers slow_down (in-memory)"),
        ("person signs-in ID PASSWORD", "sign in outside the app: on the backend's page (in-memory)"),
        ("person denies", "refuse in the browser or on the device (access_denied)"),
        ("person answers-another-attempt", "the browser comes back with another attempt's state"),
        ("store full|unavailable|ok", "the device's session store: saves fail / nothing works / all works"),
        ("network off|on", "the device's network switch (in-memory connectivity)"),
        ("expect screen NAME", "the screen shown (welcome, sign-in, dashboard, …)"),
        ("expect enabled|disabled ACTION", "an action's state"),
        ("expect loading|not-loading", "the placeholder is (not) shown"),
        ("expect text|no-text TEXT", "the rendered screen does (not) contain TEXT"),
        ("expect state STATE", "loading, unauthenticated, authenticated, pin-locked, session-expired"),
        ("expect health STATUS", "unknown, healthy, server-down, offline"),
        ("expect stored-session yes|no", "a session with a token is (not) stored"),
        ("expect local-data yes|no", "the user's cached data is (not) kept"),
        ("expect metric NAME OP N", "a backend counter (refreshes, logins, …); OP: ==, <=, >="),
        ("expect event KIND [FIELD VALUE]...", "a session event was reported (session-ended reason revoked, …)"),
    ]

    /// The list as aligned lines, at most `columns` wide where the words allow.
    static func listing(columns: Int = .max) -> [String] {
        lines.flatMap { row($0.usage, $0.meaning, columns: columns) }
    }

    /// One usage and its meaning in two columns, the meaning wrapped at
    /// word boundaries within its column; a usage too long for the first
    /// column puts its meaning on the next line. On a terminal too narrow
    /// for two columns (under `column` + 24), the meaning goes under the
    /// usage, indented, wrapped to the width.
    static func row(
        _ usage: String, _ meaning: String, indent: String = "  ", column: Int = 32, columns: Int = .max
    ) -> [String] {
        let twoColumns = columns >= indent.count + column + 24
        let meaningIndent = twoColumns ? indent + String(repeating: " ", count: column) : indent + "    "
        let first: String
        var lines: [String] = []
        if twoColumns, usage.count + 2 <= column {
            first = indent + usage.padding(toLength: column, withPad: " ", startingAt: 0)
        } else {
            lines.append(indent + usage)
            first = meaningIndent
        }
        return lines + WordWrap.lines(meaning, first: first, continuation: meaningIndent, columns: columns)
    }
}
