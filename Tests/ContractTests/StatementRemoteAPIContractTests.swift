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
