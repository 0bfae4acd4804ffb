/// Arithmetic modulo an odd 256-bit modulus m above 2²⁵⁵ (P-256's p and
/// n) in Montgomery form: a value a is held as a·R mod m, R = 2²⁵⁶, so a
/// product needs no division — one pass of word products and a
/// reduction by multiples of m (CIOS, Koç, Acar and Kaliski 1996). Every
/// value handed in is below m; every value handed out is too.
///
/// Verification only: its inputs are public, so nothing here needs to take
/// the same time whatever the values.
struct MontgomeryField: Sendable {
    let modulus: UInt256
    /// −m⁻¹ mod 2⁶⁴.
    private let inverseOfLowLimb: UInt64
    /// R² mod m: what a plain value is multiplied by to enter the form.
    private let rSquared: UInt256
    /// 1 in Montgomery form (R mod m).
    let one: UInt256

    init(modulus: UInt256) {
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits each step: 6 steps give 64.
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- modulus.l0 &* inverse) }
        inverseOfLowLimb = 0 &- inverse
        // R mod m = 2²⁵⁶ − m, as m > 2²⁵⁵; doubling it 256 times gives R² mod m.
        let rModM = UInt256.subtracting(.zero, modulus).difference
        one = rModM
        var square = rModM
        let partial = Self(modulus: modulus, inverseOfLowLimb: inverseOfLowLimb, rSquared: .zero, one: rModM)
        for _ in 0..<256 { square = partial.add(square, square) }
        rSquared = square
    }

    private init(modulus: UInt256, inverseOfLowLimb: UInt64, rSquared: UInt256, one: UInt256) {
        self.modulus = modulus
        self.inverseOfLowLimb = inverseOfLowLimb
        self.rSquared = rSquared
        self.one = one
    }

    /// `value` (below 2²⁵⁶) reduced below m: one subtraction, as m > 2²⁵⁵.
    func reduced(_ value: UInt256) -> UInt256 {
        value < modulus ? value : UInt256.subtracting(value, modulus).difference
    }

    /// A plain value below m, in Montgomery form.
    func entering(_ value: UInt256) -> UInt256 { multiply(value, rSquared) }

    /// A value in Montgomery form, back to plain.
    func leaving(_ value: UInt256) -> UInt256 { multiply(value, .one) }

    func add(_ left: UInt256, _ right: UInt256) -> UInt256 {
        let (sum, carry) = UInt256.adding(left, right)
        return carry || !(sum < modulus) ? UInt256.subtracting(sum, modulus).difference : sum
    }

    func subtract(_ left: UInt256, _ right: UInt256) -> UInt256 {
        let (difference, borrow) = UInt256.subtracting(left, right)
        return borrow ? UInt256.adding(difference, modulus).sum : difference
    }

    /// left · right · R⁻¹ mod m: the product of two values in the form, in
    /// the form. The carries are words made from the carry flags with no
    /// branch (`word(_:)`): a branch on a carry the processor cannot
    /// predict made this three times slower.
    func multiply(_ left: UInt256, _ right: UInt256) -> UInt256 {
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0, t4: UInt64 = 0
        for index in 0..<4 {
            // t += left[index] · right
            let word = left[index]
            var (high, low) = word.multipliedFullWidth(by: right.l0)
            (t0, high) = Self.add(low, t0, high)
            var carry = high
            (high, low) = word.multipliedFullWidth(by: right.l1)
            (t1, carry) = Self.add(low, t1, carry, high)
            (high, low) = word.multipliedFullWidth(by: right.l2)
            (t2, carry) = Self.add(low, t2, carry, high)
            (high, low) = word.multipliedFullWidth(by: right.l3)
            (t3, carry) = Self.add(low, t3, carry, high)
            let (top, topCarry) = t4.addingReportingOverflow(carry)
            t4 = top
            let t5 = Self.word(topCarry)
            // t = (t + q · m) / 2⁶⁴, q chosen so the low word vanishes.
            let q = t0 &* inverseOfLowLimb
            (high, low) = q.multipliedFullWidth(by: modulus.l0)
            (_, carry) = Self.add(low, t0, 0, high)
            (high, low) = q.multipliedFullWidth(by: modulus.l1)
            (t0, carry) = Self.add(low, t1, carry, high)
            (high, low) = q.multipliedFullWidth(by: modulus.l2)
            (t1, carry) = Self.add(low, t2, carry, high)
            (high, low) = q.multipliedFullWidth(by: modulus.l3)
            (t2, carry) = Self.add(low, t3, carry, high)
            let (last, lastCarry) = t4.addingReportingOverflow(carry)
            t3 = last
            t4 = t5 &+ Self.word(lastCarry)
        }
        let result = UInt256(l0: t0, l1: t1, l2: t2, l3: t3)
        return t4 != 0 || !(result < modulus) ? UInt256.subtracting(result, modulus).difference : result
    }

    /// low + a + b as a word, and high plus what carried out of the sum:
    /// the next step's carry (no overflow: a product's high word is at most
    /// 2⁶⁴ − 2).
    @inline(__always)
    private static func add(_ low: UInt64, _ a: UInt64, _ b: UInt64, _ high: UInt64) -> (UInt64, UInt64) {
        let (first, carry1) = low.addingReportingOverflow(a)
        let (second, carry2) = first.addingReportingOverflow(b)
        return (second, high &+ word(carry1) &+ word(carry2))
    }

    @inline(__always)
    private static func add(_ low: UInt64, _ a: UInt64, _ high: UInt64) -> (UInt64, UInt64) {
        let (sum, carry) = low.addingReportingOverflow(a)
        return (sum, high &+ word(carry))
    }

    /// 1 for true, 0 for false, with no branch: a Bool's byte is 0 or 1.
    @inline(__always)
    static func word(_ flag: Bool) -> UInt64 {
        UInt64(unsafeBitCast(flag, to: UInt8.self))
    }

    /// The inverse of `value` (in the form, not zero), in the form: value^(m−2),
    /// by Fermat's little theorem (m is prime).
    func inverse(_ value: UInt256) -> UInt256 {
        let exponent = UInt256.subtracting(modulus, UInt256(l0: 2, l1: 0, l2: 0, l3: 0)).difference
        var result = one
        for index in stride(from: 255, through: 0, by: -1) {
            result = multiply(result, result)
            if exponent.bit(index) { result = multiply(result, value) }
        }
        return result
    }
}
