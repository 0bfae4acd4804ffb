/// An opaque bearer token issued by the backend. Redacted when printed.
public struct AccessToken: RedactedSecret {
    private let value: String

    public init(_ value: String) { self.value = value }

    public func reveal() -> String { value }
}
