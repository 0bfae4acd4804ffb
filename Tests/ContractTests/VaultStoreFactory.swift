import ExampleAdapters
import Foundation
import PortContracts
import Ports

extension StoreFactory {
    /// The adapter guide's example, `VaultSessionDataStore`, on a vault in
    /// memory whose switches make it fail: locked = unavailable, read-only =
    /// failing writes.
    static func vault(coding: any SessionCoding) -> StoreFactory {
        StoreFactory(name: "vault store (example adapter), \(coding.formatName)") {
            let vault = InMemorySecretVault()
            let store = VaultSessionDataStore(vault: vault, coding: coding)
            return SessionStoreUnderTest(
                store: store,
                coding: coding,
                failures: SessionStoreFailureSwitches(
                    makeUnavailable: { vault.isLocked = $0 },
                    makeWritesFail: { vault.isReadOnly = $0 },
                    plantStoredBytes: { vault.plant($0, named: store.secretName) },
                    setAsideCount: { vault.names.filter { $0.contains(".corrupt-") }.count },
                    reportedProblems: { store.problems.map(String.init(describing:)) }
                ),
                untilWritersWait: { await store.untilWritersWait(atLeast: $0) }
            )
        }
    }
}
