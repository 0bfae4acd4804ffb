import PortContracts
import Ports
import Testing

/// The part of `HealthProbe`'s contract that needs the control API: the
/// health switch, faults and metrics: the promises of `HealthProbeContract`
/// that throw a switch, and what only a fixture with a session can show.
@Suite("HealthProbe contract, control switches", .needsControlAPI, .needsRoutes(RemoteRoute.health))
struct HealthProbeControlContractTests {
    @Test(
        "Every probe keeps each promise that throws a switch of the server",
        arguments: RemoteAdapters.health, HealthProbeContract.Promise.allCases.filter(\.needsTheServersSwitches))
    func everyProbeKeepsThePromise(_ adapter: HealthAdapter, _ promise: HealthProbeContract.Promise) async throws {
        try await HealthProbeContract.check(promise, on: adapter.underTest)
    }

    @Test("a check needs no session and touches none", arguments: RemoteAdapters.health)
    func checkNeedsNoSession(_ adapter: HealthAdapter) async throws {
        let (probe, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let before = try await server.metrics()

        _ = try await probe.check()

        let after = try await server.metrics()
        var expectedCalls = before.calls
        expectedCalls[.health] = after.calls[.health]
        #expect(after.calls == expectedCalls, "no call but health calls")
        #expect(after.allRequests - before.allRequests == after.count(.health) - before.count(.health))
        #expect(after.logins == before.logins)
        #expect(after.refreshes == before.refreshes)
        #expect(after.tokensLive == before.tokensLive)
        #expect(try await server.users.currentUser(token: token).email == RemoteSeed.maria.email)
    }
}
