/// Every text of the interactive `help`, by key: the frame around the
/// screen's actions and fields, and one meaning for each word of the script
/// language. The words themselves stay English (they are what is typed); what
/// they mean is said in the person's language.
///
/// Like ``TextKey``, each language's table (`HelpTexts+enUS.swift`, …) is a
/// `switch` with no `default`, so a meaning a language lacks is a build error.
enum HelpKey: String, CaseIterable, Sendable {
    // The frame
    case screen, actions, fields, none, disabled, commands, hereOnly
    case helpMeaning, screenMeaning, interruptMeaning, quitUsage, quitMeaning
    // The script language's words, in `ScriptWords.lines` order
    case tap, select, type, open, refresh, lifecycle, wait, waitUntil, relaunch
    case serverHealth, serverUser, serverRevoke, serverFault, serverClearFaults, serverSlowsDown
    case personSignsIn, personDenies, personAnswersAnotherAttempt, personConfirms
    case store, network
    case expectScreen, expectEnabled, expectLoading, expectText, expectState, expectHealth, expectStoredSession,
        expectLocalData, expectMetric, expectEvent
}

extension Texts {
    /// The help text of `key` in this language, before its arguments go in
    /// (`%@`, as in ``text(_:)``).
    func help(_ key: HelpKey, _ arguments: String...) -> String {
        var text =
            switch locale {
            case .ptBR: Self.helpPTBR(key)
            case .enUS: Self.helpENUS(key)
            case .esES: Self.helpESES(key)
            }
        for argument in arguments {
            guard let range = text.range(of: "%@") else { break }
            text.replaceSubrange(range, with: argument)
        }
        return text
    }
}
