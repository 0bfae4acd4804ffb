import Foundation

/// A value put into a URL path as one segment, whatever it holds: every
/// character but the unreserved ones (RFC 3986 §2.3) percent-encoded, and
/// `.` and `..` spelt `%2E` and `%2E%2E`, which URL resolution would
/// otherwise take as "this folder" and "the folder above" — an entry id of
/// `..` must not turn `challenge/details/..` into `challenge/`.
enum PathSegment {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ value: some StringProtocol) -> String {
        switch value {
        case ".": return "%2E"
        case "..": return "%2E%2E"
        default: return String(value).addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        }
    }
}
