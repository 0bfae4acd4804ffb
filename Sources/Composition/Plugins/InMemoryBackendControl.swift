import AdapterInMemory
import Ports

/// The control switches of the in-memory backend, called directly.
struct InMemoryBackendControl: BackendControl {
    let backend: InMemoryBackend

    static let routes = [
        BackendRoute.auth, BackendRoute.statementList, BackendRoute.statementDetails, BackendRoute.health,
        BackendRoute.currentUser, BackendRoute.updateCurrentUser, BackendRoute.deleteCurrentUser,
        BackendRoute.relatedUsers, BackendRoute.register,
    ]

    func setHealthy(_ healthy: Bool) async throws(BackendControlError) {
        await backend.setHealthy(healthy)
    }

    func setAccountState(cpf: String, _ state: ServerAccountState) async throws(BackendControlError) {
        let digits = cpf.filter(\.isNumber)
        let mapped: InMemoryBackend.AccountState =
            switch state {
            case .active: .active
            case .inactive: .inactive
            case .deleted: .deleted
            }
        do {
            try await backend.setAccountState(cpf: digits, mapped)
        } catch {
            throw BackendControlError("no account with CPF \(cpf)")
        }
    }

    func revokeAllTokens() async throws(BackendControlError) {
        await backend.revokeAllTokens()
    }

    func addFault(route: String, mode: ServerFaultMode, count: Int) async throws(BackendControlError) {
        guard Self.routes.contains(route) else {
            throw BackendControlError("unknown route '\(route)': known routes are \(Self.routes.joined(separator: ", "))")
        }
        let mapped: InMemoryBackend.FaultMode =
            switch mode {
            case .status(let status): .status(status)
            case .delay(let duration): .delay(duration)
            case .drop: .drop
            case .malformed: .malformed
            case .hang: .hang
            }
        await backend.addFault(InMemoryBackend.Fault(route: route, mode: mapped, count: count))
    }

    func clearFaults() async throws(BackendControlError) {
        await backend.clearFaults()
    }

    func metrics() async throws(BackendControlError) -> ServerMetrics {
        let metrics = await backend.metrics()
        return ServerMetrics(
            requests: metrics.requests, logins: metrics.logins, refreshes: metrics.refreshes,
            refreshesRejected: metrics.refreshesRejected, tokensLive: metrics.tokensLive)
    }

    func reset() async throws(BackendControlError) {
        await backend.reset()
    }

    func knownSecrets() async -> [KnownSecret] {
        let tokens = await backend.issuedTokens.map { KnownSecret(.token, $0.reveal()) }
        let passwords = await backend.knownPasswords.map { KnownSecret(.password, $0.reveal()) }
        return tokens + passwords
    }
}
