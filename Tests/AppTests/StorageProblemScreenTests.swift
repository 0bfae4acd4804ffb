import AdapterInMemory
import Composition
import Foundation
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// A store that cannot keep the session is shown to the person, on the
/// screen and so in every transcript, in each language.
@MainActor
@Suite("Storage problems on screen")
struct StorageProblemScreenTests {
    @Test("Signing in on a store that refuses writes says so on the dashboard", arguments: PreferredLanguage.allCases)
    func aSessionNotSavedIsShown(locale: PreferredLanguage) async throws {
        let world = try AppWorld(testing: .inMemory)
        let store = try #require(world.storeAdapter as? InMemorySessionDataStore)
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: world, texts: texts)
        await app.launch()
        #expect(!app.renderedScreen().contains(texts[.storageNotSaved]))
        store.simulateWriteFailure()

        try await app.signInAsMaria()

        #expect(app.snapshot().name == "dashboard")
        #expect(app.snapshot().lines.first == texts[.storageNotSaved])
        #expect(await app.hasStoredSession() == false)

        try await app.tap("logout")
        #expect(app.snapshot().name == "welcome")
        #expect(app.snapshot().lines.first == texts[.storageNotDeleted])
        await app.shutDown()
    }

    @Test("A logout the store cannot delete is said, and the kept session does not open at the next launch")
    func aLogoutThatCannotDeleteDoesNotStick() async throws {
        let world = try AppWorld(testing: .inMemory)
        let store = try #require(world.storeAdapter as? InMemorySessionDataStore)
        let texts = Texts(locale: .enUS)
        let app = HeadlessApp(world: world, texts: texts)
        await app.launch()
        try await app.signInAsMaria()
        #expect(app.snapshot().name == "dashboard")
        store.simulateWriteFailure()

        try await app.tap("logout")
        #expect(app.snapshot().name == "welcome")
        #expect(app.snapshot().lines.first == texts[.storageNotDeleted])
        #expect(await app.hasStoredSession() == true, "the store really kept it")

        // The backend ended the token at logout: the next launch finds the
        // kept session refused, tries the delete again, and stays signed out.
        await app.relaunch()
        #expect(app.snapshot().name == "welcome")
        #expect(app.stateName == "unauthenticated")
        #expect(app.snapshot().lines.first == texts[.storageNotDeleted])
        #expect(store.deleteCount >= 2, "the delete was tried again at the next launch")
        await app.shutDown()
    }

    @Test(
        "A saved session that cannot be read is set aside, and the welcome screen says why",
        arguments: PreferredLanguage.allCases)
    func anUnreadableSessionIsSaidAtLaunch(locale: PreferredLanguage) async throws {
        let world = try AppWorld(testing: .inMemory)
        let store = try #require(world.storeAdapter as? InMemorySessionDataStore)
        store.plantRawData(Data("not a session".utf8))
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: world, texts: texts)

        await app.launch()

        #expect(app.snapshot().name == "welcome")
        #expect(app.snapshot().lines.contains(texts[.reasonStoredSessionUnreadable]))
        #expect(store.setAsideData.count == 1, "set aside, not deleted")
        #expect(await app.hasStoredSession() == false)
        await app.relaunch()
        #expect(
            !app.snapshot().lines.contains(texts[.reasonStoredSessionUnreadable]),
            "said once, at the launch that found it")
        await app.shutDown()
    }
}

extension HeadlessApp {
    /// Signs the demo account in through the screens, as a person would.
    fileprivate func signInAsMaria() async throws {
        try await tap("sign-in")
        try await type("identifier", "123.456.789-09")
        try await tap("next")
        try await type("password", "123456")
        try await tap("next")
    }
}
