import OAuth2ServerAccess
import PortContracts
import Ports
import Testing

/// The part of `HealthProbe`'s contract any backend with a health route
/// passes as it is — the promises of `HealthProbeContract` that throw no
/// switch of the server — for every adapter in `SeededAdapters.health`.
@Suite("HealthProbe contract, seeded data", .needsRoutes(RemoteRoute.health), .sharesTheOAuth2Server)
struct HealthProbeContractTests {
    @Test(
        "Every probe keeps each promise that needs no switch",
        arguments: SeededAdapters.health, HealthProbeContract.Promise.allCases.filter { !$0.needsTheServersSwitches })
    func everyProbeKeepsThePromise(_ adapter: HealthAdapter, _ promise: HealthProbeContract.Promise) async throws {
        try await HealthProbeContract.check(promise, on: adapter.underTest)
    }
}

extension HealthAdapter {
    /// The probe and its fixture's switches, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> HealthProbeUnderTest {
        let (probe, fixture) = try await make()
        return HealthProbeUnderTest(probe: probe, server: FixtureHealthControl(fixture: fixture))
    }
}

/// A fixture's switches as the health contract names them.
struct FixtureHealthControl: HealthBackendControl {
    let fixture: any RemoteContractFixture

    func setHealthy(_ healthy: Bool) async throws { try await fixture.setHealthy(healthy) }

    func failNextHealthCall(_ failure: RemoteCallFailure) async throws {
        try await fixture.injectFault(try RemoteFault(failure), on: .health)
    }

    func requestCounts() async throws -> (health: Int, all: Int) {
        let metrics = try await fixture.metrics()
        return (metrics.count(.health), metrics.allRequests)
    }
}
