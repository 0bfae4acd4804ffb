import SimulatedBackend
import PortContracts
import Ports
import TaskRuntime
import VirtualTime

/// The contract suites' server when the adapters are in memory: an
/// `InMemoryBackend` on a `ManualClock`, driven directly.
struct InMemoryRemoteFixture: RemoteContractFixture {
    let clock: ManualClock
    let backend: InMemoryBackend

    init(configuration: InMemoryBackend.Configuration = InMemoryBackend.Configuration()) {
        let clock = ManualClock()
        self.clock = clock
        backend = InMemoryBackend(clock: clock, configuration: configuration)
    }

    var auth: any AuthRemoteAPI { InMemoryAuthRemoteAPI(backend: backend) }
    var users: any UserRemoteAPI { InMemoryUserRemoteAPI(backend: backend) }
    var statements: any StatementRemoteAPI { InMemoryStatementRemoteAPI(backend: backend) }
    var health: any HealthProbe { InMemoryHealthProbe(backend: backend) }

    var tokenLifetime: Duration { backend.configuration.tokenLifetime }
    var refreshWindow: Duration { backend.configuration.refreshWindow }

    func setHealthy(_ healthy: Bool) async {
        await backend.setHealthy(healthy)
    }

    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws {
        try await backend.setAccountState(cpf: cpf, state.backendState)
    }

    func revokeAllTokens() async {
        await backend.revokeAllTokens()
    }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        // The in-memory adapters call the backend directly: no answer travels.
        if case .delivery = fault { throw NoWire() }
        await backend.addFault(InMemoryBackend.Fault(route: operation.wireRoute, mode: fault.backendMode))
    }

    func confirmAccount(_ identifier: LoginIdentifier) async throws {
        try await backend.confirmAccount(identifier)
    }

    func advanceServerClock(by duration: Duration) {
        clock.advance(by: duration)
    }

    func metrics() async -> RemoteServerMetrics {
        let metrics = await backend.metrics()
        return RemoteServerMetrics(
            wireRequests: metrics.requests, logins: metrics.logins, refreshes: metrics.refreshes,
            refreshesRejected: metrics.refreshesRejected, tokensLive: metrics.tokensLive)
    }

    func reset() async {
        await backend.reset()
    }
}
