/// An opaque refresh token issued by a backend that has them (an OAuth 2.0
/// authorization server): sent only to exchange it for new tokens, never to
/// authorise a request. Redacted when printed, like `AccessToken`.
public struct RefreshToken: RedactedSecret {
    private let value: String

    /// Wraps the raw token.
    public init(_ value: String) { self.value = value }

    /// The raw token, for the one place that must send or store it.
    public func reveal() -> String { value }
}
