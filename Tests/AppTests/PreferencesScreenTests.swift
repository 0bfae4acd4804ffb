import AdapterInMemory
import Composition
import Foundation
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The preferences as the person meets them: the language they chose spoken
/// at every launch unless the run pins one, and preferences that cannot
/// be read or saved said on screen.
@MainActor
@Suite("Preferences on screen")
struct PreferencesScreenTests {
    private func world() throws -> (AppWorld, InMemoryPreferencesStore) {
        let world = try AppWorld(testing: .inMemory)
        let store = try #require(world.preferences as? InMemoryPreferencesStore)
        return (world, store)
    }

    @Test(
        "Stored preferences that cannot be used are said once: on the first screen, until the person acts",
        arguments: PreferredLanguage.allCases)
    func unusablePreferencesSaidOnce(locale: PreferredLanguage) async throws {
        let (world, store) = try world()
        store.plantUnusableContent("it was written in a newer format")
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: world, texts: texts)

        await app.launch()
        #expect(app.snapshot().lines.first == texts[.preferencesUnreadable])
        #expect(app.texts.locale == locale, "the defaults follow the run's language")
        try await app.tap("sign-in")
        #expect(!app.renderedScreen().contains(texts[.preferencesUnreadable]))
        await app.relaunch()
        #expect(!app.renderedScreen().contains(texts[.preferencesUnreadable]), "set aside: not said again")
        await app.shutDown()
    }

    @Test("Storage that cannot be read is said at every launch, the defaults in use")
    func unreadablePreferencesSaidEachLaunch() async throws {
        let (world, store) = try world()
        try await store.save(Preferences(language: .esES))
        store.simulateUnreadable()
        let texts = Texts(locale: .enUS)
        let app = HeadlessApp(world: world, texts: texts)

        await app.launch()
        #expect(app.snapshot().lines.first == texts[.preferencesUnreadable])
        #expect(app.texts.locale == .enUS)
        await app.relaunch()
        #expect(app.snapshot().lines.first == texts[.preferencesUnreadable])
        await app.shutDown()
    }

    @Test("A language choice the store cannot save is said on every screen until a save goes through")
    func failedSaveShownUntilASaveWorks() async throws {
        let (world, store) = try world()
        let texts = Texts(locale: .ptBR)
        let app = HeadlessApp(world: world, texts: texts)
        await app.launch()
        try await app.signInAsMaria()
        try await app.tap("profile")
        store.simulateWriteFailure()

        try await app.tap("language-en-US")
        #expect(app.snapshot().lines.first == texts[.preferencesNotSaved])
        #expect(!app.renderedScreen().contains(texts[.preferencesLanguageSaved]))
        try await app.tap("back")
        #expect(app.snapshot().lines.first == texts[.preferencesNotSaved])

        store.simulateWriteFailure(false)
        try await app.tap("profile")
        try await app.tap("language-en-US")
        #expect(!app.renderedScreen().contains(texts[.preferencesNotSaved]))
        #expect(store.storedPreferences?.language == .enUS)
        await app.shutDown()
    }

    @Test(
        "A saved language is spoken at every launch; a run that pins one (--locale, # locale:) keeps its own",
        arguments: [false, true])
    func chosenLanguageAgainstAPinnedOne(pinned: Bool) async throws {
        let (world, store) = try world()
        try await store.save(Preferences(language: .esES))
        let app = HeadlessApp(world: world, texts: Texts(locale: .enUS), pinsLanguage: pinned)

        await app.launch()
        #expect(app.texts.locale == (pinned ? .enUS : .esES))
        await app.relaunch()
        #expect(app.texts.locale == (pinned ? .enUS : .esES))
        #expect(store.storedPreferences?.language == .esES, "pinning a run changes nothing stored")
        await app.shutDown()
    }

    @Test(
        "The remembered CPF is kept only after the person turns remembering on — in the keychain, never in the preferences — and shown masked"
    )
    func rememberedIdentifierMasked() async throws {
        let (world, store) = try world()
        let app = HeadlessApp(world: world, texts: Texts(locale: .enUS))
        await app.launch()
        try await app.signInAsMaria()
        #expect(store.storedPreferences == nil, "nothing is written before the person chooses")

        try await app.tap("profile")
        try await app.tap("remember-identifier")
        #expect(store.storedPreferences?.remembersLastIdentifier == true)
        #expect(store.storedPreferences?.lastIdentifier == nil, "a CPF is personal data: not a preference")
        #expect(await world.rememberedIdentifier.read() == "123.456.789-09")
        try await app.tap("back")
        try await app.tap("logout")
        try await app.tap("sign-in")

        let field = try #require(app.snapshot().field(named: "identifier"))
        #expect(field.shown == "***.456.789-**")
        #expect(!app.renderedScreen().contains("123.456.789-09"))
        await app.shutDown()
    }
}

extension HeadlessApp {
    fileprivate func signInAsMaria() async throws {
        try await tap("sign-in")
        try await type("identifier", "123.456.789-09")
        try await tap("next")
        try await type("password", "123456")
        try await tap("next")
    }
}
