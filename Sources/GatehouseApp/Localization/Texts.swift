import DomainCore
import Foundation

/// The texts of one language. `%@` in a text is replaced, in order, by the
/// arguments.
///
/// Each language's table is a function with one `switch` over ``TextKey``
/// and no `default` (`Texts+ptBR.swift`, `Texts+enUS.swift`,
/// `Texts+esES.swift`), and ``text(_:)`` picks the table with one `switch`
/// over ``AppLocale``, also with no `default`. So the compiler holds every
/// language to every text: a key a table lacks, or a language added to
/// `AppLocale` without its table, is a build error ("switch must be
/// exhaustive", naming the missing case). `LocalizationTests` says how.
struct Texts: Sendable {
    /// The language these texts are in.
    let locale: AppLocale

    init(locale: AppLocale) {
        self.locale = locale
    }

    /// The language of script transcripts' diagnostics (the script language is English).
    static let english = Texts(locale: .enUS)

    /// The text of `key` in this language, before its arguments go in.
    func text(_ key: TextKey) -> String {
        switch locale {
        case .ptBR: Self.ptBR(key)
        case .enUS: Self.enUS(key)
        case .esES: Self.esES(key)
        }
    }

    subscript(_ key: TextKey, _ arguments: String...) -> String {
        var text = text(key)
        for argument in arguments {
            guard let range = text.range(of: "%@") else { break }
            text.replaceSubrange(range, with: argument)
        }
        return text
    }
}
