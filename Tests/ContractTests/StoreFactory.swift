import AdapterFileKeychain
import AdapterInMemory
import Foundation
import PortContracts
import Ports
import Testing

/// Makes a fresh, empty store for one check (EssentialFeed's `makeSUT`): a
/// `SessionStoreUnderTest` of `PortContracts`, with its failure switches.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// The registry plugins this entry runs: the store's, and its coding's
    /// when the registry has that coding.
    var plugins: [CoveredPlugin] = []
    let make: @Sendable () async throws -> SessionStoreUnderTest

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

    static func inMemory(coding: any SessionCoding) -> StoreFactory {
        StoreFactory(
            name: "in-memory store, \(coding.formatName)",
            plugins: [CoveredPlugin(.store, "in-memory")]
        ) {
            let store = InMemorySessionDataStore(coding: coding)
            return SessionStoreUnderTest(
                store: store,
                coding: coding,
                failures: SessionStoreFailureSwitches(
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
