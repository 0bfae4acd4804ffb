import OAuth2ServerAccess
import Ports
import Testing

/// The part of `HealthProbe`'s contract any backend with a health route
/// passes as it is (the control switches are in
/// `HealthProbeControlContractTests`), for every adapter in `SeededAdapters.health`.
@Suite("HealthProbe contract, seeded data", .needsRoutes(RemoteRoute.health), .sharesTheOAuth2Server)
struct HealthProbeContractTests {
    @Test("a server that says it is healthy reads as healthy", arguments: SeededAdapters.health)
    func healthyServerReadsHealthy(_ adapter: HealthAdapter) async throws {
        let (probe, _) = try await adapter.make()

        #expect(try await probe.check() == .healthy)
    }

}
