import AdapterFileKeychain
import AdapterFilePreferences
import AdapterInMemory
import Composition
import Foundation
import Ports
import Testing

/// The remembered CPF is personal data: it lives in the keychain
/// (`RememberedIdentifierStore`), not in `preferences.json`. A file an older
/// version wrote with `lastIdentifier` in clear is read once at launch, the
/// identifier moved to the keychain and removed from the file — nothing
/// lost (docs/threat-model.md, docs/spec/preferences.md).
@MainActor
@Suite("The remembered identifier moves from preferences.json to the keychain")
struct RememberedIdentifierMigrationTests {
    private struct Device {
        let preferencesDirectory: String
        let storeDirectory: String
        var preferences: FilePreferencesStore { FilePreferencesStore(directory: preferencesDirectory) }
        var identifiers: FileRememberedIdentifierStore { FileRememberedIdentifierStore(directory: storeDirectory) }
        var preferencesFile: String { preferences.path }

        init() {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-move-\(UUID())").path
            preferencesDirectory = root + "/config"
            storeDirectory = root + "/data"
        }

        /// A `preferences.json` as the versions before the move wrote it.
        func writeOldPreferences(remember: Bool = true, identifier: String = "123.456.789-09") throws {
            try FileManager.default.createDirectory(atPath: preferencesDirectory, withIntermediateDirectories: true)
            let json = """
                {"formatVersion": 1, "language": "en-US", "pinLockTimeoutSeconds": 60,
                 "rememberLastIdentifier": \(remember), "lastIdentifier": "\(identifier)"}
                """
            try json.write(toFile: preferencesFile, atomically: false, encoding: .utf8)
        }

        func fileText() throws -> String { try String(contentsOfFile: preferencesFile, encoding: .utf8) }
    }

    @Test("An old file's identifier is moved to the keychain and removed from the file; the rest is kept")
    func movedOnce() async throws {
        let device = Device()
        try device.writeOldPreferences()

        let launch = await LaunchPreferences.load(from: device.preferences, identifiers: device.identifiers)

        #expect(launch.lastIdentifier == "123.456.789-09")
        #expect(launch.remembersLastIdentifier)
        #expect(await device.identifiers.read() == "123.456.789-09")
        let text = try device.fileText()
        #expect(!text.contains("123.456.789-09"))
        #expect(!text.contains("lastIdentifier"))
        #expect(launch.language == .enUS)
        #expect(launch.pinLockTimeout == .seconds(60))
        #expect(launch.identifierFailure == nil)

        let next = await LaunchPreferences.load(from: device.preferences, identifiers: device.identifiers)
        #expect(next.lastIdentifier == "123.456.789-09")
    }

    @Test("A newer identifier already in the keychain wins over the old file's, which is removed")
    func keychainWins() async throws {
        let device = Device()
        try device.writeOldPreferences(identifier: "maria@example.com")
        try await device.identifiers.remember("123.456.789-09")

        let launch = await LaunchPreferences.load(from: device.preferences, identifiers: device.identifiers)

        #expect(launch.lastIdentifier == "123.456.789-09")
        #expect(!(try device.fileText()).contains("maria@example.com"))
    }

    @Test("A keychain that cannot take it leaves the identifier in the file, in use and said; nothing is lost")
    func keptWhenTheKeychainRefuses() async throws {
        let device = Device()
        try device.writeOldPreferences()
        // A file where the store directory belongs: nothing can be written there.
        try FileManager.default.createDirectory(
            atPath: (device.storeDirectory as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try "not a directory".write(toFile: device.storeDirectory, atomically: false, encoding: .utf8)

        let launch = await LaunchPreferences.load(from: device.preferences, identifiers: device.identifiers)

        #expect(launch.identifierFailure != nil)
        #expect(launch.lastIdentifier == "123.456.789-09")
        #expect(try device.fileText().contains("123.456.789-09"))
    }

    @Test("Turned on, the signed-in user's CPF goes to the keychain, never to the file; turned off, it is forgotten")
    func rememberingWritesTheKeychainOnly() async throws {
        let device = Device()
        let launch = await LaunchPreferences.load(from: device.preferences, identifiers: device.identifiers)
        let maria = UserProfile(
            id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true, isDeleted: false
        )

        await launch.setRemembersLastIdentifier(true, signedInAs: maria)

        #expect(await device.identifiers.read() == "123.456.789-09")
        #expect(!(try device.fileText()).contains("789"))
        await launch.setRemembersLastIdentifier(false, signedInAs: maria)
        #expect(await device.identifiers.read() == nil)
        #expect(launch.lastIdentifier == nil)
    }

    @Test("The deleted account's identifier is forgotten; another user's stays")
    func deletionForgetsOnlyThatUsersIdentifier() async throws {
        let identifiers = InMemoryRememberedIdentifierStore()
        let launch = await LaunchPreferences.load(from: InMemoryPreferencesStore(), identifiers: identifiers)
        let maria = UserProfile(
            id: "1", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909", active: true, isDeleted: false
        )
        let joao = UserProfile(
            id: "2", name: "João da Silva", email: "joao.silva@example.com", cpf: "52998224725", active: true,
            isDeleted: false)
        await launch.setRemembersLastIdentifier(true, signedInAs: maria)

        await launch.forgetIdentifier(of: joao)
        #expect(await identifiers.read() == "123.456.789-09")

        await launch.forgetIdentifier(of: maria)
        #expect(await identifiers.read() == nil)
        #expect(launch.lastIdentifier == nil)
        #expect(launch.remembersLastIdentifier)
    }
}
