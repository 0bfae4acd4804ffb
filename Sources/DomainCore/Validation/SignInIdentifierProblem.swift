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
    /// A well-formed e-mail, but the backend signs in by CPF only
    /// (`AuthRemoteAPI.signsInByEmail` is false: the Cora API). Shown only
    /// after "Next", as `cpfNotAccepted` is; an edit clears it.
    case emailNotAccepted
}
