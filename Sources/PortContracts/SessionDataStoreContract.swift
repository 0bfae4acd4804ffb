public import Ports
public import Testing

/// The `SessionDataStore` port's contract (its doc comment), as checks any
/// test target runs on its own adapter: each promise of the port is a case
/// of `Promise`, so a test that takes `Promise.allCases` as its arguments
/// checks every promise, a promise added here included.
///
/// ```swift
/// import PortContracts
/// import Testing
///
/// @Test(arguments: SessionDataStoreContract.Promise.allCases)
/// func myStoreKeepsThePortsPromise(_ promise: SessionDataStoreContract.Promise) async throws {
///     try await SessionDataStoreContract.check(promise) { try makeMyStoreUnderTest() }
/// }
/// ```
///
/// A promise about failing storage needs the store's failure switches
/// (`SessionStoreUnderTest.failures`); checked on a store without them it fails,
/// naming the promise, rather than pass unchecked. A team whose store cannot
/// be made to fail leaves those out in its own code, where a reader sees it:
/// `Promise.allCases.filter { !$0.needsFailureSwitches }`.
public enum SessionDataStoreContract {
    /// One promise of the port, checked by `check(_:on:)`.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// An empty store reads as absent.
        case readDeliversAbsentOnAnEmptyStore
        /// Reading an empty store changes nothing.
        case readHasNoSideEffectsOnAnEmptyStore
        /// Every storable sample reads back as it was saved.
        case readDeliversTheSavedSession
        /// Reading a saved session changes nothing.
        case readHasNoSideEffectsOnASavedSession
        /// A save replaces the previous session entirely.
        case saveReplacesThePreviousSessionEntirely
        /// A save after a delete is what is read.
        case saveAfterDeleteDeliversTheNewSession
        /// Deleting an empty store succeeds and leaves it empty.
        case deleteSucceedsOnAnEmptyStore
        /// A delete empties a saved store.
        case deleteEmptiesASavedStore
        /// Many concurrent saves leave one whole session of theirs.
        case concurrentSavesLeaveOneWholeSession
        /// Reads during concurrent saves see only whole sessions.
        case readsDuringSavesSeeOnlyWholeSessions
        /// Storage that cannot be read reads as unavailable, never absent.
        case unreadableStorageReadsAsUnavailable
        /// A read of storage that cannot be read deletes nothing.
        case unreadableStorageLosesNothing
        /// A read of storage that cannot be read sets nothing aside.
        case unreadableStorageSetsNothingAside
        /// A save to unavailable storage throws and keeps the previous session.
        case saveToUnavailableStorageThrowsAndKeepsThePrevious
        /// A save whose write fails throws and keeps the previous session.
        case failedSaveThrowsAndKeepsThePrevious
        /// A failed save to an empty store leaves it empty.
        case failedSaveLeavesAnEmptyStoreEmpty
        /// A delete on unavailable storage throws and keeps the session.
        case deleteOnUnavailableStorageThrowsAndKeepsTheSession
        /// A delete whose write fails throws and keeps the session.
        case failedDeleteThrowsAndKeepsTheSession
        /// No error the store gives holds the token.
        case errorsNeverHoldTheToken
        /// Undecodable bytes are set aside, said once, and then read as absent.
        case undecodableBytesAreSetAsideSaidOnceThenAbsent
        /// A read after setting bytes aside has no further side effect.
        case readAfterSettingAsideHasNoFurtherSideEffect
        /// A save after setting bytes aside is what is read.
        case saveAfterSettingAsideDeliversTheNewSession
        /// Bytes put over a saved session are read for what they hold.
        case bytesPlantedOverASessionAreReadForWhatTheyHold
        /// A truncated session is set aside and said without its token.
        case truncatedSessionIsSetAsideAndSaidWithoutTheToken
        /// Inside a transaction, the body reads and writes through the held store.
        case transactionBodyUsesTheHeldStore
        /// A save asked for during a transaction waits for it.
        case saveWaitsForATransaction
        /// A transaction waits at most its limit, then fails as busy (its
        /// holder is alive), never as unavailable.
        case transactionWaitEndsAtItsLimit
        /// A store that cannot be written refuses a transaction.
        case unwritableStoreRefusesATransaction

        /// Whether the promise is about failing storage, and so needs the
        /// store's failure switches.
        public var needsFailureSwitches: Bool {
            switch self {
            case .readDeliversAbsentOnAnEmptyStore, .readHasNoSideEffectsOnAnEmptyStore, .readDeliversTheSavedSession,
                .readHasNoSideEffectsOnASavedSession, .saveReplacesThePreviousSessionEntirely,
                .saveAfterDeleteDeliversTheNewSession, .deleteSucceedsOnAnEmptyStore, .deleteEmptiesASavedStore,
                .concurrentSavesLeaveOneWholeSession, .readsDuringSavesSeeOnlyWholeSessions,
                .transactionBodyUsesTheHeldStore, .saveWaitsForATransaction, .transactionWaitEndsAtItsLimit:
                false
            case .unreadableStorageReadsAsUnavailable, .unreadableStorageLosesNothing,
                .unreadableStorageSetsNothingAside, .saveToUnavailableStorageThrowsAndKeepsThePrevious,
                .failedSaveThrowsAndKeepsThePrevious, .failedSaveLeavesAnEmptyStoreEmpty,
                .deleteOnUnavailableStorageThrowsAndKeepsTheSession, .failedDeleteThrowsAndKeepsTheSession,
                .errorsNeverHoldTheToken, .undecodableBytesAreSetAsideSaidOnceThenAbsent,
                .readAfterSettingAsideHasNoFurtherSideEffect, .saveAfterSettingAsideDeliversTheNewSession,
                .bytesPlantedOverASessionAreReadForWhatTheyHold, .truncatedSessionIsSetAsideAndSaidWithoutTheToken,
                .unwritableStoreRefusesATransaction:
                true
            }
        }

