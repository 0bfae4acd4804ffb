import DomainCore
import Foundation

/// The texts of one locale. `pt-BR` is the default; `en-US` and `es-ES` are
/// complete too. `%@` in a text is replaced, in order, by the arguments.
struct Texts: Sendable {
    static let supportedLocales = AppLocale.allCases.map(\.rawValue)

    let locale: String
    private let table: [TextKey: String]

    init(locale: String) {
        self.locale = Self.supportedLocales.contains(locale) ? locale : "pt-BR"
        switch self.locale {
        case "en-US": table = Self.enUS
        case "es-ES": table = Self.esES
        default: table = Self.ptBR
        }
    }

    /// The keys a locale's table lacks (empty for a complete one).
    static func missingKeys(locale: String) -> [TextKey] {
        let table: [TextKey: String] =
            switch locale {
            case "en-US": enUS
            case "es-ES": esES
            default: ptBR
            }
        return TextKey.allCases.filter { table[$0] == nil }
    }

    subscript(_ key: TextKey, _ arguments: String...) -> String {
        var text = table[key] ?? key.rawValue
        for argument in arguments {
            guard let range = text.range(of: "%@") else { break }
            text.replaceSubrange(range, with: argument)
        }
        return text
    }
}
