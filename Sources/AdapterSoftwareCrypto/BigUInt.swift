/// A non-negative integer of any size, for the public-key arithmetic of
/// signature verification (RSA's modular power, P-256's field and scalar
/// arithmetic). Verification handles only public values, so nothing here
/// needs to run in constant time.
///
/// Little-endian 32-bit limbs with no zero limb at the top (zero has none):
/// a product of two limbs and a carry fits a `UInt64`, which keeps the
/// schoolbook multiplication and Knuth's division (The Art of Computer
/// Programming, vol. 2, section 4.3.1, Algorithm D) free of overflow.
struct BigUInt: Sendable, Hashable, Comparable {
    private(set) var limbs: [UInt32]

    static let zero = BigUInt(limbs: [])
    static let one = BigUInt(1)

    init(_ value: UInt64) {
        self.init(limbs: [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)])
    }

    /// The number whose big-endian bytes are `bytes` (leading zeros allowed).
    init(bigEndian bytes: some Collection<UInt8>) {
        var limbs = [UInt32](repeating: 0, count: (bytes.count + 3) / 4)
        for (index, byte) in bytes.reversed().enumerated() {
            limbs[index / 4] |= UInt32(byte) << (8 * UInt32(index % 4))
        }
        self.init(limbs: limbs)
    }

    /// The hexadecimal digits of `text` (no prefix), or nil for any other character.
    init?(hex text: String) {
        var bytes: [UInt8] = []
        var digits = Array(text.utf8)
        if digits.count % 2 == 1 { digits.insert(UInt8(ascii: "0"), at: 0) }
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else {
                return nil
            }
            bytes.append(high << 4 | low)
        }
        self.init(bigEndian: bytes)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private init(limbs: [UInt32]) {
        var limbs = limbs
        while limbs.last == 0 { limbs.removeLast() }
        self.limbs = limbs
    }

    var isZero: Bool { limbs.isEmpty }

    /// How many bits it takes: 0 for zero.
    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    /// Bit `index`, counted from the least significant.
    func bit(_ index: Int) -> Bool {
        let limb = index / 32
        guard limb < limbs.count else { return false }
        return limbs[limb] >> UInt32(index % 32) & 1 == 1
    }

    /// Its big-endian bytes, left-padded with zeros to `count`; nil when it
    /// needs more than `count` bytes.
    func bigEndianBytes(count: Int) -> [UInt8]? {
        guard (bitWidth + 7) / 8 <= count else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        for index in 0..<min(count, limbs.count * 4) {
            bytes[count - 1 - index] = UInt8(truncatingIfNeeded: limbs[index / 4] >> (8 * UInt32(index % 4)))
        }
        return bytes
    }

    static func < (left: BigUInt, right: BigUInt) -> Bool {
        guard left.limbs.count == right.limbs.count else { return left.limbs.count < right.limbs.count }
        for index in left.limbs.indices.reversed() where left.limbs[index] != right.limbs[index] {
            return left.limbs[index] < right.limbs[index]
        }
        return false
    }

    static func + (left: BigUInt, right: BigUInt) -> BigUInt {
        let count = max(left.limbs.count, right.limbs.count)
        var sum = [UInt32](repeating: 0, count: count + 1)
        var carry: UInt64 = 0
        for index in 0..<count {
            let total =
                UInt64(index < left.limbs.count ? left.limbs[index] : 0)
                + UInt64(index < right.limbs.count ? right.limbs[index] : 0) + carry
            sum[index] = UInt32(truncatingIfNeeded: total)
            carry = total >> 32
        }
        sum[count] = UInt32(carry)
        return BigUInt(limbs: sum)
    }

    /// `left - right`; the caller makes sure `left >= right`.
    static func - (left: BigUInt, right: BigUInt) -> BigUInt {
        precondition(left >= right, "BigUInt subtraction below zero")
        var difference = left.limbs
        var borrow: Int64 = 0
        for index in difference.indices {
            let total =
                Int64(difference[index]) - Int64(index < right.limbs.count ? right.limbs[index] : 0) - borrow
            difference[index] = UInt32(truncatingIfNeeded: total)
            borrow = total < 0 ? 1 : 0
        }
        return BigUInt(limbs: difference)
    }

    static func * (left: BigUInt, right: BigUInt) -> BigUInt {
        guard !left.isZero, !right.isZero else { return .zero }
        var product = [UInt32](repeating: 0, count: left.limbs.count + right.limbs.count)
        // Through buffer pointers: no bounds or uniqueness check per limb,
        // which is most of the cost in a debug build (RSA's 2048-bit products).
        product.withUnsafeMutableBufferPointer { out in
            left.limbs.withUnsafeBufferPointer { lefts in
                right.limbs.withUnsafeBufferPointer { rights in
                    var i = 0
                    while i < lefts.count {
                        var carry: UInt64 = 0
                        let a = UInt64(lefts[i])
                        var j = 0
                        while j < rights.count {
                            // (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1: never overflows.
                            let total = a &* UInt64(rights[j]) &+ UInt64(out[i + j]) &+ carry
                            out[i + j] = UInt32(truncatingIfNeeded: total)
                            carry = total >> 32
                            j += 1
                        }
                        out[i + rights.count] = UInt32(truncatingIfNeeded: carry)
                        i += 1
                    }
                }
            }
        }
        return BigUInt(limbs: product)
    }

    /// The remainder of `left` divided by `right`, which must not be zero.
    static func % (left: BigUInt, right: BigUInt) -> BigUInt {
        left.quotientAndRemainder(dividingBy: right).remainder
    }

    /// Knuth's Algorithm D, in the form of Hacker's Delight's `divmnu`.
    func quotientAndRemainder(dividingBy divisor: BigUInt) -> (quotient: BigUInt, remainder: BigUInt) {
        precondition(!divisor.isZero, "BigUInt division by zero")
        if self < divisor { return (.zero, self) }
        let v = divisor.limbs
        let n = v.count
        if n == 1 {
            var quotient = [UInt32](repeating: 0, count: limbs.count)
            var remainder: UInt64 = 0
            let d = UInt64(v[0])
            for index in limbs.indices.reversed() {
                let current = remainder << 32 | UInt64(limbs[index])
                quotient[index] = UInt32(current / d)
                remainder = current % d
            }
            return (BigUInt(limbs: quotient), BigUInt(remainder))
        }
        let m = limbs.count
        let shift = UInt32(v[n - 1].leadingZeroBitCount)
        // Normalised: the divisor's top bit set, so each guessed quotient
        // limb is at most two too large.
        var vn = [UInt32](repeating: 0, count: n)
        for index in (1..<n).reversed() {
            vn[index] = v[index] << shift | (shift == 0 ? 0 : v[index - 1] >> (32 - shift))
        }
        vn[0] = v[0] << shift
        var un = [UInt32](repeating: 0, count: m + 1)
        un[m] = shift == 0 ? 0 : limbs[m - 1] >> (32 - shift)
        for index in (1..<m).reversed() {
            un[index] = limbs[index] << shift | (shift == 0 ? 0 : limbs[index - 1] >> (32 - shift))
        }
        un[0] = limbs[0] << shift

        let base: UInt64 = 1 << 32
        var quotient = [UInt32](repeating: 0, count: m - n + 1)
        for j in (0...(m - n)).reversed() {
            let numerator = UInt64(un[j + n]) << 32 | UInt64(un[j + n - 1])
            var qhat = numerator / UInt64(vn[n - 1])
            var rhat = numerator % UInt64(vn[n - 1])
            while qhat >= base || qhat * UInt64(vn[n - 2]) > (rhat << 32 | UInt64(un[j + n - 2])) {
                qhat -= 1
                rhat += UInt64(vn[n - 1])
                if rhat >= base { break }
            }
            // Multiply and subtract (through buffer pointers, as in `*`).
            var borrow: Int64 = 0
            un.withUnsafeMutableBufferPointer { un in
                vn.withUnsafeBufferPointer { vn in
                    var i = 0
                    while i < n {
                        let product = qhat &* UInt64(vn[i])
                        let total = Int64(un[i + j]) &- borrow &- Int64(product & 0xFFFF_FFFF)
                        un[i + j] = UInt32(truncatingIfNeeded: total)
                        borrow = Int64(product >> 32) &- (total >> 32)
                        i += 1
                    }
                }
            }
            let top = Int64(un[j + n]) &- borrow
            un[j + n] = UInt32(truncatingIfNeeded: top)
            quotient[j] = UInt32(truncatingIfNeeded: qhat)
            if top < 0 {
                // The guess was one too large: add the divisor back.
                quotient[j] &-= 1
                var carry: UInt64 = 0
                for i in 0..<n {
                    let total = UInt64(un[i + j]) + UInt64(vn[i]) + carry
                    un[i + j] = UInt32(truncatingIfNeeded: total)
                    carry = total >> 32
                }
                un[j + n] &+= UInt32(truncatingIfNeeded: carry)
            }
        }
        var remainder = [UInt32](repeating: 0, count: n)
        for index in 0..<n {
            remainder[index] = un[index] >> shift | (shift == 0 ? 0 : un[index + 1] << (32 - shift))
        }
        return (BigUInt(limbs: quotient), BigUInt(limbs: remainder))
    }

    /// `self` to the power `exponent`, modulo `modulus` (not zero): left to
    /// right, one squaring per bit of the exponent.
    func power(_ exponent: BigUInt, modulo modulus: BigUInt) -> BigUInt {
        var result = BigUInt.one % modulus
        let base = self % modulus
        for index in (0..<exponent.bitWidth).reversed() {
            result = result * result % modulus
            if exponent.bit(index) { result = result * base % modulus }
        }
        return result
    }
}
