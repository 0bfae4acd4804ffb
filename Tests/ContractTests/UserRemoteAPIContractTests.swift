import OAuth2ServerAccess
import PortContracts
import Ports
import Testing

/// The part of `UserRemoteAPI`'s contract any backend with these routes
/// passes with its seeded data alone, changing none of it — the promises of
/// `UserRemoteAPIContract` that throw no switch — for every adapter in
/// `SeededAdapters.users`. The switches' promises run in
/// `UserRemoteAPIControlContractTests`; a promise about a route an adapter
/// declares it lacks is cancelled there, saying why.
@Suite(
    "UserRemoteAPI contract, seeded data",
    .needsRoutes(
        RemoteRoute.auth, RemoteRoute.currentUser, RemoteRoute.updateCurrentUser, RemoteRoute.deleteCurrentUser,
        RemoteRoute.relatedUsers, RemoteRoute.saveSharedWith),
    .sharesTheOAuth2Server)
struct UserRemoteAPIContractTests {
    @Test(
        "Every user adapter keeps each promise that needs no switch",
        arguments: SeededAdapters.users, UserRemoteAPIContract.Promise.allCases.filter { !$0.needsTheServersSwitches })
    func keepsThePromise(_ adapter: UserAdapter, _ promise: UserRemoteAPIContract.Promise) async throws {
        try await UserRemoteAPIContract.check(promise, on: adapter.underTest)
    }
}

extension UserAdapter {
    /// The adapter and its fixture's switches, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> UserAPIUnderTest {
        let (users, fixture) = try await make()
        return UserAPIUnderTest(api: users, server: FixtureUserControl(fixture: fixture))
    }
}

/// A fixture's seeded people and switches as the user contract names them.
struct FixtureUserControl: UserBackendControl {
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
