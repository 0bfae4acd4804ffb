/// Why a `SecretHasher` could not do what was asked. Never carries a secret.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum SecretHasherError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The system's secure random source could not be read; no salt was made.
    case randomnessUnavailable(String)

    /// What went wrong with the random source; never a secret.
    public var description: String {
        switch self {
        case .randomnessUnavailable(let reason): return "secure random source unavailable: \(reason)"
        }
    }
}

/// The slow, salted hash a short secret (a PIN) is kept as, and the two
/// tools that go with it. Behind a port so a platform with a crypto library
/// (CryptoKit's PBKDF2 on Apple) can replace the hand-written one.
///
/// Contract, for every adapter:
/// - `derive` is PBKDF2-HMAC-SHA256 (RFC 8018 §5.2): a pure function of its
///   inputs, so a key derived today is derived again tomorrow, by any adapter.
/// - `randomSalt` reads the system's cryptographically secure source (never a
///   seeded or predictable generator); two salts are independent.
/// - `isEqualInConstantTime` takes time that depends on the lengths only,
///   never on where the two values first differ.
/// - Nothing here logs, prints or keeps what it is given.
public protocol SecretHasher: Sendable {
    /// `byteCount` bytes from the system's secure random source.
    ///
    /// - Throws: `SecretHasherError.randomnessUnavailable` when the source
    ///   cannot be read; it never falls back to a weaker one.
    func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8]

    /// PBKDF2-HMAC-SHA256 of `secret` under `salt`, `iterations` rounds
    /// (at least 1), `byteCount` bytes (at least 1).
    func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8]

    /// Whether `left` and `right` hold the same bytes, in constant time.
    func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool
}
