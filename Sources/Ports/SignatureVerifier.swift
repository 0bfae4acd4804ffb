/// The JWS algorithms (RFC 7518, §3.1) whose signatures a
/// `SignatureVerifier` checks: an ID token's `alg` is compared with these
/// raw values exactly — no trimming, no case folding.
public enum SignatureAlgorithm: String, Sendable, Hashable, CaseIterable {
    /// RSASSA-PKCS1-v1_5 with SHA-256.
    case rs256 = "RS256"
    /// ECDSA on P-256 with SHA-256, the signature as JOSE writes it: `r‖s`,
    /// 32 bytes each (RFC 7518, §3.4).
    case es256 = "ES256"
}

/// A public key a signature is checked with, as a JWK gives it
/// (RFC 7518, §6): its numbers as big-endian bytes.
public enum SignatureVerificationKey: Sendable, Hashable {
    /// An RSA key (`kty` "RSA"): its modulus `n` and exponent `e`.
    case rsa(modulus: [UInt8], exponent: [UInt8])
    /// A P-256 key (`kty` "EC", `crv` "P-256"): its point's coordinates, 32 bytes each.
    case p256(x: [UInt8], y: [UInt8])

    /// The algorithm this kind of key signs with.
    public var algorithm: SignatureAlgorithm {
        switch self {
        case .rsa: .rs256
        case .p256: .es256
        }
    }
}

/// Checks a signature with a public key: the ID token's, so that who signed
/// in is what the provider said and not what whoever answered the token
/// request wrote (OpenID Connect Core 1.0, section 3.1.3.7, items 6 to 8). Behind a
/// port so a platform with a crypto library can replace the hand-written one.
///
/// Contract, for every adapter:
/// - `isValid` is true only for `algorithm`'s signature of exactly
///   `message` by exactly `key`: one changed byte of either, another key,
///   or a key of the other kind (`key.algorithm` is not `algorithm`) is false.
/// - A key the verifier will not use is false for every signature: an RSA
///   modulus outside 2048–4096 bits or even, an exponent below 3, even, past
///   2^64 or not below the modulus; a P-256 point not on the curve or with a
///   coordinate of the wrong length.
/// - A signature of the wrong length is false (RS256: the modulus's length;
///   ES256: 64 bytes), and so is an ES256 one whose `r` or `s` is zero or not
///   below the curve's order.
/// - It only computes: nothing is sent, kept or printed, and it never traps
///   on any bytes given.
public protocol SignatureVerifier: Sendable {
    /// Whether `signature` is `algorithm`'s signature of `message` by `key`.
    func isValid(
        _ signature: [UInt8], of message: [UInt8], by key: SignatureVerificationKey, algorithm: SignatureAlgorithm
    ) -> Bool

    /// The SHA-256 digest of `bytes` (FIPS 180-4): the hash both algorithms
    /// sign, which an ID token's `at_hash` is made from too (OpenID Connect
    /// Core 1.0, section 3.1.3.8).
    func sha256(_ bytes: [UInt8]) -> [UInt8]
}
