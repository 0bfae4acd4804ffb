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
    /// The CPF or e-mail the user signs in with.
    public var identifier: LoginIdentifier
    /// The user's password.
    public var password: Password

    /// Credentials for signing in as `identifier` with `password`.
    public init(identifier: LoginIdentifier, password: Password) {
        self.identifier = identifier
        self.password = password
    }
}
