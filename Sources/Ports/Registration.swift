/// What sign-up sends to create an account (`POST /users` on the wire
/// contract). Only the fields the backend's `RegistrationOffer` takes are
/// sent; the others may be left empty.
public struct Registration: Sendable, Hashable {
    /// The account holder's name.
    public var name: String
    /// The account's e-mail address.
    public var email: String
    /// Eleven digits, no punctuation.
    public var cpf: String
    /// The password the account will sign in with.
    public var password: Password

    /// A registration with these fields.
    public init(name: String, email: String, cpf: String, password: Password) {
        self.name = name
        self.email = email
        self.cpf = cpf
        self.password = password
    }
}
