import ExampleAdapters
import Ports

/// The health suites' server for `ActuatorHealthProbe` (the adapter guide's
/// second example): an `ActuatorStandIn` on loopback, speaking Spring Boot
/// Actuator's `GET /actuator/health`, behind the suites' switches.
///
/// Actuator is a health endpoint, not a backend: it has no sign-in, accounts
/// or statements. The suites' other ports (which the health suite uses only
/// to show that a check touches no session) are an in-memory backend's, as
/// for a team whose health route and sign-in live on different services.
///
/// The suites name faults and counts by operation (`RemoteOperation`); this
/// fixture meets `.health` on `/actuator/health` and counts those calls as
/// health calls. A fault on any other operation goes to the in-memory
/// backend, since no other operation is Actuator's.
struct ActuatorRemoteFixture: RemoteContractFixture {
    private let standIn: ActuatorStandIn
    private let session: InMemoryRemoteFixture
    let health: any HealthProbe

    init() throws {
        standIn = try ActuatorStandIn()
        session = InMemoryRemoteFixture()
        health = try ActuatorHealthProbe(baseURL: standIn.baseURL)
    }

    var auth: any AuthRemoteAPI { session.auth }
    var users: any UserRemoteAPI { session.users }
    var statements: any StatementRemoteAPI { session.statements }

    var tokenLifetime: Duration { session.tokenLifetime }
    var refreshWindow: Duration { session.refreshWindow }

    func setHealthy(_ healthy: Bool) async throws { standIn.setUp(healthy) }

    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws {
        try await session.setAccountState(cpf: cpf, state)
    }

    func revokeAllTokens() async throws { await session.revokeAllTokens() }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        guard operation == .health else { return try await session.injectFault(fault, on: operation) }
        switch fault {
        case .status(let status, _): standIn.failNextCall(.status(status))
        case .drop: standIn.failNextCall(.drop)
        case .malformed: standIn.failNextCall(.malformed)
        case .refusal, .delivery: throw UnmetControlNeed("\(fault) on the health route", of: self)
        }
    }

    func advanceServerClock(by duration: Duration) async throws { session.advanceServerClock(by: duration) }

    func metrics() async throws -> RemoteServerMetrics {
        var metrics = await session.metrics()
        let healthCalls = standIn.healthCalls
        metrics.calls[.health] = healthCalls == 0 ? nil : healthCalls
        metrics.allRequests += healthCalls
        return metrics
    }

    func reset() async throws {
        standIn.reset()
        await session.reset()
    }
}
