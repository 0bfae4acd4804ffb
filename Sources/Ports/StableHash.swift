/// A hash that is the same in every process and build (Swift's `Hasher` is
/// seeded per process): for names that must not change between runs — a
/// backend's folder, a seeded account's id. Not a cryptographic hash.
public enum StableHash {
    /// FNV-1a, 64 bits, over the UTF-8 bytes of `text`.
    public static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
