/// The NIST P-256 curve (FIPS 186-4, D.1.2.3; SEC 2, secp256r1),
/// y² = x³ − 3x + b over the prime field of `p`, and ECDSA verification on
/// it (SEC 1 v2, section 4.1.4), on fixed-width words (`UInt256`,
/// `MontgomeryField`): no big-number division anywhere.
///
/// Points are kept in Jacobian coordinates (x = X/Z², y = Y/Z³), so adding
/// and doubling need no field inversion; the formulas are the
/// Explicit-Formulas Database's `dbl-2001-b` (for a = −3) and `add-2007-bl`.
/// u₁·G + u₂·Q is one pass over both scalars' bits (Shamir's trick). Only
/// public values pass through here, and every one is checked first: a point
/// off the curve, a coordinate not reduced, r or s zero or not below n are
/// refused, never trapped.
enum P256 {
    static let p = UInt256(hex: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    static let b = UInt256(hex: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b")
    /// The order of the base point (the curve's cofactor is 1).
    static let n = UInt256(hex: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    static let generatorX = UInt256(hex: "6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296")
    static let generatorY = UInt256(hex: "4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5")

    /// The coordinates' field, mod p.
    static let field = MontgomeryField(modulus: p)
    /// The scalars' field, mod n.
    static let scalars = MontgomeryField(modulus: n)
    /// b in Montgomery form.
    private static let montgomeryB = field.entering(b)

    /// The base point.
    static var generator: P256Point { P256Point(x: generatorX, y: generatorY) }

    /// Whether (`x`, `y`) is a point of the curve: both coordinates in the
    /// field, and y² = x³ − 3x + b. (With cofactor 1, every such point has
    /// order n: no further check of the subgroup is needed.)
    static func isOnCurve(x: UInt256, y: UInt256) -> Bool {
        guard x < p, y < p else { return false }
        let f = field
        let mx = f.entering(x), my = f.entering(y)
        let cube = f.multiply(f.multiply(mx, mx), mx)
        let threeX = f.add(f.add(mx, mx), mx)
        return f.multiply(my, my) == f.add(f.subtract(cube, threeX), montgomeryB)
    }

    /// ECDSA verification of the signature (`r`, `s`) of a message whose
    /// SHA-256 digest (32 bytes) is `digest`, by the public point (`x`,
    /// `y`). False for a point not on the curve, for `r` or `s` zero or
    /// not below n, and for a digest of another length.
    static func verify(digest: [UInt8], r: UInt256, s: UInt256, x: UInt256, y: UInt256) -> Bool {
        guard isOnCurve(x: x, y: y), !r.isZero, r < n, !s.isZero, s < n,
            let wholeDigest = UInt256(bigEndian: digest)
        else { return false }
        let k = scalars
        // n is 256 bits: the whole digest is the integer e (no truncation), below 2n.
        let e = k.reduced(wholeDigest)
        let w = k.inverse(k.entering(s))
        let u1 = k.leaving(k.multiply(k.entering(e), w))
        let u2 = k.leaving(k.multiply(k.entering(r), w))
        let sum = P256Point.combination(u1, generator, u2, P256Point(x: x, y: y))
        guard let (affineX, _) = sum.affine() else { return false }
        return k.reduced(affineX) == r
    }
}

/// A point of P-256 in Jacobian coordinates, each in Montgomery form mod p;
/// Z = 0 is the point at infinity.
struct P256Point: Sendable {
    var x: UInt256
    var y: UInt256
    var z: UInt256

    static let infinity = P256Point(x: P256.field.one, y: P256.field.one, z: .zero)

    /// The affine point (`x`, `y`), plain values below p.
    init(x: UInt256, y: UInt256) {
        self.init(x: P256.field.entering(x), y: P256.field.entering(y), z: P256.field.one)
    }

    private init(x: UInt256, y: UInt256, z: UInt256) {
        self.x = x
        self.y = y
        self.z = z
    }

    var isInfinity: Bool { z.isZero }

    /// The affine coordinates as plain values; nil for the point at infinity.
    func affine() -> (x: UInt256, y: UInt256)? {
        guard !isInfinity else { return nil }
        let f = P256.field
        let zInverse = f.inverse(z)
        let zInverseSquared = f.multiply(zInverse, zInverse)
        let affineX = f.multiply(x, zInverseSquared)
        let affineY = f.multiply(y, f.multiply(zInverseSquared, zInverse))
        return (f.leaving(affineX), f.leaving(affineY))
    }

    /// 2P, by `dbl-2001-b` (a = −3).
    func doubled() -> P256Point {
        guard !isInfinity, !y.isZero else { return .infinity }
        let f = P256.field
        let delta = f.multiply(z, z)
        let gamma = f.multiply(y, y)
        let beta = f.multiply(x, gamma)
        let product = f.multiply(f.subtract(x, delta), f.add(x, delta))
        let alpha = f.add(f.add(product, product), product)
        let twoBeta = f.add(beta, beta)
        let fourBeta = f.add(twoBeta, twoBeta)
        let eightBeta = f.add(fourBeta, fourBeta)
        let x3 = f.subtract(f.multiply(alpha, alpha), eightBeta)
        let yPlusZ = f.add(y, z)
        let z3 = f.subtract(f.subtract(f.multiply(yPlusZ, yPlusZ), gamma), delta)
        let gammaSquared = f.multiply(gamma, gamma)
        let twoGammaSquared = f.add(gammaSquared, gammaSquared)
        let fourGammaSquared = f.add(twoGammaSquared, twoGammaSquared)
        let eightGammaSquared = f.add(fourGammaSquared, fourGammaSquared)
        let y3 = f.subtract(f.multiply(alpha, f.subtract(fourBeta, x3)), eightGammaSquared)
        return P256Point(x: x3, y: y3, z: z3)
    }

    /// P + Q, by `add-2007-bl`; P + P is doubled, P + (−P) is infinity.
    func adding(_ other: P256Point) -> P256Point {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let f = P256.field
        let z1z1 = f.multiply(z, z)
        let z2z2 = f.multiply(other.z, other.z)
        let u1 = f.multiply(x, z2z2)
        let u2 = f.multiply(other.x, z1z1)
        let s1 = f.multiply(y, f.multiply(other.z, z2z2))
        let s2 = f.multiply(other.y, f.multiply(z, z1z1))
        let h = f.subtract(u2, u1)
        let halfR = f.subtract(s2, s1)
        let r = f.add(halfR, halfR)
        if h.isZero { return r.isZero ? doubled() : .infinity }
        let twoH = f.add(h, h)
        let i = f.multiply(twoH, twoH)
        let j = f.multiply(h, i)
        let v = f.multiply(u1, i)
        let x3 = f.subtract(f.subtract(f.multiply(r, r), j), f.add(v, v))
        let s1j = f.multiply(s1, j)
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.add(s1j, s1j))
        let zSum = f.add(z, other.z)
        let z3 = f.multiply(f.subtract(f.subtract(f.multiply(zSum, zSum), z1z1), z2z2), h)
        return P256Point(x: x3, y: y3, z: z3)
    }

    /// a·P + b·Q in one pass over the bits of both scalars (Shamir's trick).
    static func combination(_ a: UInt256, _ p: P256Point, _ b: UInt256, _ q: P256Point) -> P256Point {
        let both = p.adding(q)
        var result = P256Point.infinity
        for index in stride(from: 255, through: 0, by: -1) {
            result = result.doubled()
            switch (a.bit(index), b.bit(index)) {
            case (true, true): result = result.adding(both)
            case (true, false): result = result.adding(p)
            case (false, true): result = result.adding(q)
            case (false, false): break
            }
        }
        return result
    }
}
