import Foundation
import Ports
import Synchronization
import Testing

/// The PINVault contract's last clause: the slow hash never runs on Swift's
/// cooperative pool. A hasher records, for every derivation, whether it ran
/// inside a Swift task — which every thread of the pool (and the main actor's
/// task) would be; a thread of the vault's own queue runs none.
@Suite("PINVault work off the pool")
struct PINVaultOffThePoolTests {
    /// The fixed-salt software hasher, noting where each derivation ran.
    final class WhereHashed: SecretHasher {
        private let software = fixedSaltHasher()
        private let insideATask = Mutex<[Bool]>([])

        var derivationsInsideATask: [Bool] { insideATask.withLock { $0 } }

        func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] {
            try software.randomSalt(byteCount: byteCount)
        }

        func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
            let inTask = withUnsafeCurrentTask { $0 != nil }
            insideATask.withLock { $0.append(inTask) }
            return software.derive(secret: secret, salt: salt, iterations: iterations, byteCount: byteCount)
        }

        func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool {
            software.isEqualInConstantTime(left, right)
        }
    }

    @Test("set and verify hash on a thread outside every Swift task", arguments: PINVaultFactory.all)
    func hashingRunsOffThePool(_ factory: PINVaultFactory) async throws {
        let hasher = WhereHashed()
        let vault = factory.make(hasher, PINVaultFactory.testIterations).vault

        try await vault.set(PIN("2580"))
        #expect(try await vault.verify(PIN("1111")) == .rejected(failedAttempts: 1))
        #expect(try await vault.verify(PIN("2580")) == .accepted)

        #expect(hasher.derivationsInsideATask == [false, false, false])
    }
}
