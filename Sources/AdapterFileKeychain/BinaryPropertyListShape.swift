/// A look at a binary property list's object table before Foundation parses
/// it. Linux Foundation crashes (SIGSEGV, not an error) bridging a set out of
/// a binary property list — a 45-byte file is enough — so bytes holding an
/// object of a kind our format never writes are refused here, unparsed.
///
/// The format: "bplist00", the objects, a table of their offsets, and a
/// 32-byte trailer (offset size, reference size, object count, top object,
/// table offset). Every object the parser can reach is at an offset in the
/// table, so checking each listed object's marker byte covers them all.
enum BinaryPropertyListShape {
    /// Why `bytes` must not reach the property-list parser, or nil when they
    /// may (not a binary property list at all, or one of allowed kinds only).
    static func refusal(_ bytes: [UInt8]) -> String? {
        guard bytes.starts(with: Array("bplist".utf8)) else { return nil }
        let trailerSize = 32
        let headerSize = 8
        guard bytes.count >= headerSize + trailerSize else { return "a truncated binary property list" }
        let trailer = bytes.count - trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let objectCount = bigEndian(bytes, at: trailer + 8, size: 8)
        let tableOffset = bigEndian(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), objectCount >= 1, objectCount <= UInt64(bytes.count),
            tableOffset >= UInt64(headerSize), tableOffset <= UInt64(trailer),
            UInt64(trailer) - tableOffset >= objectCount * UInt64(offsetSize)
        else { return "a malformed binary property list" }

        for index in 0..<Int(objectCount) {
            let offset = bigEndian(bytes, at: Int(tableOffset) + index * offsetSize, size: offsetSize)
            guard offset >= UInt64(headerSize), offset < tableOffset else {
                return "a malformed binary property list"
            }
            guard allowedKinds.contains(bytes[Int(offset)] >> 4) else {
                return "a binary property list holding a set or another kind a session never holds"
            }
        }
        return nil
    }

    /// The high nibble of each marker a session's property list may hold:
    /// null/booleans, integers, reals, dates, data, ASCII and UTF-16
    /// strings, arrays, dictionaries. Not sets (0xC), UIDs (0x8) or the
    /// reserved kinds.
    private static let allowedKinds: Set<UInt8> = [0x0, 0x1, 0x2, 0x3, 0x4, 0x5, 0x6, 0xA, 0xD]

    private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        bytes[start..<(start + size)].reduce(0) { $0 << 8 | UInt64($1) }
    }
}
