@testable import AdapterSoftwareCrypto
import Testing

/// The arithmetic under the signatures, checked by identities on numbers a
/// seeded generator makes (so a failure repeats), at every limb count the
/// verifier meets and around the edges Knuth's division has (a quotient
/// guess one or two too large, a divisor of one limb, a zero remainder).
@Suite("BigUInt")
struct BigUIntTests {
    /// SplitMix64: a fixed, well-mixed sequence.
    private struct Numbers {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A number of `limbs` 32-bit limbs, some of them all ones or zero (the division's edges).
        mutating func number(limbs: Int) -> BigUInt {
            var bytes: [UInt8] = []
            for _ in 0..<limbs {
                let word: UInt32 =
                    switch next() % 8 {
                    case 0: .max
                    case 1: 0
                    default: UInt32(truncatingIfNeeded: next())
                    }
                bytes += [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
            }
            return BigUInt(bigEndian: bytes)
        }
    }

    @Test("Division: quotient × divisor + remainder is the dividend, and the remainder is below the divisor")
    func divisionIdentity() {
        var numbers = Numbers(state: 42)
        for _ in 0..<3_000 {
            let divisorLimbs = Int(numbers.next() % 20) + 1
            let dividend = numbers.number(limbs: Int(numbers.next() % 40) + 1)
            let divisor = numbers.number(limbs: divisorLimbs)
            guard !divisor.isZero else { continue }
            let (quotient, remainder) = dividend.quotientAndRemainder(dividingBy: divisor)
            #expect(quotient * divisor + remainder == dividend)
            #expect(remainder < divisor)
        }
    }

    @Test("Division of a product by a factor gives the other factor and nothing over")
    func divisionOfAProduct() {
        var numbers = Numbers(state: 7)
        for _ in 0..<2_000 {
            let left = numbers.number(limbs: Int(numbers.next() % 16) + 1)
            let right = numbers.number(limbs: Int(numbers.next() % 16) + 1)
            guard !right.isZero else { continue }
            let (quotient, remainder) = (left * right).quotientAndRemainder(dividingBy: right)
            #expect(quotient == left)
            #expect(remainder.isZero)
        }
    }

    @Test("Addition and subtraction undo each other; bytes round-trip")
    func additionAndBytes() {
        var numbers = Numbers(state: 9)
        for _ in 0..<2_000 {
            let left = numbers.number(limbs: Int(numbers.next() % 12) + 1)
            let right = numbers.number(limbs: Int(numbers.next() % 12) + 1)
            #expect(left + right - right == left)
            let count = (left.bitWidth + 7) / 8
            #expect(left.bigEndianBytes(count: count).map { BigUInt(bigEndian: $0) } == left)
            #expect(left.bigEndianBytes(count: count + 3)?.prefix(3) == [0, 0, 0])
            if count > 0 { #expect(left.bigEndianBytes(count: count - 1) == nil) }
        }
    }

    @Test("A modular power matches repeated multiplication, and Fermat's little theorem holds for P-256's primes")
    func modularPower() {
        var numbers = Numbers(state: 3)
        let modulus = numbers.number(limbs: 5) + BigUInt(1)
        let base = numbers.number(limbs: 4)
        var product = BigUInt.one
        for exponent in 0..<40 {
            #expect(base.power(BigUInt(UInt64(exponent)), modulo: modulus) == product)
            product = product * base % modulus
        }
        for prime in [P256.p, P256.n] {
            let value = numbers.number(limbs: 8) % prime
            guard !value.isZero else { continue }
            #expect(value.power(prime - BigUInt.one, modulo: prime) == .one)
            #expect(PrimeField(modulus: prime).multiply(value, PrimeField(modulus: prime).inverse(value)) == .one)
        }
    }

    @Test("P-256's base point is on the curve, n times it is infinity, and a point off the curve is not on it")
    func curveConstants() {
        let g = P256.generator
        #expect(P256.isOnCurve(x: g.x, y: g.y))
        #expect(!P256.isOnCurve(x: g.x, y: g.y + BigUInt.one))
        #expect(JacobianPoint.combination(P256.n, g, .zero, g).isInfinity)
        let twice = JacobianPoint.combination(BigUInt(2), g, .zero, g).affine()
        let added = g.adding(g).affine()
        #expect(twice?.x == added?.x && twice?.y == added?.y)
        if let (x, y) = twice { #expect(P256.isOnCurve(x: x, y: y)) }
    }
}
