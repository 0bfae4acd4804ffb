/// Base64 with the URL and file name safe alphabet, without padding
/// (RFC 4648, section 5; RFC 7515, section 2): how JOSE writes every binary
/// part (an ID token's parts, a key's numbers) and how PKCE writes its
/// challenge (RFC 7636, Appendix A). One reading and one writing for every
/// module, since adapters do not depend on each other.
public enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `bytes` written without padding.
    public static func encode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * $1.offset) }
            for position in 0...chunk.count {
                output.append(alphabet[Int(value >> (18 - 6 * position)) & 0x3F])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes `text` writes, read strictly: only the alphabet (no
    /// padding, no `+` or `/`, no white space), no length a base64 text
    /// cannot have, and the bits past the last byte zero, as the encoding
    /// writes them (RFC 4648, section 3.5); nil otherwise. So each byte
    /// string has exactly one text: a signed token cannot be written a
    /// second way that still verifies.
    public static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 != 1 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = sextet(character) else { return nil }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // The 2 or 4 bits the last character has past the last byte.
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return output
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}
