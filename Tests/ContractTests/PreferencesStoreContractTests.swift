import AdapterFilePreferences
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// One adapter of `PreferencesStore` under test: the store, a second on the
/// same storage (the next launch's), and the faults the contract speaks of,
/// made the way each adapter meets them.
struct PreferencesStoreFactory: Sendable, CustomTestStringConvertible {
    typealias UnderTest = PreferencesStoreUnderTest

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

/// The `PreferencesStore` contract (its doc comment), as `PortContracts`
/// checks it, for every adapter: each promise of `PreferencesStoreContract.Promise`.
@Suite("PreferencesStore contract")
struct PreferencesStoreContractTests {
    @Test(
        "Every store keeps each promise of the port",
        arguments: PreferencesStoreFactory.all, PreferencesStoreContract.Promise.allCases)
    func everyStoreKeepsThePromise(_ factory: PreferencesStoreFactory, _ promise: PreferencesStoreContract.Promise)
        async throws
    {
        try await PreferencesStoreContract.check(promise) { factory.make() }
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
