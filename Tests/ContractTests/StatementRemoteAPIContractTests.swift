import OAuth2ServerAccess
import PortContracts
import Ports
import Testing

/// The part of `StatementRemoteAPI`'s contract any backend passes with its
/// seeded data alone — the promises of `StatementRemoteAPIContract` that
/// throw no switch of the server — for every adapter in
/// `SeededAdapters.statementsOnCoraRoutes`, against a server playing Cora
/// too. The switches' promises run in `StatementRemoteAPIControlContractTests`.
@Suite(
    "StatementRemoteAPI contract, seeded data",
    .needsRoutes(RemoteRoute.auth, RemoteRoute.statementList, RemoteRoute.statementDetails),
    .sharesTheOAuth2Server)
struct StatementRemoteAPIContractTests {
    @Test(
        "Every statement adapter keeps each promise that needs no switch",
        arguments: SeededAdapters.statementsOnCoraRoutes,
        StatementRemoteAPIContract.Promise.allCases.filter { !$0.needsTheServersSwitches })
    func keepsThePromise(_ adapter: StatementAdapter, _ promise: StatementRemoteAPIContract.Promise) async throws {
        try await StatementRemoteAPIContract.check(promise, on: adapter.underTest)
    }
}

extension StatementAdapter {
    /// The adapter and its fixture's switches, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> StatementAPIUnderTest {
        let (statements, fixture) = try await make()
        return StatementAPIUnderTest(api: statements, server: FixtureStatementControl(fixture: fixture))
    }
}

/// A fixture's seeded people and switches as the statement contract names them.
struct FixtureStatementControl: StatementBackendControl {
    let fixture: any RemoteContractFixture

    private static func account(_ holder: SeededPerson) -> RemoteSeedAccount {
        switch holder {
        case .first: RemoteSeed.maria
        case .second: RemoteSeed.joao
        }
    }

    func signIn(_ holder: SeededPerson) async throws -> AccessToken {
        try await fixture.auth.signIn(Self.account(holder).byCPF).accessToken
    }

    func revokeAllTokens() async throws { try await fixture.revokeAllTokens() }

    func expireIssuedTokens() async throws {
        try await fixture.advanceServerClock(by: fixture.tokenLifetime + .seconds(1))
    }

    func setAccount(_ holder: SeededPerson, to state: RemoteAccountSwitch) async throws {
        let state = try #require(RemoteAccountState(rawValue: state.rawValue), "the backend has \(state) accounts")
        try await fixture.setAccountState(cpf: Self.account(holder).cpf, state)
    }

    func failNextCall(_ call: StatementCall, _ failure: RemoteCallFailure) async throws {
        try await fixture.injectFault(try RemoteFault(failure), on: call.operation)
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
