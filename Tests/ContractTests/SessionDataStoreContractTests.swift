import PortContracts
import Testing

/// The `SessionDataStore` contract (see the port's doc comment), as the
/// `PortContracts` library checks it, run against every store in
/// `StoreFactory.all`: each promise of `SessionDataStoreContract.Promise`,
/// so a promise added there runs here on every store at once. A team runs
/// the same checks on its own store (Examples/KeyValueSessionStore).
@Suite("SessionDataStore contract")
struct SessionDataStoreContractTests {
    @Test(
        "Every store keeps each promise of the port",
        .timeLimit(.minutes(10)), arguments: StoreFactory.all, SessionDataStoreContract.Promise.allCases)
    func everyStoreKeepsThePromise(_ factory: StoreFactory, _ promise: SessionDataStoreContract.Promise) async throws {
        try await SessionDataStoreContract.check(promise, on: factory.make)
    }
}
