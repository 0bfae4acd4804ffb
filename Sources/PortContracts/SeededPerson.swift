public import Ports

/// The two people of a backend's seed a remote check signs in. Each has a
/// statement of at least one entry, neither sees the other's, and each is
/// among the other's related people.
public enum SeededPerson: String, Sendable, Hashable, CaseIterable {
    /// The person most checks sign in.
    case first
    /// The other person: another account, related to the first.
    case second
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
    /// The account can be used.
    case active
    /// The account is inactive: its calls are refused as USER_INACTIVE.
    case inactive
    /// The account is deleted: its calls are refused as USER_DELETED.
    case deleted
}

/// The switches every remote contract's checks share: signing in a seeded
/// person, and what a token or an account can be made to be. A backend with
/// no switches (a real one, seeded only) signs in and throws from the rest:
/// only the promises that need none run there.
public protocol SeededBackendControl: Sendable {
    /// Signs `person` in and returns the access token the data routes take.
    /// A refusal is thrown as the auth adapter's `RemoteError`.
    func signIn(_ person: SeededPerson) async throws -> AccessToken
    /// Revokes every token the server issued.
    func revokeAllTokens() async throws
    /// Moves the server's clock past the lifetime of every token issued so far.
    func expireIssuedTokens() async throws
    /// Sets `person`'s account to `state`.
    func setAccount(_ person: SeededPerson, to state: RemoteAccountSwitch) async throws
}

extension SeededBackendControl {
    /// Runs `body` with `person`'s account in `state`, and sets it back to
    /// active afterwards, whether `body` threw or not.
    func withAccount(
        _ person: SeededPerson, in state: RemoteAccountSwitch, _ body: () async throws -> Void
    ) async throws {
        try await setAccount(person, to: state)
        do {
            try await body()
        } catch {
            try? await setAccount(person, to: .active)
            throw error
        }
        try await setAccount(person, to: .active)
    }
}
