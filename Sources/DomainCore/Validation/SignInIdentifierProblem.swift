/// Why the sign-in's identifier step does not take what was typed.
public enum SignInIdentifierProblem: Sendable, Hashable {
    /// Neither a CPF with the right check digits nor a well-formed e-mail.
    /// Shown as soon as something is typed.
    case invalid
    /// A valid CPF, but the backend signs in by e-mail only
    /// (`AuthRemoteAPI.signsInByCPF` is false). Shown only after "Next", so
    /// a CPF typed in or remembered is not questioned before the person acts;
    /// an edit clears it.
    case cpfNotAccepted
}
