public import Foundation

/// When the session's access was last issued and until when it holds: the
/// times of the token, without the token. A screen may show these; it never
/// sees a token, a refresh token or anything that opens the session.
public struct SessionTimes: Sendable, Hashable {
    /// When the access in use was issued (at sign-in, or at the last renewal),
    /// by the app's clock.
    public var issuedAt: Date
    /// When the backend stops accepting it unless it is renewed first.
    public var expiresAt: Date

    /// The times of one access.
    ///
    /// - Parameters:
    ///   - issuedAt: when it was issued, by the app's clock.
    ///   - expiresAt: when the backend stops accepting it.
    public init(issuedAt: Date, expiresAt: Date) {
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }
}

/// Reads the session's times (the token manager implements it), so a screen
/// can say when the access was issued and until when it holds without ever
/// holding the token.
public protocol SessionTimesReading: Sendable {
    /// The times of the access in use; nil when there is none (no session).
    func sessionTimes() async -> SessionTimes?
}
