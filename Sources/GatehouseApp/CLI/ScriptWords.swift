/// The script language's words, one line each, for `help run` and the
/// interactive `help` (docs/spec/script-language.md, "The words", shortened).
/// Parsing is `ScriptParser`'s; what each word means is a ``HelpKey``, said
/// in the person's language.
enum ScriptWords {
    static let lines: [(usage: String, meaning: HelpKey)] = [
        ("tap ACTION", .tap),
        ("tap select-N / deselect-N", .select),
        ("type FIELD TEXT", .type),
        ("open N", .open),
        ("refresh", .refresh),
        ("background / foreground", .lifecycle),
        ("wait DURATION", .wait),
        ("wait DURATION until screen NAME", .waitUntil),
        ("relaunch", .relaunch),
        ("server health up|down", .serverHealth),
        ("server user CPF active|inactive|deleted", .serverUser),
        ("server revoke", .serverRevoke),
        ("server fault \"METHOD /path\" MODE [xN]", .serverFault),
        ("server clear-faults", .serverClearFaults),
        ("server slows-down", .serverSlowsDown),
        ("person signs-in ID PASSWORD", .personSignsIn),
        ("person denies", .personDenies),
        ("person answers-another-attempt", .personAnswersAnotherAttempt),
        ("person confirms CPF|EMAIL", .personConfirms),
        ("store full|unavailable|ok", .store),
        ("network off|on", .network),
        ("expect screen NAME", .expectScreen),
        ("expect enabled|disabled ACTION", .expectEnabled),
        ("expect loading|not-loading", .expectLoading),
        ("expect text|no-text TEXT", .expectText),
        ("expect state STATE", .expectState),
        ("expect health STATUS", .expectHealth),
        ("expect stored-session yes|no", .expectStoredSession),
        ("expect local-data yes|no", .expectLocalData),
        ("expect metric NAME OP N", .expectMetric),
        ("expect event KIND [FIELD VALUE]...", .expectEvent),
    ]

    /// The list as aligned lines, the meanings in `texts`' language (English
    /// unless told), at most `columns` wide where the words allow.
    static func listing(in texts: Texts = .english, columns: Int = .max) -> [String] {
        lines.flatMap { row($0.usage, texts.help($0.meaning), columns: columns) }
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
