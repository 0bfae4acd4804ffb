/// An opaque bearer token issued by the backend. Redacted when printed.
public struct AccessToken: RedactedSecret {
    private let value: String

    /// Wraps the raw token.
    public init(_ value: String) { self.value = value }

    /// The raw token, for the one place that must send or store it.
    public func reveal() -> String { value }
}
