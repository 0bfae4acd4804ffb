import Testing

@testable import app

@Suite("Texts")
struct LocalizationTests {
    @Test("Every TextKey has a text in every locale", arguments: Texts.supportedLocales)
    func everyKeyInEveryLocale(locale: String) {
        #expect(Texts.missingKeys(locale: locale).isEmpty)
    }

    @Test("Every locale the command line accepts has texts")
    func commandLineLocalesHaveTexts() {
        #expect(CommandLineParser.locales == ["pt-BR", "en-US", "es-ES"])
        for locale in CommandLineParser.locales {
            #expect(Texts(locale: locale).locale == locale)
        }
    }
}
