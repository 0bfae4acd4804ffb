import Foundation

/// `application/x-www-form-urlencoded` as OAuth 2.0 uses it (RFC 6749
/// Appendix B): every byte of UTF-8 outside the unreserved set is `%XX`,
/// a space is `+`. The same encoding makes the client id and secret of an
/// HTTP Basic header (RFC 6749 §2.3.1) before they are joined and base64ed.
enum FormEncoding {
    private static let unreserved = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `name=value&…`, in the order given.
    static func encode(_ pairs: [(name: String, value: String)]) -> String {
        pairs.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    /// One name or value, encoded.
    static func encode(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else if byte == UInt8(ascii: " ") {
                encoded += "+"
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// `Basic base64(encode(user):encode(secret))`.
    static func basicAuthorization(user: String, secret: OAuth2ClientSecret) -> String {
        let joined = encode(user) + ":" + encode(secret.reveal())
        return "Basic " + Data(joined.utf8).base64EncodedString()
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
