@testable import AdapterSoftwareCrypto
import Testing
import SeededNumbers

/// RSA's arithmetic on 64-bit limbs in Montgomery form, checked against the
/// general big-number arithmetic (`BigUInt`, Knuth's division: the code RS256
/// ran on before), on moduli a seeded generator makes at every size the
/// verifier takes — the Wycheproof files have 2048, 3072 and 4096 bits
/// only, while R² is found one way for a size that is whole limbs and
/// another for one that is not.
@Suite("MontgomeryModulus (RSA)")
struct MontgomeryModulusTests {
    /// Numbers from a seeded sequence (`SeededGenerator`), so a failure repeats.
    struct Numbers {
        var generator: SeededGenerator

        init(state: UInt64) { generator = SeededGenerator(seed: state) }

        mutating func next() -> UInt64 { generator.next() }

        /// `count` big-endian bytes, some runs all ones or zero (the carries' edges).
        mutating func bytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                switch next() % 8 {
                case 0: 0xFF
                case 1: 0
                default: UInt8(truncatingIfNeeded: next())
                }
            }
        }

        /// An odd modulus of exactly `bits` bits.
        mutating func modulus(bits: Int) -> [UInt8] {
            var bytes = self.bytes((bits + 7) / 8)
            let topBit = (bits - 1) % 8
            bytes[0] = bytes[0] & UInt8((1 << (topBit + 1)) - 1) | UInt8(1 << topBit)
            bytes[bytes.count - 1] |= 1
            return bytes
        }
    }

    static let sizes = [2048, 2049, 2111, 2500, 3000, 3072, 4000, 4095, 4096]

    @Test("s^e mod m is the general arithmetic's, at every size taken", arguments: sizes)
    func powerMatchesTheReference(bits: Int) throws {
        var numbers = Numbers(state: UInt64(bits))
        for _ in 0..<3 {
            let modulusBytes = numbers.modulus(bits: bits)
            let field = try #require(MontgomeryModulus(bigEndian: modulusBytes))
            let modulus = BigUInt(bigEndian: modulusBytes)
            for exponent: UInt64 in [3, 65537, .max] {
                let base = BigUInt(bigEndian: numbers.bytes(modulusBytes.count)) % modulus
                let baseBytes = try #require(base.bigEndianBytes(count: modulusBytes.count))
                let limbs = MontgomeryModulus.limbs(baseBytes, count: field.count)
                let power = try #require(field.power(limbs, exponent))
                let expected = base.power(BigUInt(bigEndian: Self.bytes(exponent)), modulo: modulus)
                #expect(
                    power
                        == MontgomeryModulus.limbs(
                            try #require(expected.bigEndianBytes(count: modulusBytes.count)), count: field.count),
                    "\(bits) bits, exponent \(exponent)")
            }
        }
    }

    @Test("A base not below the modulus, or not of its width, is refused; so is an even modulus or a zero one")
    func hostileInputsAreRefused() throws {
        var numbers = Numbers(state: 7)
        let modulusBytes = numbers.modulus(bits: 2048)
        let field = try #require(MontgomeryModulus(bigEndian: modulusBytes))
        let modulus = MontgomeryModulus.limbs(modulusBytes)
        #expect(field.power(modulus, 65537) == nil, "the modulus itself")
        #expect(field.power([UInt64](repeating: .max, count: field.count), 65537) == nil)
        #expect(field.power([1], 65537) == nil, "one limb where 32 are expected")
        #expect(field.power(MontgomeryModulus.limbs([2], count: field.count), 0) == nil, "a zero exponent")
        var even = modulusBytes
        even[even.count - 1] &= 0xFE
        #expect(MontgomeryModulus(bigEndian: even) == nil)
        #expect(MontgomeryModulus(bigEndian: [UInt8](repeating: 0, count: 256)) == nil)
        #expect(MontgomeryModulus(bigEndian: []) == nil)
    }

    private static func bytes(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> UInt64(8 * $0)) }
    }
}
