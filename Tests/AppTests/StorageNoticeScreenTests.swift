import Composition
import Foundation
import Ports
import Testing

@testable import GatehouseApp

import OperatingSystem
import CompositionTesting

/// What the file keychain repaired or refused on its own, as the person meets
/// it: said on screen with its reason, from the launch that found it until
/// the person acts, and never again.
@MainActor
@Suite("Store notices on screen", .serialized)
struct StorageNoticeScreenTests {
    /// The in-memory world, its session in the file keychain in `directory`.
    private static func environment(storeDirectory directory: String) -> AppEnvironment {
        var environment = AppEnvironment.inMemory
        environment.plugins.store = "file-keychain"
        environment.plugins.coding = "json"
        environment.pluginSettings["storeDirectory"] = .text(directory)
        return environment
    }

    /// The folder of this world's backend under the store directory `root`:
    /// where its session file is.
    private static func folder(under root: String) -> String {
        root + "/" + PluginRegistry.standard.sessionBackend(of: environment(storeDirectory: root)).folderName
    }

    /// Signs Maria in on a first world over `root`, so its session file
    /// is there, and ends that world as a process would end.
    private static func saveASession(in root: String) async throws {
        let app = HeadlessApp(
            world: try AppWorld(testing: environment(storeDirectory: root)), texts: Texts(locale: .enUS))
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")
        try await app.tap("next")
        try await app.type("password", "123456")
        try await app.tap("next")
        try #require(app.snapshot().name == "dashboard")
        await app.shutDown()
        try #require(FileManager.default.fileExists(atPath: folder(under: root) + "/session"))
    }

    /// The lines of `screen` that say a notice of the text `key`, whatever its reason.
    private static func notices(_ key: TextKey, on screen: ScreenSnapshot, in texts: Texts) -> [String] {
        let lead = String(texts[key, "\u{1}"].split(separator: "\u{1}")[0])
        return screen.lines.filter { $0.hasPrefix(lead) }
    }

    private static func mode(_ path: String) -> Int {
        var info = stat()
        guard lstat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode & 0o777)
    }

    @Test(
        "A store directory open to all and a session file open to others are made private and said once, with the reason",
        arguments: PreferredLanguage.allCases)
    func loosePermissionsAreSaidOnce(locale: PreferredLanguage) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-notices-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await Self.saveASession(in: root)
        let directory = Self.folder(under: root)
        try #require(chmod(directory, 0o777) == 0)
        try #require(chmod(directory + "/session", 0o644) == 0)
        let texts = Texts(locale: locale)

        // The next launch of the app: a new process, a new world.
        let app = HeadlessApp(
            world: try AppWorld(testing: Self.environment(storeDirectory: root)), texts: texts)
        await app.launch()

        let said = Self.notices(.storageNoticeTightened, on: app.snapshot(), in: texts)
        #expect(said.count == 2, "\(app.snapshot().lines)")
        #expect(said.contains { $0.contains("store directory") && $0.contains("0700") }, "\(said)")
        #expect(said.contains { $0.contains("session file") && $0.contains("0600") }, "\(said)")
        #expect(app.screenText().contains(said.first ?? "-"), "on the screen as drawn")
        // (The session file itself is gone by now: this world's in-memory
        // backend does not know the first world's token, and ended it.)
        #expect(Self.mode(directory) == 0o700)

        let action = try #require(app.snapshot().actions.first { $0.isEnabled }?.name)
        try await app.tap(action)
        #expect(Self.notices(.storageNoticeTightened, on: app.snapshot(), in: texts).isEmpty, "said once")
        await app.relaunch()
        #expect(Self.notices(.storageNoticeTightened, on: app.snapshot(), in: texts).isEmpty, "repaired: not again")
        await app.shutDown()
    }

    @Test("A session file hard-linked to another file is set aside unread, and the welcome screen says why")
    func aHardLinkedSessionFileIsSetAsideAndSaid() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-notices-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await Self.saveASession(in: root + "/store")
        let directory = Self.folder(under: root + "/store")
        // Another file under the session's name: a valid session, open to all.
        let other = root + "/other"
        try FileManager.default.moveItem(atPath: directory + "/session", toPath: other)
        try #require(chmod(other, 0o644) == 0)
        try #require(link(other, directory + "/session") == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: other))
        let texts = Texts(locale: .enUS)

        let app = HeadlessApp(
            world: try AppWorld(testing: Self.environment(storeDirectory: root + "/store")), texts: texts)
        await app.launch()

        #expect(app.snapshot().name == "welcome", "the linked session was not used")
        #expect(app.snapshot().lines.contains(texts[.reasonStoredSessionUnreadable]))
        let said = Self.notices(.storageNoticeSetAside, on: app.snapshot(), in: texts)
        #expect(said.count == 1)
        #expect(said.first?.contains("hard-linked") == true, "the person sees why: \(said)")
        #expect(Self.mode(other) == 0o644, "the other file's mode was not touched")
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
        await app.shutDown()
    }

    @Test("A store directory that links to another user's directory is refused, and the screen says why")
    func aRefusedStoreDirectoryIsSaid() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-notices-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/theirs", withIntermediateDirectories: true)
        try #require(lchown(root + "/theirs", 65_534, 65_534) == 0, "giving a directory away needs root (CI is)")
        try FileManager.default.createSymbolicLink(atPath: root + "/gatehouse", withDestinationPath: root + "/theirs")
        let texts = Texts(locale: .enUS)

        let app = HeadlessApp(
            world: try AppWorld(testing: Self.environment(storeDirectory: root + "/gatehouse")), texts: texts)
        await app.launch()

        let said = Self.notices(.storageNoticeRefused, on: app.snapshot(), in: texts)
        #expect(said.count == 1, "\(app.snapshot().lines)")
        #expect(said.first?.contains("belongs to another user") == true, "\(said)")
        #expect(app.stateName != "authenticated")
        await app.shutDown()
    }
}
