import Foundation

/// Writes the server's answers as JSON by hand: `JSONSerialization` cost
/// about 1 ms for a 30-item statement, most of an answer's time. Takes what
/// the router builds — dictionaries with `String` keys, arrays, `String`,
/// `Int`, `Bool` and `Double` — and writes keys in no particular order, as
/// the wire contract allows, or sorted when asked (bytes that must not
/// change from one answer to the next). Strings are escaped as RFC 8259 §7 requires
/// (`"`, `\` and control characters); everything else is written as UTF-8.
/// A value of another type is written as `null` (the router builds none).
enum JSONText {
    static func data(from value: Any, sortingKeys: Bool = false) -> Data {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        write(value, sortingKeys: sortingKeys, to: &bytes)
        return Data(bytes)
    }

    private static func write(_ value: Any, sortingKeys: Bool, to bytes: inout [UInt8]) {
        switch value {
        case let text as String:
            writeString(text, to: &bytes)
        case let flag as Bool where type(of: value) == Bool.self:
            bytes.append(contentsOf: flag ? Array("true".utf8) : Array("false".utf8))
        case let number as Int:
            bytes.append(contentsOf: String(number).utf8)
        case let number as Double where number.isFinite:
            bytes.append(contentsOf: String(number).utf8)
        case let object as [String: Any]:
            bytes.append(UInt8(ascii: "{"))
            var first = true
            let members = sortingKeys ? object.sorted { $0.key < $1.key } : Array(object)
            for (key, member) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(member, sortingKeys: sortingKeys, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case let array as [Any]:
            bytes.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element, sortingKeys: sortingKeys, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        default:
            bytes.append(contentsOf: "null".utf8)
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        let utf8 = text.utf8
        // Most strings need no escape: copied whole.
        guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: Array("\\u00".utf8))
                bytes.append(hexDigits[Int(byte >> 4)])
                bytes.append(hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
