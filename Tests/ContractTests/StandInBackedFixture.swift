import SimulatedBackend
import Ports

/// A fixture whose dialect's stand-in keeps its accounts, tokens and clock in
/// an `InMemoryBackend` (the Supabase and OAuth 2.0 stand-ins): the
/// switches that do not depend on the dialect act on that backend, once.
protocol StandInBackedFixture: RemoteContractFixture {
    /// The backend behind the stand-in's routes.
    var backend: InMemoryBackend { get }
}

extension StandInBackedFixture {
    var tokenLifetime: Duration { backend.configuration.tokenLifetime }
    var refreshWindow: Duration { backend.configuration.refreshWindow }

    func setHealthy(_ healthy: Bool) async throws { await backend.setHealthy(healthy) }

    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws {
        try await backend.setAccountState(cpf: cpf, state.backendState)
    }

    func revokeAllTokens() async throws { await backend.revokeAllTokens() }

    /// The backend's counts, with the requests of the dialect's own routes
    /// (`routes`: an operation and the route key it is counted under)
    /// counted as those operations, and the rest as the backend's own routes.
    func metrics(countingRoutesAs routes: [(RemoteOperation, String)]) async -> RemoteServerMetrics {
        let metrics = await backend.metrics()
        var wire = metrics.requests
        var calls: [RemoteOperation: Int] = [:]
        for (operation, route) in routes { calls[operation] = wire.removeValue(forKey: route) }
        let resource = RemoteServerMetrics(
            wireRequests: wire, logins: metrics.logins, refreshes: metrics.refreshes,
            refreshesRejected: metrics.refreshesRejected, tokensLive: metrics.tokensLive)
        return RemoteServerMetrics(
            calls: resource.calls.merging(calls.compactMapValues(\.self)) { $0 + $1 },
            allRequests: metrics.requests.values.reduce(0, +), logins: metrics.logins,
            refreshes: metrics.refreshes, refreshesRejected: metrics.refreshesRejected,
            tokensLive: metrics.tokensLive)
    }
}

extension RemoteAccountState {
    /// The same state, as `InMemoryBackend` sets it.
    var backendState: InMemoryBackend.AccountState {
        switch self {
        case .active: .active
        case .inactive: .inactive
        case .deleted: .deleted
        }
    }
}

extension RemoteFault {
    /// The same fault, as `InMemoryBackend` injects it.
    var backendMode: InMemoryBackend.FaultMode {
        switch self {
        case .status(let status, let body): .status(status, body: body)
        case .drop: .drop
        case .malformed: .malformed
        case .refusal(let refusal): .refusal(refusal)
        case .delivery(let delivery): .delivery(delivery)
        }
    }
}
