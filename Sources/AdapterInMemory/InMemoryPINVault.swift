import AdapterSupport
public import Ports
import Synchronization

/// A `PINVault` in memory: the record lives as long as this value, so the
/// in-memory world keeps one across its relaunches (as it keeps its session).
/// Hashing runs under the lock, so concurrent entries count one by one, and
/// on the vault's own queue (`PINWorkQueue`), never on the cooperative pool.
public final class InMemoryPINVault: PINVault {
    private let hasher: any SecretHasher
    private let iterations: Int
    private let record = Mutex<PINRecord?>(nil)
    private let work = PINWorkQueue()

    /// - Parameters:
    ///   - hasher: makes salts and hashes (the software one on Linux).
    ///   - iterations: PBKDF2 rounds for a new record; tests may ask for fewer
    ///     than `PINRecord.defaultIterations` to stay fast.
    public init(hasher: any SecretHasher, iterations: Int = PINRecord.defaultIterations) {
        self.hasher = hasher
        self.iterations = iterations
    }

    /// What is stored, for tests that check no PIN digit is in it.
    public var storedRecord: PINRecord? { record.withLock { $0 } }

    public func isSet() async throws(PINVaultError) -> Bool { storedRecord != nil }

    public func set(_ pin: PIN) async throws(PINVaultError) {
        if let weakness = pin.weakness { throw .weakPIN(weakness) }
        let made = try await work.run { [hasher, iterations] () throws(PINVaultError) -> PINRecord in
            do throws(SecretHasherError) {
                return try PINRecord.make(for: pin, iterations: iterations, hasher: hasher)
            } catch {
                throw .hashing(error)
            }
        }
        record.withLock { $0 = made }
    }

    public func verify(_ pin: PIN) async throws(PINVaultError) -> PINVerification {
        await work.run { [self] in
            record.withLock { stored in
                guard let current = stored else { return .noPINSet }
                let (verification, updated) = PINVerification.check(pin, against: current, hasher: hasher)
                stored = updated
                return verification
            }
        }
    }

    public func remove() async throws(PINVaultError) {
        record.withLock { $0 = nil }
    }
}
