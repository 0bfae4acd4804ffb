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

    public var salt: [UInt8]
    public var iterations: Int
    public var hash: [UInt8]
    /// Wrong PINs entered since the PIN was set or last entered right.
    public var failedAttempts: Int

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

    public var description: String {
        "PINRecord(iterations: \(iterations), failedAttempts: \(failedAttempts), salt and hash redacted)"
    }

    public var customMirror: Mirror {
        Mirror(
            self, children: ["iterations": iterations, "failedAttempts": failedAttempts, "salt and hash": "redacted"],
            displayStyle: .struct)
    }
}
