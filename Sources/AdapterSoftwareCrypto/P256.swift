/// The NIST P-256 curve (FIPS 186-4, D.1.2.3; SEC 2, secp256r1),
/// y² = x³ − 3x + b over the prime field of `p`, and ECDSA verification on
/// it (SEC 1 v2, section 4.1.4). Points are kept in Jacobian coordinates (x = X/Z²,
/// y = Y/Z³), so adding and doubling need no field inversion; the formulas
/// are the Explicit-Formulas Database's `dbl-2001-b` (for a = −3) and
/// `add-2007-bl`. Only public values pass through here.
enum P256 {
    static let p = constant("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff")
    static let b = constant("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b")
    /// The order of the base point (the curve's cofactor is 1).
    static let n = constant("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")
    static let generator = JacobianPoint(
        x: constant("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
        y: constant("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"))

    /// A hexadecimal constant of this file: spelled right, so never nil.
    private static func constant(_ hex: String) -> BigUInt {
        BigUInt(hex: hex) ?? .zero
    }

    /// Whether (`x`, `y`) is a point of the curve: both coordinates in the
    /// field, and y² = x³ − 3x + b. (With cofactor 1, every such point has
    /// order n: no further check of the subgroup is needed.)
    static func isOnCurve(x: BigUInt, y: BigUInt) -> Bool {
        guard x < p, y < p else { return false }
        let field = PrimeField(modulus: p)
        let right = field.add(field.subtract(field.multiply(field.multiply(x, x), x), field.multiply(BigUInt(3), x)), b)
        return field.multiply(y, y) == right
    }

    /// ECDSA verification of the signature (`r`, `s`) of a message whose
    /// SHA-256 digest is `digest`, by the public point (`x`, `y`). False for
    /// a point not on the curve, and for `r` or `s` zero or not below n.
    static func verify(digest: [UInt8], r: BigUInt, s: BigUInt, x: BigUInt, y: BigUInt) -> Bool {
        guard isOnCurve(x: x, y: y), !r.isZero, r < n, !s.isZero, s < n else { return false }
        let scalars = PrimeField(modulus: n)
        // n is 256 bits: the whole digest is the integer e (no truncation).
        let e = BigUInt(bigEndian: digest) % n
        let w = scalars.inverse(s)
        let u1 = scalars.multiply(e, w)
        let u2 = scalars.multiply(r, w)
        let sum = JacobianPoint.combination(u1, generator, u2, JacobianPoint(x: x, y: y))
        guard let (affineX, _) = sum.affine() else { return false }
        return affineX % n == r
    }
}

/// Arithmetic modulo a prime.
struct PrimeField: Sendable {
    let modulus: BigUInt

    func add(_ left: BigUInt, _ right: BigUInt) -> BigUInt {
        let sum = left + right
        return sum >= modulus ? sum - modulus : sum
    }

    func subtract(_ left: BigUInt, _ right: BigUInt) -> BigUInt {
        left >= right ? left - right : left + modulus - right
    }

    func multiply(_ left: BigUInt, _ right: BigUInt) -> BigUInt { left * right % modulus }

    /// The inverse of `value` (not zero), by Fermat's little theorem: value^(p−2).
    func inverse(_ value: BigUInt) -> BigUInt { value.power(modulus - BigUInt(2), modulo: modulus) }
}

/// A point of P-256 in Jacobian coordinates; Z = 0 is the point at infinity.
struct JacobianPoint: Sendable {
    var x: BigUInt
    var y: BigUInt
    var z: BigUInt

    static let infinity = JacobianPoint(x: .one, y: .one, z: .zero)
    private static let field = PrimeField(modulus: P256.p)

    /// The affine point (`x`, `y`).
    init(x: BigUInt, y: BigUInt) {
        self.init(x: x, y: y, z: .one)
    }

    private init(x: BigUInt, y: BigUInt, z: BigUInt) {
        self.x = x
        self.y = y
        self.z = z
    }

    var isInfinity: Bool { z.isZero }

    /// The affine coordinates; nil for the point at infinity.
    func affine() -> (x: BigUInt, y: BigUInt)? {
        guard !isInfinity else { return nil }
        let f = Self.field
        let zInverse = f.inverse(z)
        let zInverseSquared = f.multiply(zInverse, zInverse)
        return (f.multiply(x, zInverseSquared), f.multiply(y, f.multiply(zInverseSquared, zInverse)))
    }

    /// 2P, by `dbl-2001-b` (a = −3).
    func doubled() -> JacobianPoint {
        guard !isInfinity, !y.isZero else { return .infinity }
        let f = Self.field
        let delta = f.multiply(z, z)
        let gamma = f.multiply(y, y)
        let beta = f.multiply(x, gamma)
        let alpha = f.multiply(BigUInt(3), f.multiply(f.subtract(x, delta), f.add(x, delta)))
        let eightBeta = f.multiply(BigUInt(8), beta)
        let x3 = f.subtract(f.multiply(alpha, alpha), eightBeta)
        let yPlusZ = f.add(y, z)
        let z3 = f.subtract(f.subtract(f.multiply(yPlusZ, yPlusZ), gamma), delta)
        let fourBeta = f.multiply(BigUInt(4), beta)
        let eightGammaSquared = f.multiply(BigUInt(8), f.multiply(gamma, gamma))
        let y3 = f.subtract(f.multiply(alpha, f.subtract(fourBeta, x3)), eightGammaSquared)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q, by `add-2007-bl`; P + P is doubled, P + (−P) is infinity.
    func adding(_ other: JacobianPoint) -> JacobianPoint {
        if isInfinity { return other }
        if other.isInfinity { return self }
        let f = Self.field
        let z1z1 = f.multiply(z, z)
        let z2z2 = f.multiply(other.z, other.z)
        let u1 = f.multiply(x, z2z2)
        let u2 = f.multiply(other.x, z1z1)
        let s1 = f.multiply(y, f.multiply(other.z, z2z2))
        let s2 = f.multiply(other.y, f.multiply(z, z1z1))
        let h = f.subtract(u2, u1)
        let r = f.add(f.subtract(s2, s1), f.subtract(s2, s1))
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
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// a·P + b·Q in one pass over the bits of both scalars (Shamir's trick).
    static func combination(_ a: BigUInt, _ p: JacobianPoint, _ b: BigUInt, _ q: JacobianPoint) -> JacobianPoint {
        let both = p.adding(q)
        var result = JacobianPoint.infinity
        for index in (0..<max(a.bitWidth, b.bitWidth)).reversed() {
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
