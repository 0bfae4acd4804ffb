/// What an `expect` looked for and what there was instead: said in the
/// screen's language at the interactive prompt, in English in a script's
/// transcript; the script's words in it (screen, action, state and health
/// names, the text looked for) stay as typed.
enum ExpectationMiss: Sendable, Equatable {
    case screen(expected: String, shown: String)
    case noSuchAction(String)
    case enabled(String)
    case disabled(String)
    case placeholderMissing, placeholderShown
    case textMissing(String)
    case textShown(String)
    case state(expected: String, actual: String)
    case health(expected: String, actual: String)
    case storeUnreadable
    case storedSessionMissing, storedSessionPresent
    case localDataMissing, localDataPresent
    case metric(String, comparison: String, value: Int, actual: Int)
    case eventMissing(String)

    /// The sentence, from "expected", in `texts`' language.
    func said(in texts: Texts) -> String {
        switch self {
        case .screen(let expected, let shown): texts[.expectMissScreen, expected, shown]
        case .noSuchAction(let name): texts[.expectMissNoAction, name]
        case .enabled(let name): texts[.expectMissEnabled, name]
        case .disabled(let name): texts[.expectMissDisabled, name]
        case .placeholderMissing: texts[.expectMissPlaceholderMissing]
        case .placeholderShown: texts[.expectMissPlaceholderShown]
        case .textMissing(let text): texts[.expectMissTextMissing, text]
        case .textShown(let text): texts[.expectMissTextShown, text]
        case .state(let expected, let actual): texts[.expectMissState, expected, actual]
        case .health(let expected, let actual): texts[.expectMissHealth, expected, actual]
        case .storeUnreadable: texts[.expectMissStoreUnreadable]
        case .eventMissing(let event): texts[.expectMissEvent, event]
        case .storedSessionMissing: texts[.expectMissStoredSessionMissing]
        case .storedSessionPresent: texts[.expectMissStoredSessionPresent]
        case .localDataMissing: texts[.expectMissLocalDataMissing]
        case .localDataPresent: texts[.expectMissLocalDataPresent]
        case .metric(let name, let comparison, let value, let actual):
            texts[.expectMissMetric, name, comparison, String(value), String(actual)]
        }
    }
}
