/// PBKDF2 with HMAC-SHA256 as its pseudorandom function (RFC 8018 §5.2,
/// formerly RFC 2898): T_i = U_1 ⊕ … ⊕ U_c, U_1 = PRF(P, S ‖ INT(i)),
/// U_j = PRF(P, U_{j-1}); the key is T_1 ‖ T_2 ‖ … cut to `byteCount`.
///
/// Every U after the first is the HMAC of a 32-byte value, so each of its
/// two hashes is one block whose padding never changes: the loop works on
/// words in buffers it allocated once, two compressions a round and
/// nothing else. It is the cost a PIN check pays 100,000 times, and it is
/// written to be quick in a debug build too — a package taken by version
/// can carry no flag that would optimise this module alone (what a check
/// costs in each build: docs/benchmarks.md, `gatehouse-bench --scenario pin`).
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
            let first = prf.authenticationCode(for: salt + indexBytes)
            let t = xorOfRounds(startingWith: first, rounds: max(iterations, 1), prf: prf)
            key += t.prefix(byteCount - key.count)
            blockIndex += 1
        }
        return key
    }

    /// U_1 ⊕ U_2 ⊕ … ⊕ U_rounds, given U_1.
    private static func xorOfRounds(startingWith first: [UInt8], rounds: Int, prf: HMACSHA256) -> [UInt8] {
        // One buffer, carved up: the inner and outer one-block messages (16
        // words each), the two hash states, the message schedule, T.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16 + 16 + 8 + 8 + 64 + 8) { words in
            let base = words.baseAddress.unsafelyUnwrapped
            let innerBlock = base
            let outerBlock = base + 16
            let state = base + 32
            let scratch = base + 40
            let schedule = base + 48
            let t = base + 112
            // A 32-byte message after the key's block: 0x80, zeros, then
            // its length in bits, (64 + 32) × 8 = 768.
            for block in [innerBlock, outerBlock] {
                for index in 8..<16 { block[index] = 0 }
                block[8] = 0x8000_0000
                block[15] = 768
            }
            for index in 0..<8 {
                let word = SHA256.word(first, at: index * 4)
                innerBlock[index] = word
                t[index] = word
            }
            let innerStart = prf.innerState, outerStart = prf.outerState
            var round = 1
            while round < rounds {
                for index in 0..<8 { state[index] = innerStart[index] }
                SHA256.compress(state, words: innerBlock, schedule: schedule)
                for index in 0..<8 {
                    outerBlock[index] = state[index]
                    scratch[index] = outerStart[index]
                }
                SHA256.compress(scratch, words: outerBlock, schedule: schedule)
                for index in 0..<8 {
                    let word = scratch[index]
                    innerBlock[index] = word
                    t[index] ^= word
                }
                round += 1
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(32)
            for index in 0..<8 {
                let word = t[index]
                bytes += [
                    UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                    UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
                ]
            }
            return bytes
        }
    }
}
