public import Foundation
public import Ports

/// A `SessionDataStore` handed to `SessionDataStoreContract`: the store, the
/// coding it writes with, and what only a test of this adapter can do to it.
///
/// Make a fresh, empty one for each promise checked (EssentialFeed's
/// `makeSUT`): the contract makes several for a promise that needs a clean
/// store per sample.
public struct SessionStoreUnderTest: Sendable {
    /// The adapter under test, empty.
    public let store: any SessionDataStore
    /// The coding it writes with: a promise plants bytes this coding wrote.
    public let coding: any SessionCoding
    /// How a test makes this store fail, or nil for a store that cannot be
    /// made to: the promises that need them (`Promise.needsFailureSwitches`)
    /// then fail, saying so, rather than pass unchecked.
    public let failures: SessionStoreFailureSwitches?
    /// Returns once at least this many writers of this process wait for the
    /// store's lock (or the test is cancelled): how the transaction promises
    /// know a contender lined up, by the event rather than by a clock.
    public let untilWritersWait: @Sendable (Int) async -> Void
    /// Removes what the store left behind (a temporary directory, say).
    public let tearDown: @Sendable () async -> Void

    /// Makes a store under test of `store`, which writes with `coding`.
    public init(
        store: any SessionDataStore, coding: any SessionCoding, failures: SessionStoreFailureSwitches?,
        untilWritersWait: @escaping @Sendable (Int) async -> Void,
        tearDown: @escaping @Sendable () async -> Void = {}
    ) {
        self.store = store
        self.coding = coding
        self.failures = failures
        self.untilWritersWait = untilWritersWait
        self.tearDown = tearDown
    }
}

/// How a test makes a store fail, adapter by adapter: each adapter knows its
/// own way (a directory where a file should be, a locked vault).
public struct SessionStoreFailureSwitches: Sendable {
    /// On: the storage can be neither read nor written; what it holds stays.
    public let makeUnavailable: @Sendable (Bool) async throws -> Void
    /// On: reads work; writes fail and change nothing.
    public let makeWritesFail: @Sendable (Bool) async throws -> Void
    /// Puts raw bytes where the session is kept, as something else would.
    public let plantStoredBytes: @Sendable (Data) async throws -> Void
    /// How many undecodable values the store has set aside.
    public let setAsideCount: @Sendable () async throws -> Int
    /// The problems the store has reported, as text.
    public let reportedProblems: @Sendable () async throws -> [String]

    /// Makes the switches of one store.
    public init(
        makeUnavailable: @escaping @Sendable (Bool) async throws -> Void,
        makeWritesFail: @escaping @Sendable (Bool) async throws -> Void,
        plantStoredBytes: @escaping @Sendable (Data) async throws -> Void,
        setAsideCount: @escaping @Sendable () async throws -> Int,
        reportedProblems: @escaping @Sendable () async throws -> [String]
    ) {
        self.makeUnavailable = makeUnavailable
        self.makeWritesFail = makeWritesFail
        self.plantStoredBytes = plantStoredBytes
        self.setAsideCount = setAsideCount
        self.reportedProblems = reportedProblems
    }
}
