import Foundation

/// Foundation's `JSONSerialization` on Linux drops a byte-order mark (U+FEFF)
/// that starts a string or follows an escape in it (`"\n\u{FEFF}x"` reads
/// back as `"\nx"`), so a session holding one would not read back as
/// written. Written as the escape `\ufeff` it reads back exactly. Outside a
/// string JSON is ASCII, so every such mark after the first byte is inside
/// a string and the swap is always safe; a mark that opens the whole document
/// (which the parser skips, as JSON allows) is left alone.
enum JSONByteOrderMarks {
    private static let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let escaped = Array(#"\ufeff"#.utf8)

    /// `json` with every byte-order mark inside it written as `\ufeff`.
    static func escaping(_ json: Data) -> Data {
        guard json.count > mark.count, json.dropFirst().contains(mark[0]) else { return json }
        var bytes = [UInt8]()
        bytes.reserveCapacity(json.count + 8)
        var index = json.startIndex
        if json.starts(with: mark) {
            bytes.append(contentsOf: mark)
            index += mark.count
        }
        while index < json.endIndex {
            if json[index] == mark[0], json[index...].starts(with: mark) {
                bytes.append(contentsOf: escaped)
                index += mark.count
            } else {
                bytes.append(json[index])
                index += 1
            }
        }
        return Data(bytes)
    }
}
