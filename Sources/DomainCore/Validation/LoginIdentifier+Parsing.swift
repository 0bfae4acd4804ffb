public import Ports

extension LoginIdentifier {
    /// What the identifier step's text names, or nil when it is neither a
    /// valid CPF nor a well-formed e-mail (and "Next" stays disabled).
    ///
    /// A CPF becomes `.cpf` with its eleven digits (`123.456.789-09` →
    /// `"12345678909"`); an e-mail becomes `.email` with its normalised value
    /// (trimmed, domain lowercased). The two cannot overlap: a CPF has no `@`.
    public init?(parsing text: String) {
        if let cpf = CPF(text) {
            self = .cpf(cpf.digits)
        } else if let email = EmailAddress(text) {
            self = .email(email.value)
        } else {
            return nil
        }
    }
}
