import Synchronization

/// RSASSA-PKCS1-v1_5 verification with SHA-256 (RFC 8017, §8.2.2, §9.2),
/// for keys of 2048 to 4096 bits: JWS's RS256 (RFC 7518, §3.3), on 64-bit
/// limbs in Montgomery form (`MontgomeryModulus`): no division anywhere.
enum RSASignature {
    /// The Montgomery form of the last few moduli verified with, by their
    /// bytes: a provider signs every ID token with one of the few keys of
    /// its key set, and entering the form (R² mod m) costs about as much as
    /// the verification itself. (OpenSSL keeps the same on its key object.)
    /// Public keys only; at most `cachedModuli`, the oldest let go first.
    private static let recentModuli = Mutex<[(modulus: [UInt8], field: MontgomeryModulus)]>([])
    static let cachedModuli = 8

    /// The Montgomery form of `modulus` (no leading zero byte), from the
    /// last few used or made now.
    private static func field(of modulus: [UInt8]) -> MontgomeryModulus? {
        if let known = recentModuli.withLock({ recent in recent.first { $0.modulus == modulus }?.field }) {
            return known
        }
        guard let field = MontgomeryModulus(bigEndian: modulus) else { return nil }
        recentModuli.withLock { recent in
            recent.append((modulus, field))
            if recent.count > cachedModuli { recent.removeFirst() }
        }
        return field
    }

    /// The sizes of modulus accepted, in bits: below 2048 is too weak
    /// (RFC 7518, §3.3), above 4096 costs a verifier more than a real key needs.
    static let modulusBits = 2048...4096

    /// DigestInfo's DER prefix for SHA-256 (RFC 8017, §9.2, note 1).
    private static let sha256DigestInfoPrefix: [UInt8] = [
        0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04,
        0x20,
    ]

    /// A key this verifier takes: its modulus (no leading zero byte), its
    /// size in bits, and its exponent.
    struct Key {
        let modulus: [UInt8]
        let bits: Int
        let exponent: UInt64
    }

    /// The key (`modulus`, `exponent`), big-endian, leading zero bytes
    /// allowed; nil unless the modulus is odd and of `modulusBits`, and the
    /// exponent odd, at least 3 and at most 2^64 (real keys use 65537; a
    /// larger one only makes the verifier slower) — below every modulus
    /// taken, which is at least 2^2047.
    static func usableKey(modulus: [UInt8], exponent: [UInt8]) -> Key? {
        let modulus = Array(modulus.drop { $0 == 0 })
        let exponentBytes = exponent.drop { $0 == 0 }
        guard let top = modulus.first, let low = modulus.last, low & 1 == 1, exponentBytes.count <= 8 else {
            return nil
        }
        let bits = modulus.count * 8 - top.leadingZeroBitCount
        let exponent = exponentBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard modulusBits.contains(bits), exponent & 1 == 1, exponent >= 3 else { return nil }
        return Key(modulus: modulus, bits: bits, exponent: exponent)
    }

    /// Whether `signature` is the key's RSASSA-PKCS1-v1_5 signature of a
    /// message whose SHA-256 digest is `digest`.
    static func verify(signature: [UInt8], digest: [UInt8], modulus: [UInt8], exponent: [UInt8]) -> Bool {
        guard let key = usableKey(modulus: modulus, exponent: exponent), digest.count == 32,
            let field = field(of: key.modulus)
        else { return false }
        let length = (key.bits + 7) / 8
        guard signature.count == length else { return false }
        // A signature not below the modulus is refused by `power`.
        let s = MontgomeryModulus.limbs(signature, count: field.count)
        guard s.count == field.count, let power = field.power(s, key.exponent) else { return false }
        let digestInfo = sha256DigestInfoPrefix + digest
        let padding = length - 3 - digestInfo.count
        guard padding >= 8 else { return false }
        let expected: [UInt8] = [0x00, 0x01] + [UInt8](repeating: 0xFF, count: padding) + [0x00] + digestInfo
        return bigEndian(power, count: length) == expected
    }

    /// The `count` big-endian bytes of `limbs` (least significant first);
    /// the limbs' bytes past `count` are zero, as the value is below a
    /// modulus of `count` bytes.
    private static func bigEndian(_ limbs: [UInt64], count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<count {
            let limb = limbs[index / 8]
            bytes[count - 1 - index] = UInt8(truncatingIfNeeded: limb >> UInt64(8 * (index % 8)))
        }
        return bytes
    }
}
