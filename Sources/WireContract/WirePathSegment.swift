import Foundation

/// A value put into a URL path as one segment, whatever it holds: every
/// character but the unreserved ones (RFC 3986 §2.3) percent-encoded, and
/// `.` and `..` spelt `%2E` and `%2E%2E`, which URL resolution would
/// otherwise take as "this folder" and "the folder above" — an entry id of
/// `..` must not turn a route's path into its parent's. Part of the contract,
/// not of one side: the client encodes with it and the server decodes with
/// it, so an id survives the trip whatever it holds.
public enum WirePathSegment {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// `value` as one path segment.
    public static func encode(_ value: some StringProtocol) -> String {
        switch value {
        case ".": return "%2E"
        case "..": return "%2E%2E"
        default: return String(value).addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
        }
    }

    /// The value a segment of a received path stands for; nil for a broken
    /// percent-escape (`%G1`), which no client of the contract sends.
    public static func decode(_ segment: some StringProtocol) -> String? {
        String(segment).removingPercentEncoding
    }
}
