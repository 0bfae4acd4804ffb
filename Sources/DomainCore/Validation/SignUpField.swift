/// A field of the sign-up form, the key of its validation result.
public enum SignUpField: String, Sendable, Hashable, CaseIterable {
    case name
    case email
    case cpf
    case password
    case confirmation
}
