public import Ports

/// Registering an account: it never creates a session and never touches the
/// session state (docs/spec/explicit-actions.md).
@MainActor
public final class AccountRegistration {
    private let authAPI: any AuthRemoteAPI
    private let health: HealthMonitor

    /// - Parameters:
    ///   - authAPI: the registration call.
    ///   - health: no registration while the system is down.
    public init(authAPI: any AuthRemoteAPI, health: HealthMonitor) {
        self.authAPI = authAPI
        self.health = health
    }

    /// Whether the backend creates accounts: without it there is no sign-up.
    public var offersRegistration: Bool { authAPI.offersRegistration }

    /// Registers an account. Never creates a session, never changes the state.
    /// A backend without registration is answered `notOffered`, sending nothing.
    public func register(_ registration: Registration) async -> Result<Void, RegistrationFailure> {
        guard authAPI.offersRegistration else { return .failure(.notOffered) }
        guard !health.status.isDown else { return .failure(.systemUnavailable) }
        do {
            _ = try await authAPI.register(registration)
            return .success(())
        } catch {
            return .failure(RegistrationFailure(error))
        }
    }
}

extension AccountRegistration: RegisterUseCase {}
