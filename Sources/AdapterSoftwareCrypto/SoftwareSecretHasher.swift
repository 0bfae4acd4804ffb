public import Ports

/// The `SecretHasher` written by hand in Swift: this module's SHA-256,
/// HMAC-SHA256 and PBKDF2, the kernel's random source and a constant-time
/// comparison. For Linux, where there is no CryptoKit.
public struct SoftwareSecretHasher: SecretHasher {
    public init() {}

    public func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] {
        try SystemRandomSource.bytes(byteCount)
    }

    public func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        PBKDF2HMACSHA256.deriveKey(password: secret, salt: salt, iterations: iterations, byteCount: byteCount)
    }

    public func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        ConstantTimeComparison.equal(left, right)
    }
}
