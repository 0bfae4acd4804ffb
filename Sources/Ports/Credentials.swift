/// Who is signing in: the Cora challenge signs in by CPF, the start-up spec by
/// e-mail; the backend takes either.
public enum LoginIdentifier: Sendable, Hashable {
    /// Eleven digits, no punctuation (the domain normalises `123.456.789-09`).
    case cpf(String)
    /// A well-formed e-mail address, as typed (trimmed).
    case email(String)
}

/// What a sign-in sends. The password redacts itself.
public struct Credentials: Sendable, Hashable {
    public var identifier: LoginIdentifier
    public var password: Password

    public init(identifier: LoginIdentifier, password: Password) {
        self.identifier = identifier
        self.password = password
    }
}
