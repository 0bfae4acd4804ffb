public import Ports

/// An OAuth 2.0 confidential client's secret: sent only in the HTTP Basic
/// header of the token and revocation requests (`HTTPRequest.basicCredentials`).
/// Redacted when printed.
public struct OAuth2ClientSecret: RedactedSecret {
    private let value: String

    /// Wraps the raw secret.
    public init(_ value: String) { self.value = value }

    /// The raw secret, for the one place that must send it.
    public func reveal() -> String { value }
}
