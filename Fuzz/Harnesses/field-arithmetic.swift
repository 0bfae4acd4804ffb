/// Any bytes as two 256-bit numbers (the first 64 bytes, big-endian, led
/// by zeros when short), through P-256's two fields in Montgomery form
/// (`MontgomeryField`, mod p and mod n), differentially against the slow,
/// general big-number arithmetic (`BigUInt`, Knuth's division), which
/// knows nothing of Montgomery or of fixed widths.
///
/// Properties, for each field, with a and b first reduced below its
/// modulus m:
/// - entering the form and leaving it gives the number back;
/// - a + b, a − b and a · b, computed in the form, are the reference's
///   (a + b) mod m, (a + m − b) mod m and (a · b) mod m;
/// - every value handed out is below m;
/// - for a not zero, a · a⁻¹ is 1.
///
/// Past the first 64 bytes, 512 more are an RSA modulus of 2048 bits (its
/// top and bottom bits set) and a base, through RSA's Montgomery arithmetic
/// (`MontgomeryModulus`): s³ and s^65537 are the reference's, and a base not
/// below the modulus is refused, never trapped on.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzInput(start, count)
    let padded = [UInt8](repeating: 0, count: max(0, 64 - bytes.count)) + bytes.prefix(64)
    for field in [P256.field, P256.scalars] {
        check(field, Array(padded[0..<32]), Array(padded[32..<64]))
    }
    if bytes.count >= 64 + 512 {
        checkRSA(Array(bytes[64..<320]), Array(bytes[320..<576]))
    }
    return 0
}

private func checkRSA(_ modulusBytes: [UInt8], _ baseBytes: [UInt8]) {
    var modulusBytes = modulusBytes
    modulusBytes[0] |= 0x80
    modulusBytes[255] |= 1
    guard let field = MontgomeryModulus(bigEndian: modulusBytes) else {
        fuzzRequire(false, "an odd 2048-bit modulus was refused")
        return
    }
    let modulus = BigUInt(bigEndian: modulusBytes)
    let base = BigUInt(bigEndian: baseBytes)
    let limbs = MontgomeryModulus.limbs(baseBytes, count: field.count)
    for exponent: UInt64 in [3, 65537] {
        let power = field.power(limbs, exponent)
        guard base < modulus else {
            fuzzRequire(power == nil, "a base not below the modulus was taken")
            continue
        }
        let exponentBytes = (0..<8).reversed().map { UInt8(truncatingIfNeeded: exponent >> UInt64(8 * $0)) }
        let expected = base.power(BigUInt(bigEndian: exponentBytes), modulo: modulus).bigEndianBytes(count: 256)
        fuzzRequire(
            power != nil && power == expected.map { MontgomeryModulus.limbs($0, count: field.count) },
            "s^\(exponent) mod m differs from the reference")
    }
}

private func check(_ field: MontgomeryField, _ left: [UInt8], _ right: [UInt8]) {
    let modulus = BigUInt(bigEndian: field.modulus.bigEndianBytes)
    let a = BigUInt(bigEndian: left) % modulus
    let b = BigUInt(bigEndian: right) % modulus
    guard let plainA = fixedWidth(a), let plainB = fixedWidth(b) else {
        fuzzRequire(false, "a value reduced below the modulus does not fit 256 bits")
        return
    }
    let formA = field.entering(plainA)
    let formB = field.entering(plainB)
    fuzzRequire(field.leaving(formA) == plainA, "entering and leaving the form changed \(hex(plainA))")
    for (name, form, expected) in [
        ("sum", field.add(formA, formB), (a + b) % modulus),
        ("difference", field.subtract(formA, formB), (a + modulus - b) % modulus),
        ("product", field.multiply(formA, formB), (a * b) % modulus),
    ] {
        fuzzRequire(form < field.modulus, "the \(name) in the form is not below the modulus")
        let plain = field.leaving(form)
        fuzzRequire(
            BigUInt(bigEndian: plain.bigEndianBytes) == expected,
            "the \(name) of \(hex(plainA)) and \(hex(plainB)) mod \(hex(field.modulus)) is \(hex(plain))")
    }
    if !a.isZero {
        let inverse = field.inverse(formA)
        fuzzRequire(inverse < field.modulus, "an inverse is not below the modulus")
        fuzzRequire(
            field.leaving(field.multiply(inverse, formA)) == .one, "\(hex(plainA)) times its inverse is not 1")
    }
}

private func fixedWidth(_ value: BigUInt) -> UInt256? {
    value.bigEndianBytes(count: 32).flatMap { UInt256(bigEndian: $0) }
}

private func hex(_ value: UInt256) -> String {
    value.bigEndianBytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
