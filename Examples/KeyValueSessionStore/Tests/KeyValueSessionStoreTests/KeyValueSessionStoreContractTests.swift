import AdapterFileKeychain
import KeyValueSessionStore
import PortContracts
import Ports
import Testing

/// Gatehouse's `SessionDataStore` contract, every promise of it, on this
/// package's own store: a promise Gatehouse adds runs here too, on the next
/// update, without a line changed here.
@Suite("KeyValueSessionStore keeps the SessionDataStore port's promises")
struct KeyValueSessionStoreContractTests {
    @Test(.timeLimit(.minutes(5)), arguments: SessionDataStoreContract.Promise.allCases)
    func keepsThePromise(_ promise: SessionDataStoreContract.Promise) async throws {
        try await SessionDataStoreContract.check(promise, on: Self.makeStore)
    }

    /// A fresh, empty store on a fresh table, with the table's switches as
    /// the store's failure switches.
    @Sendable static func makeStore() -> SessionStoreUnderTest {
        let table = InMemoryKeyValueTable()
        let store = KeyValueSessionStore(table: table, coding: JSONSessionCoding())
        return SessionStoreUnderTest(
            store: store, coding: store.coding,
            failures: SessionStoreFailureSwitches(
                makeUnavailable: { table.setOffline($0) },
                makeWritesFail: { table.setReadOnly($0) },
                plantStoredBytes: { table.plant($0, forKey: store.key) },
                setAsideCount: { table.storedKeys.count { $0.hasPrefix("\(store.key).unreadable-") } },
                reportedProblems: { store.problems.map(String.init(describing:)) }
            ),
            untilWritersWait: { await store.untilWritersWait(atLeast: $0) })
    }
}
