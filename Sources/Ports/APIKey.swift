/// The key a backend asks for in its `apikey` header. Redacted when printed.
public struct APIKey: RedactedSecret {
    private let value: String

    /// Wraps the raw key.
    public init(_ value: String) { self.value = value }

    /// The raw key, for the one place that must send or store it.
    public func reveal() -> String { value }
}
