import Ports
import Testing

@testable import GatehouseApp

/// A language is one case of `AppLocale` (the domain's name for
/// `Ports.PreferredLanguage`), and the compiler holds every case to its texts
/// and formats: each language's table is a `switch` over `TextKey` with no
/// `default` (`Texts+ptBR.swift`, …), `Texts.text(_:)` picks the table with a
/// `switch` over the language with no `default`, and so do `DateText`,
/// `MoneyFormatter` and `AppLocale.ownName`. A fourth case added without its
/// texts therefore fails the build, which a test cannot show by adding one.
/// Tried by hand (a `frFR` case added to `PreferredLanguage`, then removed),
/// `swift build` stops at the domain's formats:
///
///     Sources/DomainCore/Formatting/AppLocale.swift:22:9: error: switch must be exhaustive
///     note: add missing case: '.frFR'
///
/// and, with the formats given but no texts, at the app:
///
///     Sources/GatehouseApp/Localization/Texts.swift:24:9: error: switch must be exhaustive
///     note: add missing case: '.frFR'
///     Sources/GatehouseApp/Localization/AppLocale+Listing.swift:24:9: error: switch must be exhaustive
///
/// and a key a table lacks fails the same way, naming the key
/// (`note: add missing case: '.titleWelcome'`). The tests below check what
/// the compiler does not: no text is empty, and every list of languages the
/// app prints comes from the type.
@Suite("Texts")
struct LocalizationTests {
    @Test("Every TextKey has a text in every locale", arguments: PreferredLanguage.allCases)
    func everyKeyInEveryLocale(locale: PreferredLanguage) {
        let texts = Texts(locale: locale)
        let empty = TextKey.allCases.filter { texts.text($0).isEmpty }
        #expect(empty.isEmpty, "\(locale.rawValue) has no text for \(empty.map(\.rawValue))")
    }

    @Test("Every locale the command line accepts has texts")
    func commandLineLocalesHaveTexts() {
        #expect(CommandLineParser.locales == PreferredLanguage.allCases.map(\.rawValue))
        #expect(CommandLineParser.locales == ["pt-BR", "en-US", "es-ES"])
        for locale in PreferredLanguage.allCases {
            #expect(Texts(locale: locale).locale == locale)
        }
    }

    @Test("Help, the usage error and the script's locale error list every language, from the type")
    func languageListsComeFromTheType() throws {
        #expect(HelpText.overview.contains("[--locale pt-BR|en-US|es-ES]"))
        #expect(HelpText.overview.contains("--locale LOCALE  pt-BR (default), en-US or es-ES;"))
        #expect(HelpText.overview.contains("when it names pt-BR, en-US or es-ES (en_US.UTF-8 counts),\nelse pt-BR."))
        #expect(HelpText.run.contains("'# locale: en-US' (or es-ES, pt-BR)"))
        #expect(throws: UsageError("unknown locale 'fr-FR': use pt-BR, en-US or es-ES")) {
            try CommandLineParser.parse(["--locale", "fr-FR"])
        }
        #expect(
            ParsedScript(parsing: "# locale: fr-FR\ntap sign-in").problems.map(\.message).contains {
                $0.contains("unknown locale 'fr-FR' in '# locale:': use pt-BR, en-US, es-ES")
            })
    }

    @Test("Each language names itself, the same in every language", arguments: PreferredLanguage.allCases)
    func ownNames(locale: PreferredLanguage) {
        let names: [PreferredLanguage: String] = [
            .ptBR: "Português (Brasil)", .enUS: "English (US)", .esES: "Español (España)",
        ]
        #expect(locale.ownName == names[locale])
    }
}
