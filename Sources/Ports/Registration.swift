/// What `POST /users` sends to create an account. Registering never signs in.
public struct Registration: Sendable, Hashable {
    public var name: String
    public var email: String
    /// Eleven digits, no punctuation.
    public var cpf: String
    public var password: Password

    public init(name: String, email: String, cpf: String, password: Password) {
        self.name = name
        self.email = email
        self.cpf = cpf
        self.password = password
    }
}
