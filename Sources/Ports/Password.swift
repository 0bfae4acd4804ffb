/// A user's password (six digits on the Cora backend). Redacted when printed.
public struct Password: RedactedSecret {
    private let value: String

    /// Wraps the raw password.
    public init(_ value: String) { self.value = value }

    /// The raw password, for the one place that must send or store it.
    public func reveal() -> String { value }
}
