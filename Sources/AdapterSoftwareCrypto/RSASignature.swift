/// RSASSA-PKCS1-v1_5 verification with SHA-256 (RFC 8017, §8.2.2, §9.2),
/// for keys of 2048 to 4096 bits: JWS's RS256 (RFC 7518, §3.3).
enum RSASignature {
    /// The sizes of modulus accepted, in bits: below 2048 is too weak
    /// (RFC 7518, §3.3), above 4096 costs a verifier more than a real key needs.
    static let modulusBits = 2048...4096

    /// DigestInfo's DER prefix for SHA-256 (RFC 8017, §9.2, note 1).
    private static let sha256DigestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04,
        0x20,
    ]

    /// Whether (`modulus`, `exponent`) is a key this verifier takes: a
    /// modulus of `modulusBits` that is odd, and an odd exponent of at
    /// least 3, below the modulus and at most 2^64 (real keys use 65537; a
    /// larger one only makes the verifier slower).
    static func isUsableKey(modulus: BigUInt, exponent: BigUInt) -> Bool {
        modulusBits.contains(modulus.bitWidth) && modulus.bit(0) && exponent.bit(0) && exponent >= BigUInt(3)
            && exponent.bitWidth <= 64 && exponent < modulus
    }

    /// Whether `signature` is the key's RSASSA-PKCS1-v1_5 signature of a
    /// message whose SHA-256 digest is `digest`.
    static func verify(signature: [UInt8], digest: [UInt8], modulus: BigUInt, exponent: BigUInt) -> Bool {
        guard isUsableKey(modulus: modulus, exponent: exponent), digest.count == 32 else { return false }
        let length = (modulus.bitWidth + 7) / 8
        guard signature.count == length else { return false }
        let s = BigUInt(bigEndian: signature)
        guard s < modulus else { return false }
        guard let encoded = s.power(exponent, modulo: modulus).bigEndianBytes(count: length) else { return false }
        let digestInfo = sha256DigestInfoPrefix + digest
        let padding = length - 3 - digestInfo.count
        guard padding >= 8 else { return false }
        let expected: [UInt8] = [0x00, 0x01] + [UInt8](repeating: 0xFF, count: padding) + [0x00] + digestInfo
        return encoded == expected
    }
}
