public import Ports

/// Registering an account (docs/spec/explicit-actions.md, "Register"), as
/// the backend's `RegistrationOffer` says: where sign-up creates an account
/// and no session, it never touches the session state; where it signs the
/// person in, the tokens it answers open the session as a sign-in's do
/// (`SessionOpening`, the same steps).
@MainActor
public final class AccountRegistration {
    private let authAPI: any AuthRemoteAPI
    private let health: HealthMonitor
    private let opening: SessionOpening

    /// - Parameters:
    ///   - authAPI: the registration call.
    ///   - health: no registration while the system is down.
    ///   - session: the state a sign-up that signs in makes authenticated.
    ///   - userAPI: the profile call after such a sign-up, when the backend has one.
    ///   - repository: the new session's generation, and its store.
    ///   - tokenManager: holds the new token.
    ///   - pins: a PIN an earlier session left, removed.
    ///   - clock: stamps the token and the cached user.
    ///   - policy: turns the issued tokens into the session's token.
    public init(
        authAPI: any AuthRemoteAPI, health: HealthMonitor, session: AuthSession, userAPI: any UserRemoteAPI,
        repository: UserSessionRepository, tokenManager: TokenManager, pins: SessionPIN, clock: any Clock,
        policy: TokenPolicy
    ) {
        self.authAPI = authAPI
        self.health = health
        opening = SessionOpening(
            session: session, userAPI: userAPI, repository: repository, tokenManager: tokenManager, pins: pins,
            clock: clock, policy: policy)
    }

    /// Whether the backend creates accounts: without it there is no sign-up.
    public var offersRegistration: Bool { authAPI.offersRegistration }

    /// The fields the backend's sign-up takes: the form shows only these.
    public var fieldsTaken: Set<RegistrationField> { authAPI.registrationOffer.fields }

    /// What the backend takes as a password (`AuthRemoteAPI.passwordRule`):
    /// what the form checks before sending.
    public var passwordRule: PasswordRule { authAPI.passwordRule }

    /// Registers an account. A backend without registration is answered
    /// `notOffered`, sending nothing. Where the backend's sign-up signs the
    /// person in, the session is opened and the state becomes
    /// authenticated (`.signedIn`); should opening it fail after the account
    /// was made (the profile could not be read), the answer is
    /// `.accountCreated` — the account exists, and the sign-in that follows
    /// says why if it fails again.
    public func register(_ registration: Registration) async -> Result<RegistrationResult, RegistrationFailure> {
        guard authAPI.offersRegistration else { return .failure(.notOffered) }
        guard !health.status.isDown else { return .failure(.systemUnavailable) }
        let outcome: RegistrationOutcome
        do {
            outcome = try await authAPI.register(registration)
        } catch {
            return .failure(RegistrationFailure(error))
        }
        switch outcome {
        case .accountCreated:
            return .success(.accountCreated)
        case .accountAwaitsConfirmation:
            return .success(.accountAwaitsConfirmation)
        case .signedIn(let issued):
            let identifier: LoginIdentifier =
                registration.email.isEmpty ? .cpf(registration.cpf) : .email(registration.email)
            switch await opening.open(issued, profileWithoutRoute: .signedIn(as: identifier), route: .signUp) {
            case .success(let profile): return .success(.signedIn(profile))
            case .failure: return .success(.accountCreated)
            }
        }
    }
}

extension AccountRegistration: RegisterUseCase {}

/// What a registration that succeeded did.
public enum RegistrationResult: Sendable, Hashable {
    /// The account exists and no one is signed in: the person signs in next.
    case accountCreated
    /// The account exists, no one is signed in, and it signs in once the
    /// person confirms it with the link or code the backend sent.
    case accountAwaitsConfirmation
    /// The account exists and the person is signed in: the state is
    /// authenticated, and the root moves on.
    case signedIn(UserProfile)
}
