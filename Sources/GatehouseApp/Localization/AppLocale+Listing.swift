import DomainCore

/// The languages as the command line, help, errors and the profile screen
/// list them: derived from `AppLocale.allCases`, never written out, so a
/// language added to the type is offered and listed everywhere at once.
extension AppLocale {
    /// Every tag, in the type's order: `pt-BR`, `en-US`, `es-ES`.
    static var tags: [String] { allCases.map(\.rawValue) }

    /// The tags as a usage line's choices: `pt-BR|en-US|es-ES`.
    static var usageChoices: String { tags.joined(separator: "|") }

    /// The tags in a sentence: `pt-BR, en-US or es-ES`.
    static var tagsInASentence: String { sentence(tags) }

    /// The tags in a sentence, the default marked: `pt-BR (default), en-US or es-ES`.
    static var tagsInASentenceMarkingTheDefault: String {
        sentence(allCases.map { $0 == .default ? "\($0.rawValue) (default)" : $0.rawValue })
    }

    /// The language as its own speakers name it, the same in every language,
    /// so a person who cannot read the current one still finds theirs.
    var ownName: String {
        switch self {
        case .ptBR: "Português (Brasil)"
        case .enUS: "English (US)"
        case .esES: "Español (España)"
        }
    }

    private static func sentence(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }
}
