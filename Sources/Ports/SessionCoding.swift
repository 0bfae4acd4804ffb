public import Foundation

/// Why bytes could not be turned into a session, or a session into bytes.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum SessionCodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes are not a session this coding wrote (garbage, truncated, another format).
    case notASession(String)
    /// The bytes are a session in a format version this build does not know.
    case unsupportedVersion(found: Int, newestKnown: Int)
    /// The session could not be written in this format.
    case encodingFailed(String)

    /// What went wrong, for messages and logs.
    public var description: String {
        switch self {
        case .notASession(let reason): return "not a stored session (\(reason))"
        case .unsupportedVersion(let found, let newest):
            return "stored session has format version \(found); this build reads up to \(newest)"
        case .encodingFailed(let reason): return "could not encode the session (\(reason))"
        }
    }
}

/// Turns a `UserSession` into bytes and back (Koober's `UserSessionCoding`).
///
/// Rule for every method and every adapter: neither errors nor descriptions
/// contain the token.
public protocol SessionCoding: Sendable {
    /// A short name for messages and plugin lists (`"json"`, `"plist"`).
    var formatName: String { get }

    /// The format version `encode` writes.
    var formatVersion: Int { get }

    /// Writes `session` as bytes.
    ///
    /// - Returns: the bytes, which carry a format version (`formatVersion`).
    func encode(_ session: UserSession) throws(SessionCodingError) -> Data

    /// Reads back a session `encode` wrote.
    ///
    /// - Returns: the session: `decode(encode(s)) == s` for every session,
    ///   every field kept, including a session with no token or no cached user.
    /// - Throws: `.unsupportedVersion` for bytes of a newer format version;
    ///   `.notASession` — it never traps — on anything it did not write: empty
    ///   data, garbage, truncated data, another coding's output.
    func decode(_ data: Data) throws(SessionCodingError) -> UserSession
}
