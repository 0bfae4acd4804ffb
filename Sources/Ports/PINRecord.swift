/// What is stored for a PIN: never the PIN, only its salted PBKDF2-HMAC-SHA256
/// hash, what is needed to compute it again, and the failed attempts.
///
/// Its description shows the iteration count and the attempts, never the
/// salt or the hash (a hash of a 4-digit PIN is as good as the PIN to anyone
/// who can run 10,000 guesses).
public struct PINRecord: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    /// The iterations a new record gets: the cost of one guess on a phone is
    /// a noticeable fraction of a second, so an attempt limit is what bites.
    public static let defaultIterations = 100_000
    /// The fewest iterations an adapter may use for a new record.
    public static let minimumIterations = 100_000
    /// The salt's length, fresh from the secure random source for each set.
    public static let saltByteCount = 16
    /// The derived key's length: one SHA-256 block of output.
    public static let hashByteCount = 32

    /// The random bytes mixed into the hash, so that two records of one PIN
    /// differ and no table of precomputed hashes applies.
    public var salt: [UInt8]
    /// How many PBKDF2 rounds made `hash`; a check repeats exactly as many.
    public var iterations: Int
    /// PBKDF2-HMAC-SHA256 of the PIN with `salt` and `iterations`: the only
    /// trace of the PIN kept anywhere.
    public var hash: [UInt8]
    /// Wrong PINs entered since the PIN was set or last entered right.
    public var failedAttempts: Int

    /// A record as stored: what `make(for:iterations:hasher:)` made, read back
    /// by an adapter.
    /// - Parameters:
    ///   - salt: the record's salt.
    ///   - iterations: the rounds that made `hash`.
    ///   - hash: the derived key.
    ///   - failedAttempts: wrong PINs entered since the last right one.
    public init(salt: [UInt8], iterations: Int, hash: [UInt8], failedAttempts: Int) {
        self.salt = salt
        self.iterations = iterations
        self.hash = hash
        self.failedAttempts = failedAttempts
    }

    /// A new record for `pin`: a fresh salt, `iterations` rounds, no failed attempts.
    public static func make(
        for pin: PIN, iterations: Int, hasher: any SecretHasher
    ) throws(SecretHasherError) -> PINRecord {
        let salt = try hasher.randomSalt(byteCount: saltByteCount)
        let hash = hasher.derive(
            secret: Array(pin.reveal().utf8), salt: salt, iterations: iterations, byteCount: hashByteCount)
        return PINRecord(salt: salt, iterations: iterations, hash: hash, failedAttempts: 0)
    }

    /// Whether `pin` is the one this record was made for: hashed with this
    /// record's salt and count, compared in constant time.
    public func matches(_ pin: PIN, hasher: any SecretHasher) -> Bool {
        guard iterations >= 1, !salt.isEmpty, hash.count == Self.hashByteCount else { return false }
        let candidate = hasher.derive(
            secret: Array(pin.reveal().utf8), salt: salt, iterations: iterations, byteCount: hash.count)
        return hasher.isEqualInConstantTime(candidate, hash)
    }

    /// The iteration count and the failed attempts; the salt and the hash
    /// are never printed.
    public var description: String {
        "PINRecord(iterations: \(iterations), failedAttempts: \(failedAttempts), salt and hash redacted)"
    }

    /// What `dump` and the debugger show: as `description`, salt and hash
    /// redacted.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["iterations": iterations, "failedAttempts": failedAttempts, "salt and hash": "redacted"],
            displayStyle: .struct)
    }
}
