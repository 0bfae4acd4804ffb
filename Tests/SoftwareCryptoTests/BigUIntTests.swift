@testable import AdapterSoftwareCrypto
import Testing
import SeededNumbers

/// The arithmetic under the signatures, checked by identities on numbers a
/// seeded generator makes (so a failure repeats), at every limb count the
/// verifier meets and around the edges Knuth's division has (a quotient
/// guess one or two too large, a divisor of one limb, a zero remainder).
@Suite("BigUInt")
struct BigUIntTests {
    /// Numbers from a seeded sequence (`SeededGenerator`), so a failure repeats.
    private struct Numbers {
        var generator: SeededGenerator

        init(state: UInt64) { generator = SeededGenerator(seed: state) }

        mutating func next() -> UInt64 { generator.next() }

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
    }

    /// A BigUInt as the fixed-width integer (it is below 2²⁵⁶).
    private static func fixed(_ value: BigUInt) -> UInt256? {
        value.bigEndianBytes(count: 32).flatMap { UInt256(bigEndian: $0) }
    }

    /// The fixed-width integer as a BigUInt.
    private static func big(_ value: UInt256) -> BigUInt { BigUInt(bigEndian: value.bigEndianBytes) }

    @Test(
        "P-256's fixed-width fields agree with BigUInt: sums, differences, products and inverses mod p and mod n, on numbers at their edges"
    )
    func montgomeryFieldsAgreeWithBigUInt() throws {
        var numbers = Numbers(state: 7)
        for field in [P256.field, P256.scalars] {
            let modulus = Self.big(field.modulus)
            for _ in 0..<200 {
                let a = numbers.number(limbs: 8) % modulus
                let b = numbers.number(limbs: 8) % modulus
                let (fa, fb) = (try #require(Self.fixed(a)), try #require(Self.fixed(b)))
                let (ma, mb) = (field.entering(fa), field.entering(fb))
                #expect(Self.big(field.leaving(ma)) == a, "entering and leaving the form")
                #expect(Self.big(field.leaving(field.add(ma, mb))) == (a + b) % modulus)
                #expect(Self.big(field.leaving(field.subtract(ma, mb))) == (a + modulus - b) % modulus)
                #expect(Self.big(field.leaving(field.multiply(ma, mb))) == a * b % modulus)
                if !a.isZero {
                    #expect(field.multiply(ma, field.inverse(ma)) == field.one, "a · a⁻¹ = 1")
                }
            }
            let top = try #require(Self.fixed(modulus - BigUInt.one))
            let mTop = field.entering(top)
            #expect(Self.big(field.leaving(field.multiply(mTop, mTop))) == BigUInt.one, "(m − 1)² = 1")
            #expect(field.add(mTop, field.one) == field.entering(.zero), "(m − 1) + 1 = 0")
        }
    }

    @Test("P-256's base point is on the curve, n times it is infinity, and a point off the curve is not on it")
    func curveConstants() {
        let g = P256.generator
        #expect(P256.isOnCurve(x: P256.generatorX, y: P256.generatorY))
        #expect(!P256.isOnCurve(x: P256.generatorX, y: UInt256.adding(P256.generatorY, .one).sum))
        #expect(!P256.isOnCurve(x: P256.p, y: P256.generatorY), "a coordinate not reduced")
        #expect(P256Point.combination(P256.n, g, .zero, g).isInfinity)
        let twice = P256Point.combination(UInt256(l0: 2, l1: 0, l2: 0, l3: 0), g, .zero, g).affine()
        let added = g.adding(g).affine()
        #expect(twice != nil && twice?.x == added?.x && twice?.y == added?.y)
        if let (x, y) = twice { #expect(P256.isOnCurve(x: x, y: y)) }
    }
}
