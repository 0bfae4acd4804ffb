import PortContracts
import Ports
import Testing

/// A fixture's seeded people and switches as `PortContracts`' auth,
/// statement and user contracts name them: the first seeded person is
/// Maria, the second João (`RemoteSeed`).
struct FixtureRemoteControl: AuthBackendControl, StatementBackendControl, UserBackendControl {
    let fixture: any RemoteContractFixture

    private static func account(_ person: SeededPerson) -> RemoteSeedAccount {
        switch person {
        case .first: RemoteSeed.maria
        case .second: RemoteSeed.joao
        }
    }

    func signIn(_ person: SeededPerson) async throws -> AccessToken {
        try await fixture.auth.signIn(Self.account(person).byCPF).accessToken
    }

    func profile(of person: SeededPerson) -> SeededProfile {
        let account = Self.account(person)
        return SeededProfile(name: account.name, email: account.email, cpf: account.cpf)
    }

    func revokeAllTokens() async throws { try await fixture.revokeAllTokens() }

    func expireIssuedTokens() async throws {
        try await fixture.advanceServerClock(by: fixture.tokenLifetime + .seconds(1))
    }

    func setAccount(_ person: SeededPerson, to state: RemoteAccountSwitch) async throws {
        let state = try #require(RemoteAccountState(rawValue: state.rawValue), "the backend has \(state) accounts")
        try await fixture.setAccountState(cpf: Self.account(person).cpf, state)
    }

    func failNextCall(_ call: StatementCall, _ failure: RemoteCallFailure) async throws {
        try await fixture.injectFault(try RemoteFault(failure), on: call.operation)
    }

    func failNextCall(_ call: UserCall, _ failure: RemoteCallFailure) async throws {
        try await fixture.injectFault(try RemoteFault(failure), on: call.operation)
    }

    func signInANewAccount() async throws -> AccessToken {
        let registration = RemoteSeed.newcomer()
        _ = try await fixture.auth.register(registration)
        return try await fixture.auth.signIn(
            Credentials(identifier: .cpf(registration.cpf), password: registration.password)
        ).accessToken
    }

    func requestCount() async throws -> Int { try await fixture.metrics().allRequests }

    // MARK: The auth contract's

    /// An account of the seed as each of our servers signs it in: by its
    /// CPF, or by the e-mail the servers that sign in by e-mail know it by.
    private static func signIn(_ account: RemoteSeedAccount) -> SeededSignIn {
        SeededSignIn(cpf: account.cpf, email: account.signInEmail, password: Password(account.password))
    }

    func credentials(of person: SeededPerson) -> SeededSignIn { Self.signIn(Self.account(person)) }

    var inactiveAccount: SeededSignIn? { Self.signIn(RemoteSeed.inactive) }

    func newRegistration() -> Registration { RemoteSeed.newcomer() }

    func profile(behind token: AccessToken) async throws -> UserProfile? {
        guard fixture.servesTheCurrentUser, fixture.users.offersCurrentUser else { return nil }
        return try await fixture.users.currentUser(token: token)
    }

    func passRefreshWindow() async throws {
        try await fixture.advanceServerClock(by: fixture.refreshWindow + .seconds(1))
    }

    func failNextCall(_ call: AuthCall, _ failure: RemoteCallFailure) async throws {
        try await fixture.injectFault(try RemoteFault(failure), on: call.operation)
    }

    func liveTokenCount() async throws -> Int { try await fixture.metrics().tokensLive }

    func confirmRegistration(of registration: Registration) async throws {
        let identifier: LoginIdentifier =
            registration.email.isEmpty ? .cpf(registration.cpf) : .email(registration.email)
        try await fixture.confirmAccount(identifier)
    }
}

extension AuthAdapter {
    /// The adapter and its fixture's switches, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> AuthAPIUnderTest {
        let (auth, fixture) = try await make()
        return AuthAPIUnderTest(api: auth, server: FixtureRemoteControl(fixture: fixture))
    }
}

extension AuthCall {
    /// The suites' name of the call, as fixtures fail and count it.
    var operation: RemoteOperation {
        switch self {
        case .signIn: .signIn
        case .refresh: .refresh
        case .register: .register
        }
    }
}

extension StatementAdapter {
    /// The adapter and its fixture's switches, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> StatementAPIUnderTest {
        let (statements, fixture) = try await make()
        return StatementAPIUnderTest(api: statements, server: FixtureRemoteControl(fixture: fixture))
    }
}

extension UserAdapter {
    /// The adapter and its fixture's switches, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> UserAPIUnderTest {
        let (users, fixture) = try await make()
        return UserAPIUnderTest(api: users, server: FixtureRemoteControl(fixture: fixture))
    }
}

extension StatementCall {
    /// The suites' name of the call, as fixtures fail and count it.
    var operation: RemoteOperation {
        switch self {
        case .statement: .statement
        case .entryDetails: .entryDetails
        }
    }

    func perform(on statements: any StatementRemoteAPI, id: String, token: AccessToken) async throws(RemoteError) {
        switch self {
        case .statement: _ = try await statements.statement(token: token)
        case .entryDetails: _ = try await statements.entryDetails(id: id, token: token)
        }
    }
}

extension UserCall {
    /// The suites' name of the call, as fixtures fail and count it.
    var operation: RemoteOperation {
        switch self {
        case .currentUser: .currentUser
        case .updateCurrentUser: .updateCurrentUser
        case .deleteCurrentUser: .deleteCurrentUser
        case .relatedUsers: .relatedUsers
        case .saveSharedWith: .saveSharedWith
        }
    }
}
