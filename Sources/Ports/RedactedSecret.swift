/// A value that must never reach output, logs or error text: tokens, passwords,
/// the API key. Conforming types print, debug-print and `dump` as
/// `TypeName(redacted)`; the only way to the raw text is `reveal()`, a name
/// that stands out in review and in `grep`.
public protocol RedactedSecret: Sendable, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    /// The raw secret, for the one place that must send or store it.
    func reveal() -> String
}

extension RedactedSecret {
    /// `TypeName(redacted)`, never the secret.
    public var description: String { "\(Self.self)(redacted)" }
    /// The same as `description`: `TypeName(redacted)`.
    public var debugDescription: String { description }
    /// A mirror whose only child reads `redacted`, so `dump` shows no secret.
    public var customMirror: Mirror { Mirror(self, children: ["value": "redacted"], displayStyle: .struct) }
}
