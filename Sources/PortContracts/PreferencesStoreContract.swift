public import Ports
public import Testing

/// A `PreferencesStore` handed to `PreferencesStoreContract`: the store, the
/// same storage as the next launch opens it, and the faults the contract
/// speaks of, made the way this adapter meets them.
public struct PreferencesStoreUnderTest: Sendable {
    /// The adapter under test, empty.
    public let store: any PreferencesStore
    /// A store on the same storage, as the next launch opens it.
    public let reopen: @Sendable () -> any PreferencesStore
    /// Puts content that is no preferences where they are kept.
    public let plantUnusable: @Sendable () -> Void
    /// From now on, the storage cannot be read.
    public let breakReads: @Sendable () -> Void
    /// From now on, saves fail; reads still work.
    public let breakWrites: @Sendable () -> Void

    /// Makes a store under test of `store`, with this adapter's ways to reopen and break it.
    public init(
        store: any PreferencesStore, reopen: @escaping @Sendable () -> any PreferencesStore,
        plantUnusable: @escaping @Sendable () -> Void, breakReads: @escaping @Sendable () -> Void,
        breakWrites: @escaping @Sendable () -> Void
    ) {
        self.store = store
        self.reopen = reopen
        self.plantUnusable = plantUnusable
        self.breakReads = breakReads
        self.breakWrites = breakWrites
    }
}

/// The `PreferencesStore` port's contract (its doc comment), one promise per
/// case of `Promise`, checked on stores a test target makes.
public enum PreferencesStoreContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// An empty store reads the defaults and reports no problem.
        case emptyStoreReadsTheDefaults
        /// What is saved is read back whole, in this launch and the next.
        case savedIsReadBack
        /// A save replaces the previous preferences entirely.
        case saveReplacesEntirely
        /// Unusable content reads as the defaults with the problem once, then as nothing stored.
        case unusableContentIsSetAsideOnce
        /// Unreadable storage reads as the defaults with the problem, every time, never throwing.
        case unreadableStorageIsReportedEveryTime
        /// A failed save throws a typed error and keeps the previous preferences.
        case failedSaveLeavesThePreviousIntact
        /// Racing saves leave one of them whole.
        case racingSavesLeaveOneWhole

        /// The promise as a sentence: how a test of it is shown, and how the
        /// specification cites it.
        public var testDescription: String {
            switch self {
            case .emptyStoreReadsTheDefaults: "an empty store reads the defaults and reports no problem"
            case .savedIsReadBack: "what is saved is read back whole, in this launch and the next, and two reads agree"
            case .saveReplacesEntirely: "a save replaces the previous preferences entirely"
            case .unusableContentIsSetAsideOnce:
                "stored content that is no preferences reads as the defaults with the problem once, then as nothing stored"
            case .unreadableStorageIsReportedEveryTime:
                "storage that cannot be read reads as the defaults with the problem, on every read, and never throws"
            case .failedSaveLeavesThePreviousIntact:
                "a save that fails throws a typed error and leaves the previous preferences as they were"
            case .racingSavesLeaveOneWhole: "saves racing each other leave one of them whole, never a mix"
            }
        }
    }

    /// Checks `promise` on a fresh store from `makeStore`. A broken promise
    /// is recorded as a test issue; an error the check did not expect is thrown.
    public static func check(
        _ promise: Promise, on makeStore: @Sendable () async throws -> PreferencesStoreUnderTest
    ) async throws {
        let sut = try await makeStore()
        switch promise {
        case .emptyStoreReadsTheDefaults: await emptyStoreReadsTheDefaults(sut)
        case .savedIsReadBack: try await savedIsReadBack(sut)
        case .saveReplacesEntirely: try await saveReplacesEntirely(sut)
        case .unusableContentIsSetAsideOnce: try await unusableContentIsSetAsideOnce(sut)
        case .unreadableStorageIsReportedEveryTime: try await unreadableStorageIsReportedEveryTime(sut)
        case .failedSaveLeavesThePreviousIntact: try await failedSaveLeavesThePreviousIntact(sut)
        case .racingSavesLeaveOneWhole: try await racingSavesLeaveOneWhole(sut)
        }
    }

    /// Preferences with every field away from its default.
    public static func chosenPreferences() throws -> Preferences {
        var preferences = Preferences(language: .esES, remembersLastIdentifier: true)
        try preferences.setPINLockTimeout(.seconds(90))
        try preferences.rememberLastIdentifier("123.456.789-09")
        return preferences
    }
}