        /// The promise's name, as a test's argument is shown.
        public var testDescription: String { rawValue }
    }

    /// Checks `promise` on stores `makeStore` makes, each fresh and empty,
    /// and tears each down whatever happens. A broken promise is recorded as
    /// a test issue naming the promise; an error the check did not expect
    /// (a switch that could not be thrown, say) is thrown.
    public static func check(
        _ promise: Promise, on makeStore: @escaping @Sendable () async throws -> SessionStoreUnderTest
    ) async throws {
        let checks = SessionDataStoreChecks(promise: promise, makeStore: makeStore)
        switch promise {
        case .readDeliversAbsentOnAnEmptyStore: try await checks.readDeliversAbsentOnAnEmptyStore()
        case .readHasNoSideEffectsOnAnEmptyStore: try await checks.readHasNoSideEffectsOnAnEmptyStore()
        case .readDeliversTheSavedSession: try await checks.readDeliversTheSavedSession()
        case .readHasNoSideEffectsOnASavedSession: try await checks.readHasNoSideEffectsOnASavedSession()
        case .saveReplacesThePreviousSessionEntirely: try await checks.saveReplacesThePreviousSessionEntirely()
        case .saveAfterDeleteDeliversTheNewSession: try await checks.saveAfterDeleteDeliversTheNewSession()
        case .deleteSucceedsOnAnEmptyStore: try await checks.deleteSucceedsOnAnEmptyStore()
        case .deleteEmptiesASavedStore: try await checks.deleteEmptiesASavedStore()
        case .concurrentSavesLeaveOneWholeSession: try await checks.concurrentSavesLeaveOneWholeSession()
        case .readsDuringSavesSeeOnlyWholeSessions: try await checks.readsDuringSavesSeeOnlyWholeSessions()
        case .unreadableStorageReadsAsUnavailable: try await checks.unreadableStorageReadsAsUnavailable()
        case .unreadableStorageLosesNothing: try await checks.unreadableStorageLosesNothing()
        case .unreadableStorageSetsNothingAside: try await checks.unreadableStorageSetsNothingAside()
        case .saveToUnavailableStorageThrowsAndKeepsThePrevious:
            try await checks.saveToUnavailableStorageThrowsAndKeepsThePrevious()
        case .failedSaveThrowsAndKeepsThePrevious: try await checks.failedSaveThrowsAndKeepsThePrevious()
        case .failedSaveLeavesAnEmptyStoreEmpty: try await checks.failedSaveLeavesAnEmptyStoreEmpty()
        case .deleteOnUnavailableStorageThrowsAndKeepsTheSession:
            try await checks.deleteOnUnavailableStorageThrowsAndKeepsTheSession()
        case .failedDeleteThrowsAndKeepsTheSession: try await checks.failedDeleteThrowsAndKeepsTheSession()
        case .errorsNeverHoldTheToken: try await checks.errorsNeverHoldTheToken()
        case .undecodableBytesAreSetAsideSaidOnceThenAbsent:
            try await checks.undecodableBytesAreSetAsideSaidOnceThenAbsent()
        case .readAfterSettingAsideHasNoFurtherSideEffect:
            try await checks.readAfterSettingAsideHasNoFurtherSideEffect()
        case .saveAfterSettingAsideDeliversTheNewSession: try await checks.saveAfterSettingAsideDeliversTheNewSession()
        case .bytesPlantedOverASessionAreReadForWhatTheyHold:
            try await checks.bytesPlantedOverASessionAreReadForWhatTheyHold()
        case .truncatedSessionIsSetAsideAndSaidWithoutTheToken:
            try await checks.truncatedSessionIsSetAsideAndSaidWithoutTheToken()
        case .transactionBodyUsesTheHeldStore: try await checks.transactionBodyUsesTheHeldStore()
        case .saveWaitsForATransaction: try await checks.saveWaitsForATransaction()
        case .transactionWaitEndsAtItsLimit: try await checks.transactionWaitEndsAtItsLimit()
        case .unwritableStoreRefusesATransaction: try await checks.unwritableStoreRefusesATransaction()
        }
    }
}

/// The error `save` threw, or nil.
public func storeSaveError(_ store: any SessionDataStore, _ session: UserSession) async -> SessionStoreError? {
    do {
        try await store.save(session)
        return nil
    } catch {
        return error
    }
}

/// The error `delete` threw, or nil.
public func storeDeleteError(_ store: any SessionDataStore) async -> SessionStoreError? {
    do {
        try await store.delete()
        return nil
    } catch {
        return error
    }
}
