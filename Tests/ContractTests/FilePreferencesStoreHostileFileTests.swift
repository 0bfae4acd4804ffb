import AdapterFilePreferences
import Foundation
import Ports
import Testing

import OperatingSystem

/// What the file adapter does with what it finds where the preferences
/// belong: anything a person, a newer app or a broken disk could leave.
@Suite("FilePreferencesStore and hostile files")
struct FilePreferencesStoreHostileFileTests {
    private let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("gatehouse-preferences-\(UUID().uuidString)/gatehouse").path
    private var store: FilePreferencesStore { FilePreferencesStore(directory: directory) }

    private func plant(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: store.path))
    }

    private func setAsideReason(_ read: PreferencesRead) -> String? {
        guard read.preferences == .defaults, case .setAside(let reason) = read.problem else { return nil }
        return reason
    }

    @Test(
        "content that is no version-1 preferences is set aside as preferences.json.unusable and said once",
        arguments: [
            ("not JSON", "not json"),
            ("an array", "[1, 2]"),
            ("no format version", #"{"language": "en-US"}"#),
            ("a newer format version", #"{"formatVersion": 2, "language": "en-US"}"#),
            ("an older, unknown version", #"{"formatVersion": 0}"#),
            ("a language the app does not speak", #"{"formatVersion": 1, "language": "fr-FR"}"#),
            ("a language of the wrong type", #"{"formatVersion": 1, "language": 5}"#),
            ("a timeout out of range", #"{"formatVersion": 1, "pinLockTimeoutSeconds": 86400}"#),
            ("a negative timeout", #"{"formatVersion": 1, "pinLockTimeoutSeconds": -5}"#),
            ("a switch that is a number", #"{"formatVersion": 1, "rememberLastIdentifier": 1}"#),
            (
                "an identifier with a control character",
                #"{"formatVersion": 1, "rememberLastIdentifier": true, "lastIdentifier": "a\u001bb"}"#
            ),
        ])
    func unusableContentSetAside(_ kind: String, _ content: String) async throws {
        try plant(content)

        let first = await store.read()

        #expect(setAsideReason(first) != nil, "\(kind): \(first)")
        #expect(FileManager.default.contents(atPath: directory + "/preferences.json.unusable") == Data(content.utf8))
        #expect(!FileManager.default.fileExists(atPath: store.path))
        #expect(await store.read() == PreferencesRead(preferences: .defaults))
    }

    @Test("a newer format version is named in the problem")
    func newerVersionNamed() async throws {
        try plant(#"{"formatVersion": 7}"#)

        let reason = setAsideReason(await store.read())

        #expect(reason?.contains("format version 7, newer than 1") == true, "\(String(describing: reason))")
    }

    @Test("unknown keys are ignored and missing keys take their defaults")
    func unknownKeysIgnored() async throws {
        try plant(#"{"formatVersion": 1, "language": "es-ES", "theme": "dark", "future": {"a": [1]}}"#)

        let read = await store.read()

        #expect(read.problem == nil)
        #expect(read.preferences == Preferences(language: .esES))
    }

    @Test("a FIFO where the file belongs is set aside at once, not waited on")
    func fifoDoesNotHang() async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(mkfifo(store.path, 0o600) == 0)

        let reason = setAsideReason(await store.read())

        #expect(reason?.contains("not a regular file") == true)
    }

    @Test("a directory where the file belongs is set aside, and a save then goes through")
    func directoryInThePlace() async throws {
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)

        #expect(setAsideReason(await store.read())?.contains("not a regular file") == true)
        try await store.save(Preferences(language: .enUS))
        #expect(await store.read() == PreferencesRead(preferences: Preferences(language: .enUS)))
    }

    @Test("a file larger than the size limit is set aside without being read whole")
    func oversizedFileSetAside() async throws {
        try plant(
            #"{"formatVersion": 1, "padding": ""# + String(repeating: " ", count: FilePreferencesStore.sizeLimit)
                + "\"}")

        #expect(setAsideReason(await store.read())?.contains("larger than") == true)
    }

    @Test("a save writes version-1 JSON in a 0600 file, in a 0700 directory it made, and leaves no temporary file")
    func saveWritesPrivateVersionedFile() async throws {
        var preferences = Preferences(language: .enUS, remembersLastIdentifier: true)
        try preferences.rememberLastIdentifier("maria@example.com")

        try await store.save(preferences)

        let data = try #require(FileManager.default.contents(atPath: store.path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["formatVersion"] as? Int == 1)
        #expect(object["language"] as? String == "en-US")
        #expect(object["pinLockTimeoutSeconds"] as? Int == 300)
        #expect(try permissions(of: store.path) == 0o600)
        #expect(try permissions(of: directory) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(names.sorted() == [".preferences.lock", "preferences.json"])
    }

    @Test("a temporary file a crashed save left behind is removed by the next save")
    func leftoverTemporaryRemoved() async throws {
        try await store.save(Preferences())
        let leftover = directory + "/.preferences.json.tmp-1-2"
        _ = FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8))

        try await store.save(Preferences(language: .ptBR))

        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(await store.read().preferences.language == .ptBR)
    }

    @Test("a temporary file a killed save left behind is removed by the next read: the next launch")
    func leftoverTemporaryRemovedAtTheNextRead() async throws {
        try await store.save(Preferences(language: .ptBR))
        let leftover = directory + "/.preferences.json.tmp-1-2"
        _ = FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8))

        #expect(await store.read().preferences.language == .ptBR)

        #expect(!FileManager.default.fileExists(atPath: leftover))
    }

    @Test("a file hard-linked to another file is set aside unread, and the other file left whole")
    func hardLinkedFileSetAsideUnread() async throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Valid preferences: had the store read them, the read would use them.
        let other = directory + "/../other.json"
        let bytes = Data(#"{"formatVersion": 1, "language": "es-ES"}"#.utf8)
        try bytes.write(to: URL(fileURLWithPath: other))
        try #require(link(other, store.path) == 0)

        let read = await store.read()

        #expect(read.preferences == .defaults)
        #expect(setAsideReason(read)?.contains("hard-linked") == true, "\(String(describing: read.problem))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == bytes)
        #expect(FileManager.default.fileExists(atPath: directory + "/" + FilePreferencesStore.setAsideName))
    }

    @Test("the directory is gatehouse in the platform's configuration directory (OperatingSystemTests test that rule)")
    func defaultDirectory() {
        let variables = ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"]
        #expect(
            FilePreferencesStore.defaultDirectory(variables: variables)
                == Platform.configurationDirectory(variables: variables) + "/gatehouse")
    }

    private func permissions(of path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }
}
