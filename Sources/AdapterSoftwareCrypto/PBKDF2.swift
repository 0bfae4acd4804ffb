/// PBKDF2 with HMAC-SHA256 as its pseudorandom function (RFC 8018 §5.2,
/// formerly RFC 2898): T_i = U_1 ⊕ … ⊕ U_c, U_1 = PRF(P, S ‖ INT(i)),
/// U_j = PRF(P, U_{j-1}); the key is T_1 ‖ T_2 ‖ … cut to `byteCount`.
public enum PBKDF2HMACSHA256 {
    /// The derived key of `byteCount` bytes (at least 1).
    ///
    /// - Parameter iterations: c, at least 1; the cost grows linearly with it.
    public static func deriveKey(password: [UInt8], salt: [UInt8], iterations: Int, byteCount: Int) -> [UInt8] {
        precondition(iterations >= 1 && byteCount >= 1, "PBKDF2 needs at least one iteration and one byte")
        let prf = HMACSHA256(key: password)
        var key: [UInt8] = []
        key.reserveCapacity(byteCount)
        var blockIndex: UInt32 = 1
        while key.count < byteCount {
            let indexBytes: [UInt8] = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: blockIndex >> $0) }
            var u = prf.authenticationCode(for: salt + indexBytes)
            var t = u
            for _ in 1..<max(iterations, 1) {
                u = prf.authenticationCode(for: u)
                for index in t.indices { t[index] ^= u[index] }
            }
            key += t.prefix(byteCount - key.count)
            blockIndex += 1
        }
        return key
    }
}
