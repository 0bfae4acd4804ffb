/// SHA-256 as FIPS 180-4, section 6.2 defines it, written out because the package
/// may use no crypto library (and CryptoKit does not exist on Linux).
///
/// `update` may be called any number of times; `finalize` pads and returns
/// the 32-byte digest. The compression function is also exposed to the HMAC
/// and PBKDF2 in this module, which reuse a state after a key's first block.
public struct SHA256: Sendable {
    /// The digest length in bytes.
    public static let digestByteCount = 32
    /// The block length in bytes.
    public static let blockByteCount = 64

    /// The eight working words H0…H7 (FIPS 180-4, section 5.3.3 at the start).
    var state: [UInt32] = [
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
    ]
    private var pending: [UInt8] = []
    var totalByteCount: UInt64 = 0

    public init() {}

    /// The digest of `message` in one call.
    public static func hash<Bytes: Sequence<UInt8>>(_ message: Bytes) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(message)
        return hasher.finalize()
    }

    /// Feeds more of the message.
    public mutating func update<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            pending.append(byte)
            if pending.count == Self.blockByteCount {
                Self.compress(&state, block: pending)
                pending.removeAll(keepingCapacity: true)
            }
            totalByteCount &+= 1
        }
    }

    /// Pads the message (a 1 bit, zeros, the 64-bit bit length) and returns the digest.
    public consuming func finalize() -> [UInt8] {
        let bitLength = totalByteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockByteCount != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        for start in stride(from: 0, to: tail.count, by: Self.blockByteCount) {
            Self.compress(&state, block: tail[start..<start + Self.blockByteCount])
        }
        return Self.bytes(of: state)
    }

    /// The big-endian bytes of the state words: the digest.
    static func bytes(of state: [UInt32]) -> [UInt8] {
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in state {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The round constants K0…K63 (FIPS 180-4, section 4.2.2).
    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]

    /// One block of FIPS 180-4, section 6.2.2 applied to `state`. `block` holds exactly 64 bytes.
    static func compress<Block: RandomAccessCollection<UInt8>>(_ state: inout [UInt32], block: Block)
    where Block.Index == Int {
        precondition(block.count == blockByteCount, "SHA-256 compresses 64-byte blocks")
        var schedule = [UInt32](repeating: 0, count: 64)
        let base = block.startIndex
        for t in 0..<16 {
            let i = base + t * 4
            schedule[t] =
                UInt32(block[i]) << 24 | UInt32(block[i + 1]) << 16 | UInt32(block[i + 2]) << 8 | UInt32(block[i + 3])
        }
        for t in 16..<64 {
            let w15 = schedule[t - 15]
            let w2 = schedule[t - 2]
            let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
            let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
            schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
        }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        for t in 0..<64 {
            let bigSigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
            let choose = (e & f) ^ (~e & g)
            let temporary1 = h &+ bigSigma1 &+ choose &+ roundConstants[t] &+ schedule[t]
            let bigSigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temporary2 = bigSigma0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temporary1
            d = c
            c = b
            b = a
            a = temporary1 &+ temporary2
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    /// The big-endian word at `offset` of `bytes`.
    static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// `compress` on words in buffers the caller owns: the eight words of
    /// `state`, the sixteen big-endian words of a block, and 64 words of
    /// scratch for the schedule. No array, no bounds check, no allocation:
    /// PBKDF2's loop, quick in a debug build as well.
    static func compress(
        _ state: UnsafeMutablePointer<UInt32>, words block: UnsafePointer<UInt32>,
        schedule: UnsafeMutablePointer<UInt32>
    ) {
        var t = 0
        while t < 16 {
            schedule[t] = block[t]
            t += 1
        }
        while t < 64 {
            let w15 = schedule[t - 15]
            let w2 = schedule[t - 2]
            let sigma0 = (w15 >> 7 | w15 << 25) ^ (w15 >> 18 | w15 << 14) ^ (w15 >> 3)
            let sigma1 = (w2 >> 17 | w2 << 15) ^ (w2 >> 19 | w2 << 13) ^ (w2 >> 10)
            schedule[t] = sigma1 &+ schedule[t - 7] &+ sigma0 &+ schedule[t - 16]
            t += 1
        }
        var a = state[0], b = state[1], c = state[2], d = state[3]
        var e = state[4], f = state[5], g = state[6], h = state[7]
        roundConstants.withUnsafeBufferPointer { constants in
            var t = 0
            while t < 64 {
                let bigSigma1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
                let choose = (e & f) ^ (~e & g)
                let temporary1 = h &+ bigSigma1 &+ choose &+ constants[t] &+ schedule[t]
                let bigSigma0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
                let majority = (a & b) ^ (a & c) ^ (b & c)
                h = g
                g = f
                f = e
                e = d &+ temporary1
                d = c
                c = b
                b = a
                a = temporary1 &+ bigSigma0 &+ majority
                t += 1
            }
        }
        state[0] &+= a
        state[1] &+= b
        state[2] &+= c
        state[3] &+= d
        state[4] &+= e
        state[5] &+= f
        state[6] &+= g
        state[7] &+= h
    }

    @inline(__always)
    private static func rotateRight(_ word: UInt32, _ count: UInt32) -> UInt32 {
        (word >> count) | (word << (32 - count))
    }
}
