/// A 256-bit unsigned integer in four 64-bit limbs, least significant
/// first: the fixed width P-256's field and scalars live in. Every
/// operation is a handful of word operations on values, no array and no
/// allocation — quick in a debug build as well as in a release one.
struct UInt256: Sendable, Hashable {
    var l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64

    static let zero = UInt256(l0: 0, l1: 0, l2: 0, l3: 0)
    static let one = UInt256(l0: 1, l1: 0, l2: 0, l3: 0)

    init(l0: UInt64, l1: UInt64, l2: UInt64, l3: UInt64) {
        (self.l0, self.l1, self.l2, self.l3) = (l0, l1, l2, l3)
    }

    /// The integer the 32 big-endian bytes of `bytes` spell; nil for any
    /// other count.
    init?(bigEndian bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else { return nil }
        var limbs: [UInt64] = [0, 0, 0, 0]
        for (index, byte) in bytes.enumerated() {
            let limb = 3 - index / 8
            limbs[limb] = limbs[limb] << 8 | UInt64(byte)
        }
        self.init(l0: limbs[0], l1: limbs[1], l2: limbs[2], l3: limbs[3])
    }

    /// A constant of this module, in hexadecimal (64 digits): spelled
    /// right, so never anything but itself.
    init(hex: StaticString) {
        var limbs: [UInt64] = [0, 0, 0, 0]
        var index = 0
        hex.withUTF8Buffer { digits in
            for digit in digits {
                let value: UInt64 =
                    switch digit {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(digit - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(digit - UInt8(ascii: "a") + 10)
                    default: 0
                    }
                let limb = 3 - index / 16
                if limb >= 0 { limbs[limb] = limbs[limb] << 4 | value }
                index += 1
            }
        }
        self.init(l0: limbs[0], l1: limbs[1], l2: limbs[2], l3: limbs[3])
    }

    /// Limb `index`, 0 the least significant.
    subscript(index: Int) -> UInt64 {
        get {
            switch index {
            case 0: l0
            case 1: l1
            case 2: l2
            default: l3
            }
        }
        set {
            switch index {
            case 0: l0 = newValue
            case 1: l1 = newValue
            case 2: l2 = newValue
            default: l3 = newValue
            }
        }
    }

    var isZero: Bool { l0 | l1 | l2 | l3 == 0 }

    /// Bit `index` (0 the least significant, below 256).
    func bit(_ index: Int) -> Bool {
        (self[index >> 6] >> UInt64(index & 63)) & 1 == 1
    }

    /// The 32 big-endian bytes.
    var bigEndianBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for limb in [l3, l2, l1, l0] {
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: limb >> UInt64(shift)))
            }
        }
        return bytes
    }

    static func < (left: UInt256, right: UInt256) -> Bool {
        if left.l3 != right.l3 { return left.l3 < right.l3 }
        if left.l2 != right.l2 { return left.l2 < right.l2 }
        if left.l1 != right.l1 { return left.l1 < right.l1 }
        return left.l0 < right.l0
    }

    /// `left + right` modulo 2²⁵⁶, and whether it carried out.
    static func adding(_ left: UInt256, _ right: UInt256) -> (sum: UInt256, carry: Bool) {
        let (s0, c0) = left.l0.addingReportingOverflow(right.l0)
        let (t1, c1a) = left.l1.addingReportingOverflow(right.l1)
        let (s1, c1b) = t1.addingReportingOverflow(c0 ? 1 : 0)
        let (t2, c2a) = left.l2.addingReportingOverflow(right.l2)
        let (s2, c2b) = t2.addingReportingOverflow(c1a || c1b ? 1 : 0)
        let (t3, c3a) = left.l3.addingReportingOverflow(right.l3)
        let (s3, c3b) = t3.addingReportingOverflow(c2a || c2b ? 1 : 0)
        return (UInt256(l0: s0, l1: s1, l2: s2, l3: s3), c3a || c3b)
    }

    /// `left − right` modulo 2²⁵⁶, and whether it borrowed.
    static func subtracting(_ left: UInt256, _ right: UInt256) -> (difference: UInt256, borrow: Bool) {
        let (d0, b0) = left.l0.subtractingReportingOverflow(right.l0)
        let (t1, b1a) = left.l1.subtractingReportingOverflow(right.l1)
        let (d1, b1b) = t1.subtractingReportingOverflow(b0 ? 1 : 0)
        let (t2, b2a) = left.l2.subtractingReportingOverflow(right.l2)
        let (d2, b2b) = t2.subtractingReportingOverflow(b1a || b1b ? 1 : 0)
        let (t3, b3a) = left.l3.subtractingReportingOverflow(right.l3)
        let (d3, b3b) = t3.subtractingReportingOverflow(b2a || b2b ? 1 : 0)
        return (UInt256(l0: d0, l1: d1, l2: d2, l3: d3), b3a || b3b)
    }
}
