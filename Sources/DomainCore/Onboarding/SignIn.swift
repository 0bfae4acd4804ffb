public import Ports

/// Signing in (docs/spec/explicit-actions.md): the tokens are issued, the
/// user read, the session saved and the state made authenticated.
@MainActor
public final class SignIn {
    private let session: AuthSession
    private let authAPI: any AuthRemoteAPI
    private let userAPI: any UserRemoteAPI
    private let repository: UserSessionRepository
    private let tokenManager: TokenManager
    private let pins: SessionPIN
    private let health: HealthMonitor
    private let clock: any Clock
    private let policy: TokenPolicy

    /// - Parameters:
    ///   - session: the state a sign-in makes authenticated.
    ///   - authAPI: the sign-in call.
    ///   - userAPI: the profile call after it, when the backend has one.
    ///   - repository: the new session's generation, and its store.
    ///   - tokenManager: holds the new token.
    ///   - pins: a PIN an earlier session left, removed.
    ///   - health: no sign-in while the system is down.
    ///   - clock: stamps the token and the cached user.
    ///   - policy: turns the issued tokens into the session's token.
    public init(
        session: AuthSession, authAPI: any AuthRemoteAPI, userAPI: any UserRemoteAPI,
        repository: UserSessionRepository, tokenManager: TokenManager, pins: SessionPIN, health: HealthMonitor,
        clock: any Clock, policy: TokenPolicy
    ) {
        self.session = session
        self.authAPI = authAPI
        self.userAPI = userAPI
        self.repository = repository
        self.tokenManager = tokenManager
        self.pins = pins
        self.health = health
        self.clock = clock
        self.policy = policy
    }

    /// Whether the backend signs in by CPF: without it the sign-in asks for
    /// an e-mail.
    public var signsInByCPF: Bool { authAPI.signsInByCPF }

    /// Whether the backend signs in by e-mail: without it the sign-in asks
    /// for a CPF.
    public var signsInByEmail: Bool { authAPI.signsInByEmail }

    /// Signs in. On success the token and user are saved and the state becomes
    /// authenticated; on failure nothing global changes. Signing in as another
    /// user than the one whose data was kept wipes that data first. A CPF on
    /// a backend that signs in by e-mail only, or an e-mail on one that signs
    /// in by CPF only, is answered `identifierKindNotAccepted` without
    /// calling the port (the sign-in's identifier step already refuses it;
    /// this holds for any other caller).
    public func login(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure> {
        guard authAPI.signsIn(by: credentials.identifier) else { return .failure(.identifierKindNotAccepted) }
        guard !health.status.isDown else { return .failure(.systemUnavailable) }
        let issued: IssuedTokens
        do {
            issued = try await authAPI.signIn(credentials)
        } catch {
            return .failure(LoginFailure(error))
        }
        let sessionToken = policy.issue(issued, at: clock.now())
        let generation = await repository.beginGeneration()
        await tokenManager.start(sessionToken, generation: generation)

        let profile: UserProfile
        if userAPI.offersCurrentUser {
            do {
                profile = try await tokenManager.authorized { token throws(RemoteError) in
                    try await self.userAPI.currentUser(token: token)
                }
            } catch {
                await tokenManager.stop()
                return .failure(LoginFailure(error))
            }
        } else {
            // No profile route: the profile is what this sign-in knew.
            profile = .signedIn(as: credentials.identifier)
        }
        guard profile.active, !profile.isDeleted else {
            await tokenManager.stop()
            return .failure(profile.isDeleted ? .invalidCredentials : .accountInactive)
        }
        if let kept = await repository.cachedUser, kept.profile.id != profile.id {
            await repository.wipe(generation: generation)
        }
        // A new session starts with no PIN: one an earlier session left (its
        // removal failed) must neither lock nor unlock this one.
        await pins.discard()
        let currentToken = await tokenManager.currentToken ?? sessionToken
        await repository.saveSession(
            UserSession(token: currentToken, cachedUser: CachedUser(profile: profile, syncedAt: clock.now())),
            generation: generation)
        session.transition(to: .authenticated(profile))
        return .success(profile)
    }
}

extension SignIn: LoginUseCase {}
