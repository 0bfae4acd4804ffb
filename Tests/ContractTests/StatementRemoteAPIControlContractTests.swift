import PortContracts
import Ports
import Testing

/// The part of `StatementRemoteAPI`'s contract that needs the server's
/// switches — revocation, the server's clock, account states, faults and
/// every error status — the promises of `StatementRemoteAPIContract` that
/// throw one, for every adapter in `RemoteAdapters.statementsOnCoraRoutes`.
@Suite(
    "StatementRemoteAPI contract, control switches", .needsControlAPI,
    .needsRoutes(RemoteRoute.auth, RemoteRoute.statementList, RemoteRoute.statementDetails))
struct StatementRemoteAPIControlContractTests {
    @Test(
        "Every statement adapter keeps each promise that throws a switch",
        arguments: RemoteAdapters.statementsOnCoraRoutes,
        StatementRemoteAPIContract.Promise.allCases.filter(\.needsTheServersSwitches))
    func keepsThePromise(_ adapter: StatementAdapter, _ promise: StatementRemoteAPIContract.Promise) async throws {
        try await StatementRemoteAPIContract.check(promise, on: adapter.underTest)
    }
}
