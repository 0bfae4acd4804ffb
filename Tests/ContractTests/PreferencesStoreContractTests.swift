import AdapterFilePreferences
import AdapterInMemory
import Foundation
import Ports
import Testing

/// One adapter of `PreferencesStore` under test: the store, a second on the
/// same storage (the next launch's), and the faults the contract speaks of,
/// made the way each adapter meets them.
struct PreferencesStoreFactory: Sendable, CustomTestStringConvertible {
    struct UnderTest: Sendable {
        let store: any PreferencesStore
        let reopen: @Sendable () -> any PreferencesStore
        /// Puts content that is no preferences where they are kept.
        let plantUnusable: @Sendable () -> Void
        /// From now on, the storage cannot be read.
        let breakReads: @Sendable () -> Void
        /// From now on, saves fail; reads still work.
        let breakWrites: @Sendable () -> Void
    }

    let testDescription: String
    /// The registry plugin this store is.
    var plugin: CoveredPlugin? = nil
    let make: @Sendable () -> UnderTest

    static let all = [
        PreferencesStoreFactory(
            testDescription: "InMemoryPreferencesStore", plugin: CoveredPlugin(.preferences, "in-memory")
        ) {
            // The in-memory world keeps its one store across relaunches.
            let store = InMemoryPreferencesStore()
            return UnderTest(
                store: store, reopen: { store },
                plantUnusable: { store.plantUnusableContent("it was written in a newer format") },
                breakReads: { store.simulateUnreadable() },
                breakWrites: { store.simulateWriteFailure() })
        },
        PreferencesStoreFactory(testDescription: "FilePreferencesStore", plugin: CoveredPlugin(.preferences, "file")) {
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-preferences-\(UUID().uuidString)/gatehouse").path
            let store = FilePreferencesStore(directory: directory)
            return UnderTest(
                store: store, reopen: { FilePreferencesStore(directory: directory) },
                plantUnusable: {
                    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    _ = FileManager.default.createFile(atPath: store.path, contents: Data("not json".utf8))
                },
                breakReads: {
                    // A symbolic link to itself: open fails (ELOOP) whoever runs
                    // the test, root included, and nothing can be read.
                    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                    try? FileManager.default.removeItem(atPath: store.path)
                    try? FileManager.default.createSymbolicLink(atPath: store.path, withDestinationPath: store.path)
                },
                breakWrites: {
                    // A directory where the writers' lock file belongs: no save can
                    // take the lock, whoever runs the test; the file stays readable.
                    try? FileManager.default.removeItem(atPath: directory + "/.preferences.lock")
                    try? FileManager.default.createDirectory(
                        atPath: directory + "/.preferences.lock", withIntermediateDirectories: true)
                })
        },
    ]
}

/// Preferences with every field away from its default.
func chosenPreferences() throws -> Preferences {
    var preferences = Preferences(language: .esES, remembersLastIdentifier: true)
    try preferences.setPINLockTimeout(.seconds(90))
    try preferences.rememberLastIdentifier("123.456.789-09")
    return preferences
}

@Suite("PreferencesStore contract")
struct PreferencesStoreContractTests {
    @Test("an empty store reads the defaults and reports no problem", arguments: PreferencesStoreFactory.all)
    func emptyStoreReadsDefaults(_ factory: PreferencesStoreFactory) async {
        let read = await factory.make().store.read()

        #expect(read == PreferencesRead(preferences: .defaults))
        #expect(read.preferences.language == nil)
        #expect(read.preferences.pinLockTimeout == .seconds(300))
        #expect(read.preferences.remembersLastIdentifier == false)
        #expect(read.preferences.lastIdentifier == nil)
    }

    @Test(
        "what is saved is read back whole, in this launch and the next, and two reads agree",
        arguments: PreferencesStoreFactory.all)
    func savedIsReadBack(_ factory: PreferencesStoreFactory) async throws {
        let underTest = factory.make()
        let chosen = try chosenPreferences()

        try await underTest.store.save(chosen)

        #expect(await underTest.store.read() == PreferencesRead(preferences: chosen))
        #expect(await underTest.store.read() == PreferencesRead(preferences: chosen))
        #expect(await underTest.reopen().read() == PreferencesRead(preferences: chosen))
    }

    @Test("a save replaces the previous preferences entirely", arguments: PreferencesStoreFactory.all)
    func saveReplacesEntirely(_ factory: PreferencesStoreFactory) async throws {
        let underTest = factory.make()
        try await underTest.store.save(try chosenPreferences())

        try await underTest.store.save(Preferences(language: .enUS))

        let read = await underTest.reopen().read()
        #expect(read.preferences == Preferences(language: .enUS))
        #expect(read.preferences.lastIdentifier == nil)
        #expect(read.preferences.pinLockTimeout == Preferences.defaultPINLockTimeout)
    }

