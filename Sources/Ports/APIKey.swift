/// The key a backend asks for in its `apikey` header. Redacted when printed.
public struct APIKey: RedactedSecret {
    private let value: String

    public init(_ value: String) { self.value = value }

    public func reveal() -> String { value }
}
