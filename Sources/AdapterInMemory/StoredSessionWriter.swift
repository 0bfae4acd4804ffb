import Foundation

/// Writes a `StoredSession` as JSON, byte for byte as `JSONEncoder` with
/// `.sortedKeys` and the default strategies writes it: keys in order, an
/// absent optional left out, a date as the `Double` it holds (`description`,
/// without a trailing `.0`), a string's `"`, `\\` and `/` escaped, its
/// control characters as `\\b`, `\\t`, `\\n`, `\\f`, `\\r` or `\\u00XX`, the
/// rest as UTF-8. So the bytes a session is stored as did not change when
/// the coding stopped going through the encoder (`InMemorySessionWriterTests`).
struct StoredSessionWriter {
    private var bytes: [UInt8] = []

    /// The JSON of `stored`, or nil when one of its dates is not finite
    /// (which `JSONEncoder` refuses too).
    static func bytes(of stored: StoredSession) -> Data? {
        var writer = StoredSessionWriter()
        writer.bytes.reserveCapacity(1_024)
        guard writer.write(stored) else { return nil }
        return Data(writer.bytes)
    }

    private mutating func write(_ stored: StoredSession) -> Bool {
        append("{")
        if let backend = stored.backend {
            append("\"backend\":")
            string(backend)
            append(",")
        }
        append("\"magic\":")
        string(stored.magic)
        if let token = stored.token {
            append(",\"token\":{\"expiresAt\":")
            guard number(token.expiresAt.timeIntervalSinceReferenceDate) else { return false }
            if let idToken = token.idToken {
                append(",\"idToken\":")
                string(idToken)
            }
            append(",\"issuedAt\":")
            guard number(token.issuedAt.timeIntervalSinceReferenceDate) else { return false }
            if let lineage = token.lineage {
                append(",\"lineage\":")
                string(lineage)
            }
            if let refreshToken = token.refreshToken {
                append(",\"refreshToken\":")
                string(refreshToken)
            }
            append(",\"value\":")
            string(token.value)
            append("}")
        }
        if let user = stored.user {
            append(",\"user\":{\"active\":")
            append(user.active ? "true" : "false")
            append(",\"cpf\":")
            string(user.cpf)
            append(",\"email\":")
            string(user.email)
            append(",\"id\":")
            string(user.id)
            append(",\"isDeleted\":")
            append(user.isDeleted ? "true" : "false")
            append(",\"name\":")
            string(user.name)
            if let source = user.source {
                append(",\"source\":")
                string(source)
            }
            append(",\"syncedAt\":")
            guard number(user.syncedAt.timeIntervalSinceReferenceDate) else { return false }
            append("}")
        }
        append(",\"version\":")
        append(String(stored.version))
        append("}")
        return true
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// A finite `Double` as the encoder writes it; false for any other.
    private mutating func number(_ value: Double) -> Bool {
        guard value.isFinite else { return false }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        append(text)
        return true
    }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x08: append("\\b")
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0C: append("\\f")
            case 0x0D: append("\\r")
            case 0x00..<0x20:
                append("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
