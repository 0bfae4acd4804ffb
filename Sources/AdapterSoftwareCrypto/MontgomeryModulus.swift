/// Arithmetic modulo an RSA modulus m (odd, 2048 to 4096 bits) in
/// Montgomery form on 64-bit limbs: a value a is held as a·R mod m, R =
/// 2^(64·k) for k limbs, so a product needs no division — one pass of word
/// products with the reduction interleaved (CIOS, Koç, Acar and Kaliski
/// 1996). What RS256 verification needs: s^e mod m for a public e.
///
/// Every number is `k` little-endian limbs. Nothing here takes the same
/// time whatever the values (verification handles public values only),
/// and nothing traps on any input: a modulus it cannot take is refused by
/// `init`, a value not below m by `power`.
struct MontgomeryModulus: Sendable {
    /// The modulus, `k` limbs, least significant first.
    let limbs: [UInt64]
    /// −m⁻¹ mod 2⁶⁴.
    private let inverseOfLowLimb: UInt64
    /// R² mod m: what a plain value is multiplied by to enter the form.
    private let rSquared: [UInt64]

    /// The modulus whose big-endian bytes are `bigEndian` (leading zero
    /// bytes allowed); nil unless it is odd and at least 2 limbs long.
    init?(bigEndian: [UInt8]) {
        let limbs = Self.limbs(bigEndian)
        guard limbs.count >= 2, let low = limbs.first, low & 1 == 1, let top = limbs.last, top != 0 else {
            return nil
        }
        self.limbs = limbs
        // Newton's iteration doubles the correct low bits each step: 6 steps give 64.
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- low &* inverse) }
        inverseOfLowLimb = 0 &- inverse
        rSquared = Self.rSquared(limbs, inverseOfLowLimb: inverseOfLowLimb)
    }

    /// How many limbs each number has.
    var count: Int { limbs.count }

    /// The limbs of big-endian bytes, least significant first, as many as
    /// the bytes need with no leading zero limb; `count` limbs when given
    /// and they fit (nil when they do not).
    static func limbs(_ bigEndian: [UInt8], count: Int? = nil) -> [UInt64] {
        var limbs: [UInt64] = []
        limbs.reserveCapacity(bigEndian.count / 8 + 1)
        var index = bigEndian.count
        while index > 0 {
            let start = max(0, index - 8)
            var limb: UInt64 = 0
            for byte in bigEndian[start..<index] { limb = limb << 8 | UInt64(byte) }
            limbs.append(limb)
            index = start
        }
        while limbs.last == 0 { limbs.removeLast() }
        if let count { limbs += [UInt64](repeating: 0, count: max(0, count - limbs.count)) }
        return limbs
    }

    /// `base`^`exponent` mod m, plain in and out (`k` limbs each); nil when
    /// `base` is not `k` limbs below m. Left to right, one squaring per bit
    /// of the exponent below its top one, every step in three buffers made
    /// once.
    func power(_ base: [UInt64], _ exponent: UInt64) -> [UInt64]? {
        guard base.count == count, Self.isLess(base, limbs), exponent > 0 else { return nil }
        let k = count
        var inForm = [UInt64](repeating: 0, count: k)
        var result = [UInt64](repeating: 0, count: k)
        var work = [UInt64](repeating: 0, count: 2 * k + 2)
        let top = 63 - exponent.leadingZeroBitCount
        let inverse = inverseOfLowLimb
        limbs.withUnsafeBufferPointer { m in
            work.withUnsafeMutableBufferPointer { work in
                inForm.withUnsafeMutableBufferPointer { inForm in
                    result.withUnsafeMutableBufferPointer { result in
                        base.withUnsafeBufferPointer { base in
                            rSquared.withUnsafeBufferPointer { rSquared in
                                Self.multiply(base, rSquared, into: inForm, work: work, modulus: m, inverse: inverse)
                            }
                        }
                        _ = result.initialize(from: inForm)
                        for bit in stride(from: top - 1, through: 0, by: -1) {
                            Self.square(
                                UnsafeBufferPointer(result), into: result, work: work, modulus: m, inverse: inverse)
                            if exponent >> UInt64(bit) & 1 == 1 {
                                Self.multiply(
                                    UnsafeBufferPointer(result), UnsafeBufferPointer(inForm), into: result, work: work,
                                    modulus: m, inverse: inverse)
                            }
                        }
                        Self.leave(UnsafeBufferPointer(result), into: result, work: work, modulus: m, inverse: inverse)
                    }
                }
            }
        }
        return result
    }

    /// left · right · R⁻¹ mod m, for two values below m.
    func multiply(_ left: [UInt64], _ right: [UInt64]) -> [UInt64] {
        Self.multiply(left, right, modulus: limbs, inverseOfLowLimb: inverseOfLowLimb)
    }

    private static func multiply(
        _ left: [UInt64], _ right: [UInt64], modulus: [UInt64], inverseOfLowLimb: UInt64
    ) -> [UInt64] {
        var result = [UInt64](repeating: 0, count: modulus.count)
        var work = [UInt64](repeating: 0, count: 2 * modulus.count + 2)
        left.withUnsafeBufferPointer { a in
            right.withUnsafeBufferPointer { b in
                modulus.withUnsafeBufferPointer { m in
                    work.withUnsafeMutableBufferPointer { work in
                        result.withUnsafeMutableBufferPointer { result in
                            multiply(a, b, into: result, work: work, modulus: m, inverse: inverseOfLowLimb)
                        }
                    }
                }
            }
        }
        return result
    }

    /// a · b · R⁻¹ mod m into `result` (which may be `a` or `b`: it is
    /// written last), `work` holding at least k + 2 words. The carries are
    /// words made from the carry flags with no branch (`step`): a branch on
    /// a carry the processor cannot predict made this four times slower.
    private static func multiply(
        _ a: UnsafeBufferPointer<UInt64>, _ b: UnsafeBufferPointer<UInt64>,
        into result: UnsafeMutableBufferPointer<UInt64>,
        work t: UnsafeMutableBufferPointer<UInt64>, modulus m: UnsafeBufferPointer<UInt64>, inverse: UInt64
    ) {
        let k = m.count
        for index in 0..<(k + 2) { t[index] = 0 }
        for i in 0..<k {
            // t += a · b[i]
            let word = b[i]
            var carry: UInt64 = 0
            for j in 0..<k { (t[j], carry) = step(a[j], word, t[j], carry) }
            let (top, topCarry) = t[k].addingReportingOverflow(carry)
            t[k] = top
            t[k + 1] = MontgomeryField.word(topCarry)
            // t = (t + q · m) / 2⁶⁴, q chosen so the low word vanishes.
            let q = t[0] &* inverse
            (_, carry) = step(q, m[0], t[0], 0)
            for j in 1..<k { (t[j - 1], carry) = step(q, m[j], t[j], carry) }
            let (last, lastCarry) = t[k].addingReportingOverflow(carry)
            t[k - 1] = last
            t[k] = t[k + 1] &+ MontgomeryField.word(lastCarry)
        }
        finish(UnsafeBufferPointer(rebasing: t[0..<k]), overflow: t[k] != 0, into: result, modulus: m)
    }

    /// a² · R⁻¹ mod m into `result` (which may be `a`), `work` holding at
    /// least 2k + 2 words: each cross product a[i]·a[j] once and doubled,
    /// then the diagonal, then the reduction — about a quarter fewer word
    /// products than `multiply`.
    private static func square(
        _ a: UnsafeBufferPointer<UInt64>, into result: UnsafeMutableBufferPointer<UInt64>,
        work p: UnsafeMutableBufferPointer<UInt64>, modulus m: UnsafeBufferPointer<UInt64>, inverse: UInt64
    ) {
        let k = m.count
        for index in 0..<(2 * k + 1) { p[index] = 0 }
        // The cross products, each once: p = Σ a[i]·a[j]·2^(64(i+j)), i < j.
        for i in 0..<(k - 1) {
            let word = a[i]
            var carry: UInt64 = 0
            for j in (i + 1)..<k { (p[i + j], carry) = step(a[j], word, p[i + j], carry) }
            p[i + k] = carry
        }
        // Doubled, and the squares a[i]² added on the diagonal.
        var shiftedOut: UInt64 = 0
        var carry: UInt64 = 0
        for i in 0..<k {
            let (squareHigh, squareLow) = a[i].multipliedFullWidth(by: a[i])
            let low = p[2 * i], high = p[2 * i + 1]
            let doubledLow = low << 1 | shiftedOut
            let doubledHigh = high << 1 | low >> 63
            shiftedOut = high >> 63
            // doubledLow + squareLow + carry, then doubledHigh + squareHigh + what carried.
            let (lowSum, lowCarry) = step(1, doubledLow, squareLow, carry)
            p[2 * i] = lowSum
            let (highSum, highCarry) = step(1, doubledHigh, squareHigh, lowCarry)
            p[2 * i + 1] = highSum
            carry = highCarry
        }
        p[2 * k] = carry &+ shiftedOut
        reduce(work: p, into: result, modulus: m, inverse: inverse)
    }

    /// a · R⁻¹ mod m into `result` (which may be `a`): leaving the form,
    /// a reduction alone — half the word products of multiplying by 1.
    private static func leave(
        _ a: UnsafeBufferPointer<UInt64>, into result: UnsafeMutableBufferPointer<UInt64>,
        work p: UnsafeMutableBufferPointer<UInt64>, modulus m: UnsafeBufferPointer<UInt64>, inverse: UInt64
    ) {
        let k = m.count
        for index in 0..<(2 * k + 1) { p[index] = index < k ? a[index] : 0 }
        reduce(work: p, into: result, modulus: m, inverse: inverse)
    }

    /// The 2k + 1 words of `p` (below m·R) times R⁻¹ mod m, into `result`:
    /// k times, q·m added at word i so that word i vanishes, then the top
    /// half below m.
    private static func reduce(
        work p: UnsafeMutableBufferPointer<UInt64>, into result: UnsafeMutableBufferPointer<UInt64>,
        modulus m: UnsafeBufferPointer<UInt64>, inverse: UInt64
    ) {
        let k = m.count
        for i in 0..<k {
            let q = p[i] &* inverse
            var carry: UInt64 = 0
            for j in 0..<k { (p[i + j], carry) = step(q, m[j], p[i + j], carry) }
            var index = i + k
            while carry != 0, index <= 2 * k {
                let (sum, overflow) = p[index].addingReportingOverflow(carry)
                p[index] = sum
                carry = MontgomeryField.word(overflow)
                index += 1
            }
        }
        finish(UnsafeBufferPointer(rebasing: p[k..<(2 * k)]), overflow: p[2 * k] != 0, into: result, modulus: m)
    }

    /// x · y + z + c as a word and the word that carries: at most 2¹²⁸ − 1,
    /// so it always fits ((2⁶⁴ − 1)² + 2·(2⁶⁴ − 1)); the carry flags become
    /// words with no branch.
    @inline(__always)
    private static func step(_ x: UInt64, _ y: UInt64, _ z: UInt64, _ c: UInt64) -> (UInt64, UInt64) {
        let (high, low) = x.multipliedFullWidth(by: y)
        let (first, carry1) = low.addingReportingOverflow(z)
        let (second, carry2) = first.addingReportingOverflow(c)
        return (second, high &+ MontgomeryField.word(carry1) &+ MontgomeryField.word(carry2))
    }

    /// `value` (below 2m, plus 2^(64k) when `overflow`) reduced below m, into `result`.
    private static func finish(
        _ value: UnsafeBufferPointer<UInt64>, overflow: Bool, into result: UnsafeMutableBufferPointer<UInt64>,
        modulus m: UnsafeBufferPointer<UInt64>
    ) {
        var below = !overflow
        if below {
            below = false
            for index in stride(from: m.count - 1, through: 0, by: -1) where value[index] != m[index] {
                below = value[index] < m[index]
                break
            }
        }
        if below {
            for index in 0..<m.count { result[index] = value[index] }
            return
        }
        var borrow: UInt64 = 0
        for index in 0..<m.count {
            let (difference, borrow1) = value[index].subtractingReportingOverflow(m[index])
            let (final, borrow2) = difference.subtractingReportingOverflow(borrow)
            result[index] = final
            borrow = borrow1 || borrow2 ? 1 : 0
        }
    }

    /// Whether `left` < `right`, both `k` limbs.
    static func isLess(_ left: [UInt64], _ right: [UInt64]) -> Bool {
        for index in stride(from: left.count - 1, through: 0, by: -1) where left[index] != right[index] {
            return left[index] < right[index]
        }
        return false
    }

    /// `value` −= `subtrahend` modulo 2^(64·k).
    private static func subtract(_ value: inout [UInt64], _ subtrahend: [UInt64]) {
        var borrow = false
        for index in value.indices {
            let (difference, borrow1) = value[index].subtractingReportingOverflow(subtrahend[index])
            let (final, borrow2) = difference.subtractingReportingOverflow(borrow ? 1 : 0)
            value[index] = final
            borrow = borrow1 || borrow2
        }
    }

    /// R² mod m, with no division: R mod m by doubling the modulus's top
    /// power of two up to R, then 2·R (the form of 2) raised to 64·k in the
    /// form — the form of 2^(64·k) = R, which is R·R mod m.
    private static func rSquared(_ modulus: [UInt64], inverseOfLowLimb: UInt64) -> [UInt64] {
        let k = modulus.count
        let bits = 64 * k - modulus[k - 1].leadingZeroBitCount
        // 2^(bits − 1) < m; doubling it 64·k − bits + 1 times gives R mod m.
        var value = [UInt64](repeating: 0, count: k)
        value[(bits - 1) / 64] = 1 << UInt64((bits - 1) % 64)
        for _ in 0..<(64 * k - bits + 1) { doubleModulo(&value, modulus) }
        let one = value
        doubleModulo(&value, modulus)
        let two = value
        var result = one
        let exponent = 64 * k
        let top = Int.bitWidth - 1 - exponent.leadingZeroBitCount
        for bit in stride(from: top, through: 0, by: -1) {
            result = multiply(result, result, modulus: modulus, inverseOfLowLimb: inverseOfLowLimb)
            if exponent >> bit & 1 == 1 {
                result = multiply(result, two, modulus: modulus, inverseOfLowLimb: inverseOfLowLimb)
            }
        }
        return result
    }

    /// `value` = 2 · `value` mod m, for `value` below m.
    private static func doubleModulo(_ value: inout [UInt64], _ modulus: [UInt64]) {
        var carry: UInt64 = 0
        for index in value.indices {
            let next = value[index] >> 63
            value[index] = value[index] << 1 | carry
            carry = next
        }
        if carry != 0 || !isLess(value, modulus) { subtract(&value, modulus) }
    }
}
