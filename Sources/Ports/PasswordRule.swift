/// What a password must be for a backend to take it: one of the ways real
/// backends legitimately differ, declared by each auth adapter
/// (`AuthRemoteAPI.passwordRule`) and checked by the contract suite as the
/// adapter declares it. The sign-in and sign-up screens ask for and accept
/// a password by it, so a backend is never held to another's rule.
public enum PasswordRule: Sendable, Hashable, CustomStringConvertible {
    /// Exactly this many ASCII digits: the Cora challenge's six, and the
    /// wire contract's.
    case digits(Int)
    /// At least this many characters, of any kind: Google Identity
    /// Toolkit's and Supabase Auth's six (their defaults), or one for
    /// a backend that states no rule of its own (an OAuth 2.0 server's
    /// password grant).
    case atLeast(Int)

    /// The rule in words, for messages (`6 digits`, `at least 6 characters`).
    public var description: String {
        switch self {
        case .digits(let count): "\(count) digits"
        case .atLeast(let minimum): "at least \(minimum) characters"
        }
    }

    /// The longest password taken, in characters, whatever the rule: a
    /// typed line is bounded, and so is what is sent.
    public static let longestPassword = 1_024

    /// Whether the backend takes `text` as a password.
    public func accepts(_ text: String) -> Bool {
        switch self {
        case .digits(let count):
            let scalars = text.unicodeScalars
            return scalars.count == count && scalars.allSatisfy { ("0"..."9").contains($0) }
        case .atLeast(let minimum):
            let characters = text.count
            return characters >= minimum && characters <= Self.longestPassword
        }
    }

    /// `text` as a `Password` when the rule accepts it, else nil.
    public func password(from text: String) -> Password? {
        accepts(text) ? Password(text) : nil
    }

    /// A password this rule takes that a six-digit rule would not (a
    /// passphrase), or the digits when it is a digits rule: what a contract
    /// signs up with to see the declaration is the backend's own.
    public var acceptedExample: Password {
        switch self {
        case .digits(let count): Password(String((0..<max(count, 0)).map { Character(String(($0 * 7 + 3) % 10)) }))
        case .atLeast(let minimum):
            Password("correct-horse-battery" + String(repeating: "x", count: max(0, minimum - 21)))
        }
    }

    /// Passwords this rule refuses: one character short of it, and for a
    /// digits rule a passphrase too — so a backend that takes passphrases
    /// shows a digits declaration to be wrong.
    public var refusedExamples: [Password] {
        switch self {
        case .digits(let count):
            [Password(String(repeating: "2", count: max(0, count - 1))), Password("correct-horse-battery")]
        case .atLeast(let minimum): [Password(String(repeating: "z", count: max(0, minimum - 1)))]
        }
    }
}