    @Test(
        "stored content that is no preferences reads as the defaults with the problem once, then as nothing stored",
        arguments: PreferencesStoreFactory.all)
    func unusableContentIsSetAsideOnce(_ factory: PreferencesStoreFactory) async throws {
        let underTest = factory.make()
        underTest.plantUnusable()

        let first = await underTest.store.read()
        let second = await underTest.store.read()

        #expect(first.preferences == .defaults)
        guard case .setAside = first.problem else {
            Issue.record("the first read reports \(String(describing: first.problem)), not set aside")
            return
        }
        #expect(second == PreferencesRead(preferences: .defaults))
        #expect(await underTest.reopen().read() == PreferencesRead(preferences: .defaults))
        try await underTest.store.save(try chosenPreferences())
        #expect(await underTest.store.read() == PreferencesRead(preferences: try chosenPreferences()))
    }

    @Test(
        "storage that cannot be read reads as the defaults with the problem, on every read, and never throws",
        arguments: PreferencesStoreFactory.all)
    func unreadableStorageIsReportedEveryTime(_ factory: PreferencesStoreFactory) async throws {
        let underTest = factory.make()
        try await underTest.store.save(try chosenPreferences())
        underTest.breakReads()

        for _ in 0..<2 {
            let read = await underTest.store.read()
            #expect(read.preferences == .defaults)
            guard case .unreadable = read.problem else {
                Issue.record("a read reports \(String(describing: read.problem)), not unreadable")
                return
            }
        }
    }

    @Test(
        "a save that fails throws a typed error and leaves the previous preferences as they were",
        arguments: PreferencesStoreFactory.all)
    func failedSaveLeavesPreviousIntact(_ factory: PreferencesStoreFactory) async throws {
        let underTest = factory.make()
        let chosen = try chosenPreferences()
        try await underTest.store.save(chosen)
        underTest.breakWrites()

        await #expect(throws: PreferencesStoreError.self) {
            try await underTest.store.save(Preferences(language: .ptBR))
        }

        #expect(await underTest.reopen().read() == PreferencesRead(preferences: chosen))
    }

    @Test(
        "saves racing each other leave one of them whole, never a mix", arguments: PreferencesStoreFactory.all)
    func racingSavesLeaveOneWhole(_ factory: PreferencesStoreFactory) async throws {
        let underTest = factory.make()
        let candidates = try PreferredLanguage.allCases.enumerated().map { index, language in
            var preferences = Preferences(language: language, remembersLastIdentifier: true)
            try preferences.setPINLockTimeout(.seconds(60 * (index + 1)))
            try preferences.rememberLastIdentifier("user-\(language.rawValue)@example.com")
            return preferences
        }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for round in 0..<8 {
                let preferences = candidates[round % candidates.count]
                group.addTask { try await underTest.store.save(preferences) }
            }
            try await group.waitForAll()
        }

        let read = await underTest.reopen().read()
        #expect(read.problem == nil)
        #expect(candidates.contains(read.preferences))
    }
}

@Suite("Preferences values")
struct PreferencesValueTests {
    @Test(
        "the PIN-lock timeout takes whole seconds from 0 s to one hour",
        arguments: [
            (Duration.zero, true), (.seconds(1), true), (.seconds(300), true), (.seconds(3600), true),
            (.seconds(3601), false), (.seconds(-1), false), (.milliseconds(1500), false),
        ])
    func pinLockTimeoutRange(_ timeout: Duration, _ accepted: Bool) {
        var preferences = Preferences()

        let result = Result { () throws(PreferenceValueError) in try preferences.setPINLockTimeout(timeout) }

        #expect(((try? result.get()) != nil) == accepted)
        #expect(preferences.pinLockTimeout == (accepted ? timeout : Preferences.defaultPINLockTimeout))
    }

    @Test("the last identifier is kept only while remembering is on, and turning it off forgets it")
    func lastIdentifierFollowsTheSwitch() throws {
        var preferences = Preferences()
        try preferences.rememberLastIdentifier("123.456.789-09")
        #expect(preferences.lastIdentifier == nil)

        preferences.remembersLastIdentifier = true
        try preferences.rememberLastIdentifier("123.456.789-09")
        #expect(preferences.lastIdentifier == "123.456.789-09")

        preferences.remembersLastIdentifier = false
        #expect(preferences.lastIdentifier == nil)
    }

    @Test(
        "an identifier that is empty, too long or holds a control character is refused",
        arguments: ["", String(repeating: "a", count: 255), "123\n456", "\u{1b}[2J"])
    func unusableIdentifiersRefused(_ identifier: String) {
        var preferences = Preferences(remembersLastIdentifier: true)

        #expect(throws: PreferenceValueError.lastIdentifierUnusable) {
            try preferences.rememberLastIdentifier(identifier)
        }
        #expect(preferences.lastIdentifier == nil)
    }
}
