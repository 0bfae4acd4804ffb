/// The two people of a backend's seed a remote check signs in. Each has a
/// statement of at least one entry, neither sees the other's, and each is
/// among the other's related people.
public enum SeededPerson: String, Sendable, Hashable, CaseIterable {
    case first, second
}

/// What the seed says of a person, for the checks of what a backend answers.
public struct SeededProfile: Sendable, Hashable {
    /// The person's name.
    public let name: String
    /// The person's e-mail, when the seed gives one.
    public let email: String?
    /// The person's CPF (a backend whose profile carries none answers it empty).
    public let cpf: String

    /// - Parameters:
    ///   - name: the person's name, as the backend answers it.
    ///   - email: the person's e-mail, when the seed gives one.
    ///   - cpf: the person's CPF.
    public init(name: String, email: String?, cpf: String) {
        self.name = name
        self.email = email
        self.cpf = cpf
    }
}

/// An account's state, as a backend's switches set it.
public enum RemoteAccountSwitch: String, Sendable, Hashable, CaseIterable {
    case active, inactive, deleted
}
