/// Why the PIN vault could not do what was asked. Never carries the PIN,
/// its hash or its salt.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum PINVaultError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The PIN may not be set; nothing changed.
    case weakPIN(PINWeakness)
    /// The storage could not be read or written, or what it holds is no PIN
    /// record. Nothing is known to be verified.
    case unavailable(String)
    /// The storage's permissions forbid access.
    case permissions(String)
    /// No salt could be made: the secure random source failed.
    case hashing(SecretHasherError)

    /// What went wrong, for the user and the log; never a PIN or a hash.
    public var description: String {
        switch self {
        case .weakPIN(let weakness): return "PIN refused: \(weakness)"
        case .unavailable(let reason): return "PIN storage unavailable: \(reason)"
        case .permissions(let reason): return "PIN storage permissions: \(reason)"
        case .hashing(let error): return "PIN hashing: \(error)"
        }
    }
}

/// What a `verify` found.
public enum PINVerification: Sendable, Hashable {
    /// The PIN is right; the failed attempts are back to zero.
    case accepted
    /// The PIN is wrong; `failedAttempts` wrong ones in a row now, counted
    /// durably before this answer was given.
    case rejected(failedAttempts: Int)
    /// No PIN is set: there is nothing to verify against.
    case noPINSet
}

/// Keeps the user's PIN lock — ContaCasal's PINManager ("PIN hash/verify via
/// Keychain"). The PIN itself is never stored: a `PINRecord` is (a salted,
/// slow hash made through a `SecretHasher`, with its salt, iteration count
/// and failed attempts), with the rest of the sensitive session data.
///
/// Contract, for every adapter:
/// - `set` refuses a PIN whose `weakness` is not nil (`.weakPIN`) and stores
///   nothing then; otherwise it stores a new record with a fresh 16-byte
///   salt, the iteration count the adapter was made with — at least
///   `PINRecord.minimumIterations` in any app; only a test may make an
///   adapter with fewer, to stay fast — and zero failed attempts, replacing
///   any previous one. No digit of the PIN, in any
///   encoding, is in what is stored.
/// - `verify` hashes the entry with the stored salt and count and compares
///   in constant time. A right PIN resets the failed attempts to zero; a
///   wrong one adds one, and the new count is stored before `verify`
///   answers — killing the app after a wrong entry does not forget it, and a
///   new adapter on the same storage (the next launch) sees the same count.
///   When the count cannot be stored, `verify` throws: never `.accepted`.
///   How many attempts are allowed is the caller's rule, not the vault's.
/// - `remove` deletes the record (and with it the count); removing when none
///   is set succeeds. `isSet` says whether a record is stored.
/// - Operations are atomic with respect to each other: two wrong entries at
///   once count two.
/// - Errors and descriptions never hold the PIN, its hash or its salt.
/// - The slow hash never runs on Swift's cooperative pool (one thread per
///   core): `set` and `verify` hand it to a thread or queue of their own and
///   await it, so the rest of the app keeps running meanwhile.
public protocol PINVault: Sendable {
    /// Whether a PIN is set.
    func isSet() async throws(PINVaultError) -> Bool

    /// Sets `pin`, replacing any PIN set before; failed attempts start at zero.
    func set(_ pin: PIN) async throws(PINVaultError)

    /// Checks `pin` against the stored record and counts a wrong one.
    func verify(_ pin: PIN) async throws(PINVaultError) -> PINVerification

    /// Removes the PIN: `isSet` is false afterwards.
    func remove() async throws(PINVaultError)
}

extension PINVerification {
    /// The answer for `pin` against `record`, and the record to store after it
    /// (the count reset or increased). The one rule every adapter applies.
    public static func check(
        _ pin: PIN, against record: PINRecord, hasher: any SecretHasher
    ) -> (verification: PINVerification, updated: PINRecord) {
        var updated = record
        if record.matches(pin, hasher: hasher) {
            updated.failedAttempts = 0
            return (.accepted, updated)
        }
        updated.failedAttempts += 1
        return (.rejected(failedAttempts: updated.failedAttempts), updated)
    }
}
