import AdapterFileKeychain
import AdapterInMemory
import Foundation
import Ports
import Testing

/// Makes a fresh, empty store for one test (EssentialFeed's `makeSUT`).
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// Whether `make` gives failure switches: the failure-path tests run only
    /// for adapters that can be made to fail.
    let canFail: Bool
    /// The registry plugins this entry runs: the store's, and its coding's
    /// when the registry has that coding.
    var plugins: [CoveredPlugin] = []
    let make: @Sendable () async throws -> StoreUnderTest

    var testDescription: String { name }
}

extension StoreFactory {
    /// Every `SessionDataStore` adapter, with each coding it can use. A new
    /// adapter or coding joins with one line here.
    static let all: [StoreFactory] = [
        .inMemory(coding: InMemorySessionCoding()),
        .file(coding: JSONSessionCoding()),
        .file(coding: PropertyListSessionCoding()),
        .file(coding: InMemorySessionCoding()),
        .vault(coding: JSONSessionCoding()),
    ]

    static let failable: [StoreFactory] = all.filter(\.canFail)

    static func inMemory(coding: any SessionCoding) -> StoreFactory {
        StoreFactory(
            name: "in-memory store, \(coding.formatName)", canFail: true,
            plugins: [CoveredPlugin(.store, "in-memory")]
        ) {
            let store = InMemorySessionDataStore(coding: coding)
            return StoreUnderTest(
                store: store,
                coding: coding,
                failures: StoreFailureSwitches(
                    makeUnavailable: { store.simulateUnavailable($0) },
                    makeWritesFail: { store.simulateWriteFailure($0) },
                    plantStoredBytes: { store.plantRawData($0) },
                    setAsideCount: { store.setAsideData.count },
                    reportedProblems: { store.problems.map(String.init(describing:)) }
                ),
                untilWritersWait: { await store.untilWritersWait(atLeast: $0) }
            )
        }
    }
}

/// A store under test, the coding it writes with, and its failure switches
/// (nil for an adapter that cannot be made to fail).
struct StoreUnderTest: Sendable {
    let store: any SessionDataStore
    let coding: any SessionCoding
    let failures: StoreFailureSwitches?
    /// Returns once at least this many writers of this process wait for the
    /// store's lock (or the test is cancelled): how the transaction suite
    /// knows a contender lined up, by the event rather than by a clock.
    let untilWritersWait: @Sendable (Int) async -> Void
    /// Removes what the store left behind (a temporary directory, say).
    var tearDown: @Sendable () async -> Void = {}
}

/// How a test makes a store fail, adapter by adapter.
struct StoreFailureSwitches: Sendable {
    /// On: the storage can be neither read nor written; what it holds stays.
    let makeUnavailable: @Sendable (Bool) async throws -> Void
    /// On: reads work; writes fail and change nothing.
    let makeWritesFail: @Sendable (Bool) async throws -> Void
    /// Puts raw bytes where the session is kept.
    let plantStoredBytes: @Sendable (Data) async throws -> Void
    /// How many undecodable values the store has set aside.
    let setAsideCount: @Sendable () async throws -> Int
    /// The problems the store has reported, as text.
    let reportedProblems: @Sendable () async throws -> [String]
}
