import Ports

/// A `SecretHasher` for domain tests: not a hash at all — the secret and the
/// salt laid side by side — so a PIN check costs nothing and the domain's
/// rules are tested apart from the slow PBKDF2 (tested against its vectors in
/// SoftwareCryptoTests). Different PINs still give different bytes.
struct StandInSecretHasher: SecretHasher {
    func randomSalt(byteCount: Int) throws(SecretHasherError) -> [UInt8] {
        Array(repeating: 0x5a, count: byteCount)
    }

    func derive(secret: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        let laid = secret + salt
        return (0..<byteCount).map { laid[$0 % laid.count] }
    }

    func isEqualInConstantTime(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        left == right
    }
}
