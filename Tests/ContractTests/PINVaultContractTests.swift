import AdapterFileKeychain
import AdapterInMemory
import AdapterSoftwareCrypto
import Foundation
import PortContracts
import Ports
import Testing

/// The software hasher with the contract's fixed salt, for the suites that
/// run a vault outside the contract (off the pool, the notice sources).
func fixedSaltHasher() -> PINVaultContract.FixedSaltHasher {
    PINVaultContract.FixedSaltHasher(SoftwareSecretHasher())
}

/// One adapter of `PINVault` under test, a second on the same storage (the
/// next launch's), and every byte it has stored.
struct PINVaultFactory: Sendable, CustomTestStringConvertible {
    /// Few enough rounds to keep a debug build fast; the default is tested apart.
    static let testIterations = PINVaultContract.fewIterations

    let testDescription: String
    let make: @Sendable (_ hasher: any SecretHasher, _ iterations: Int) -> PINVaultUnderTest

    static let all = [
        PINVaultFactory(testDescription: "InMemoryPINVault") { hasher, iterations in
            // The in-memory world keeps its one vault across relaunches.
            let vault = InMemoryPINVault(hasher: hasher, iterations: iterations)
            return PINVaultUnderTest(
                vault: vault, relaunch: { vault },
                storedBytes: {
                    guard let record = vault.storedRecord else { return [] }
                    return record.salt + record.hash + Array("\(record.iterations) \(record.failedAttempts)".utf8)
                })
        },
        PINVaultFactory(testDescription: "FilePINVault") { hasher, iterations in
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-pin-\(UUID().uuidString)/store").path
            return PINVaultUnderTest(
                vault: FilePINVault(directory: directory, hasher: hasher, iterations: iterations),
                relaunch: { FilePINVault(directory: directory, hasher: hasher, iterations: iterations) },
                storedBytes: {
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                    return names.flatMap { name in
                        Array(name.utf8)
                            + Array((FileManager.default.contents(atPath: directory + "/" + name)) ?? Data())
                    }
                })
        },
    ]

    func make(iterations: Int = testIterations) -> PINVaultUnderTest {
        make(fixedSaltHasher(), iterations)
    }
}

/// `PINVault`'s contract (its doc comment), as `PortContracts` checks it,
/// for every adapter: each promise of `PINVaultContract.Promise`, hashed with
/// the software hasher.
@Suite("PINVault contract")
struct PINVaultContractTests {
    @Test(
        "Every vault keeps each promise of the port", arguments: PINVaultFactory.all, PINVaultContract.Promise.allCases)
    func everyVaultKeepsThePromise(_ factory: PINVaultFactory, _ promise: PINVaultContract.Promise) async throws {
        try await PINVaultContract.check(promise, hashingWith: SoftwareSecretHasher()) { hasher, iterations in
            factory.make(hasher, iterations)
        }
    }
}
