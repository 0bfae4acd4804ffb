/// A field of the sign-up form, the key of its validation result.
public enum SignUpField: String, Sendable, Hashable, CaseIterable {
    /// The person's name.
    case name
    /// The e-mail address.
    case email
    /// The CPF, formatted or as eleven digits.
    case cpf
    /// The six-digit password.
    case password
    /// The password typed again, which must match it.
    case confirmation
}
