/// A user's password (six digits on the Cora backend). Redacted when printed.
public struct Password: RedactedSecret {
    private let value: String

    public init(_ value: String) { self.value = value }

    public func reveal() -> String { value }
}
