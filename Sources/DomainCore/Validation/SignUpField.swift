public import Ports

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

extension SignUpField {
    /// The registration field this form field fills: the confirmation is
    /// the password's.
    public var registrationField: RegistrationField {
        switch self {
        case .name: .name
        case .email: .email
        case .cpf: .cpf
        case .password, .confirmation: .password
        }
    }

    /// The form's fields for a sign-up that takes `fields`, in the form's
    /// order: the confirmation goes with the password.
    public static func shown(for fields: Set<RegistrationField>) -> [SignUpField] {
        allCases.filter { fields.contains($0.registrationField) }
    }
}
