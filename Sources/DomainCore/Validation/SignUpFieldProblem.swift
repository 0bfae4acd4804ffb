/// What is wrong with one sign-up field. The presentation layer turns each case
/// into a localised message; the raw value is a stable key, not user text.
public enum SignUpFieldProblem: String, Sendable, Hashable, CaseIterable {
    /// Nothing was typed (or only whitespace). Reported before any other problem.
    case empty
    /// The name, trimmed, is shorter than `PersonalDetailsRules.minimumNameLength`.
    case nameTooShort
    /// The e-mail is not well formed (see `EmailAddress`).
    case invalidEmail
    /// The CPF has the wrong shape or wrong check digits (see `CPF`).
    case invalidCPF
    /// The password is not the backend's number of digits
    /// (`PasswordRule.digits`: the Cora challenge's six).
    case passwordNotDigits
    /// The password is shorter (or longer) than the backend takes
    /// (`PasswordRule.atLeast`: Google Identity Toolkit's and Supabase's six characters).
    case passwordTooShort
    /// The confirmation differs from the password.
    case confirmationMismatch
}
