import AdapterInMemory
import Ports
import Testing

/// The part of `HealthProbe`'s contract that needs the control API: the
/// health switch, faults and metrics.
@Suite("HealthProbe contract, control switches", .needsControlAPI, .needsRoutes(RemoteRoute.health))
struct HealthProbeControlContractTests {
    @Test(
        "a server that says it is unhealthy reads as unhealthy, and healthy again once it is",
        arguments: RemoteAdapters.health)
    func unhealthyServerReadsUnhealthy(_ adapter: HealthAdapter) async throws {
        let (probe, server) = try await adapter.make()

        try await server.setHealthy(false)
        let down = try await probe.check()
        try await server.setHealthy(true)
        let up = try await probe.check()

        #expect(down == .unhealthy)
        #expect(up == .healthy)
    }

    @Test(
        "any error status, whatever its body, reads as unhealthy, or for a 4xx as the refusal it is",
        arguments: RemoteAdapters.health, ErrorStatusTable.statuses)
    func otherStatusReadsUnhealthy(_ adapter: HealthAdapter, _ status: Int) async throws {
        let (probe, server) = try await adapter.make()
        if status < 500 { try adapter.requireHealthRoute(of: probe) }
        for body in InMemoryBackend.ErrorBody.allCases {
            try await server.injectFault(.status(status, body: body), on: .health)
            do {
                #expect(try await probe.check() == .unhealthy, "status \(status), \(body.rawValue) body")
            } catch {
                // The port lets an adapter that can tell say a 4xx is a refusal, with its status.
                #expect(
                    status < 500 && error == .rejected(status: status, code: nil),
                    "status \(status), \(body.rawValue) body: \(error)")
            }
        }
    }

    @Test("an unreachable server throws transport or timeout", arguments: RemoteAdapters.health)
    func unreachableServerThrowsTransport(_ adapter: HealthAdapter) async throws {
        let (probe, server) = try await adapter.make()
        try adapter.requireHealthRoute(of: probe)
        try await server.injectFault(.drop, on: .health)

        let error = await #expect(throws: RemoteError.self) { try await probe.check() }

        expectNetworkFailure(error, for: .drop)
    }

    @Test("a 200 without a health body throws malformedResponse", arguments: RemoteAdapters.health)
    func bodylessAnswerThrowsMalformed(_ adapter: HealthAdapter) async throws {
        let (probe, server) = try await adapter.make()
        try adapter.requireHealthRoute(of: probe)
        try await server.injectFault(.malformed, on: .health)

        let error = await #expect(throws: RemoteError.self) { try await probe.check() }

        expectNetworkFailure(error, for: .malformed)
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

    @Test("a check sends one health call and nothing else", arguments: RemoteAdapters.health)
    func checkSendsOneHealthCall(_ adapter: HealthAdapter) async throws {
        let (probe, server) = try await adapter.make()
        try adapter.requireHealthRoute(of: probe)
        let before = try await server.metrics()

        _ = try await probe.check()

        let after = try await server.metrics()
        #expect(after.count(.health) == before.count(.health) + 1)
        #expect(after.allRequests == before.allRequests + 1)
    }
}
