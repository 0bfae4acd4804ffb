import AdapterInMemory
import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// A language chosen in the preferences applies at once (issue 27, item 9):
/// the profile that chose it, every screen after it, and — read before
/// anything is drawn — the interactive header and start-up screen of the
/// next launch.
@MainActor
@Suite("A chosen language applies at once")
struct LanguageAtOnceTests {
    private func world() throws -> (AppWorld, InMemoryPreferencesStore) {
        let world = try AppWorld(testing: .inMemory)
        let store = try #require(world.preferences as? InMemoryPreferencesStore)
        return (world, store)
    }

    @Test(
        "A language chosen on the profile is spoken on that screen and the next, before any relaunch",
        arguments: PreferredLanguage.allCases)
    func chosenLanguageSpokenAtOnce(chosen: PreferredLanguage) async throws {
        let (world, _) = try world()
        let start: PreferredLanguage = chosen == .ptBR ? .enUS : .ptBR
        let app = HeadlessApp(world: world, texts: Texts(locale: start))
        await app.launch()
        for line in ["sign-in"] { try await app.tap(line) }
        try await app.type("identifier", "123.456.789-09")
        try await app.tap("next")
        try await app.type("password", "123456")
        try await app.tap("next")
        try await app.tap("profile")

        try await app.tap("language-\(chosen.rawValue)")
        let texts = Texts(locale: chosen)
        #expect(app.texts.locale == chosen)
        #expect(app.snapshot().title == texts[.titleProfile])
        #expect(app.renderedScreen().contains(texts[.preferencesLanguageSaved]))
        try await app.tap("back")
        #expect(app.snapshot().lines.first == texts[.greeting, "Maria Silva"])
        await app.shutDown()
    }

    @Test("A run that pins its language (--locale, # locale:) keeps it when another is chosen, and says so")
    func pinnedRunKeepsItsLanguage() async throws {
        let (world, store) = try world()
        let app = HeadlessApp(world: world, texts: Texts(locale: .enUS), pinsLanguage: true)
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")
        try await app.tap("next")
        try await app.type("password", "123456")
        try await app.tap("next")
        try await app.tap("profile")
        try await app.tap("language-es-ES")
        #expect(store.storedPreferences?.language == .esES)
        #expect(app.texts.locale == .enUS)
        let said = app.screenText()
        #expect(said.contains(Texts(locale: .enUS)[.preferencesLanguageSavedPinned]), "it says the choice waits")
        #expect(!said.contains(Texts(locale: .enUS)[.preferencesLanguageSaved]))
        await app.shutDown()
    }

    @Test(
        "With a language saved, the interactive header and start-up screen already speak it",
        arguments: PreferredLanguage.allCases)
    func headerAndStartUpSpeakTheSavedLanguage(saved: PreferredLanguage) async throws {
        let (world, store) = try world()
        try await store.save(Preferences(language: saved))
        let other: PreferredLanguage = saved == .ptBR ? .enUS : .ptBR
        let transcript = Transcript()
        let app = HeadlessApp(world: world, texts: Texts(locale: other))
        let code = await InteractiveSession(app: app, console: transcript.console, lines: .lines(["quit"])).run()

        #expect(code == 0)
        #expect(transcript.output.first?.hasPrefix("Gatehouse · in-memory · \(saved.rawValue)") == true)
        let startUp = try #require(transcript.output.first { $0.contains("· startup") })
        #expect(startUp.contains(Texts(locale: saved)[.loading]))
        #expect(!startUp.contains(Texts(locale: other)[.loading]))
    }
}
