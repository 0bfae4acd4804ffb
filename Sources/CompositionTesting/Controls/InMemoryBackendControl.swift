public import SimulatedBackend
public import Composition
import Ports

/// The control switches of an in-memory backend, called directly: the
/// `in-memory` plugin's, and those of a `ReferenceServer` in this process.
public struct InMemoryBackendControl: BackendControl {
    let backend: InMemoryBackend
    /// The routes a fault may name: the contract's, and those of a stand-in
    /// serving the same backend in another dialect.
    let knownRoutes: [String]

    /// - Parameters:
    ///   - backend: The backend switched.
    ///   - standInRoutes: The routes of a stand-in that serves `backend` in
    ///     its own dialect (`StandInPlugin.routes`), as it keys faults and
    ///     counts: a fault may name them too.
    public init(backend: InMemoryBackend, standInRoutes: [String] = []) {
        self.backend = backend
        knownRoutes = standInRoutes + BackendRoute.all
    }

    /// Refuses a route the contract does not have: a fault on a misspelt
    /// route would never fire. (HTTPBackendControl asks the same.)
    static func requireKnownRoute(_ route: String, among known: [String] = BackendRoute.all)
        throws(BackendControlError)
    {
        guard known.contains(route) else {
            throw BackendControlError("unknown route '\(route)': known routes are \(known.joined(separator: ", "))")
        }
    }

    public func setHealthy(_ healthy: Bool) async throws(BackendControlError) {
        await backend.setHealthy(healthy)
    }

    public func setAccountState(cpf: String, _ state: ServerAccountState) async throws(BackendControlError) {
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

    public func revokeAllTokens() async throws(BackendControlError) {
        await backend.revokeAllTokens()
    }

    public func addFault(route: String, mode: ServerFaultMode, count: Int) async throws(BackendControlError) {
        try Self.requireKnownRoute(route, among: knownRoutes)
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

    public func clearFaults() async throws(BackendControlError) {
        await backend.clearFaults()
    }

    public func metrics() async throws(BackendControlError) -> ServerMetrics {
        let metrics = await backend.metrics()
        return ServerMetrics(
            requests: metrics.requests, logins: metrics.logins, refreshes: metrics.refreshes,
            refreshesRejected: metrics.refreshesRejected, tokensLive: metrics.tokensLive)
    }

    public func reset() async throws(BackendControlError) {
        await backend.reset()
    }

    public func act(_ action: PersonAction) async throws(BackendControlError) {
        do {
            switch action {
            case .signsIn:
                guard let credentials = action.credentials else { return }
                try await backend.personSignsIn(credentials)
            case .denies: try await backend.personDenies()
            case .answersForAnotherAttempt: try await backend.personAnswersForAnotherAttempt()
            case .serverSlowsDown: try await backend.slowDownNextPoll()
            case .confirmsAccount(let identifier):
                try await backend.confirmAccount(
                    identifier.contains("@") ? .email(identifier) : .cpf(identifier.filter(\.isNumber)))
            }
        } catch {
            throw BackendControlError("\(error)")
        }
    }

    public func knownSecrets() async -> [KnownSecret] {
        let tokens = await backend.issuedTokens.map { KnownSecret(.token, $0.reveal()) }
        let passwords = await backend.knownPasswords.map { KnownSecret(.password, $0.reveal()) }
        return tokens + passwords
    }
}
