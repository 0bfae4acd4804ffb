public import Ports

/// Signing in (docs/spec/explicit-actions.md): the tokens are issued, the
/// user read, the session saved and the state made authenticated.
@MainActor
public final class SignIn {
    private let authAPI: any AuthRemoteAPI
    private let health: HealthMonitor
    private let opening: SessionOpening
    private let session: AuthSession

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
        self.authAPI = authAPI
        self.health = health
        self.session = session
        opening = SessionOpening(
            session: session, userAPI: userAPI, repository: repository, tokenManager: tokenManager, pins: pins,
            clock: clock, policy: policy)
    }

    /// Whether the backend signs in by CPF: without it the sign-in asks for
    /// an e-mail.
    public var signsInByCPF: Bool { authAPI.signsInByCPF }

    /// Whether the backend signs in by e-mail: without it the sign-in asks
    /// for a CPF.
    public var signsInByEmail: Bool { authAPI.signsInByEmail }

    /// The ways the backend signs in, the one to offer first first: without
    /// `.password` the sign-in asks for no identifier and no password.
    public var signInMethods: [SignInMethod] { authAPI.signInMethods }

    /// What the backend takes as a password (`AuthRemoteAPI.passwordRule`):
    /// what the password step asks for and accepts before sending.
    public var passwordRule: PasswordRule { authAPI.passwordRule }

    /// Signs in. On success the token and user are saved and the state becomes
    /// authenticated (`SessionOpening`, shared with `ExternalSignIn`); on
    /// failure nothing global changes. Signing in as another
    /// user than the one whose data was kept wipes that data first. A CPF on
    /// a backend that signs in by e-mail only, or an e-mail on one that signs
    /// in by CPF only, is answered `identifierKindNotAccepted` without
    /// calling the port (the sign-in's identifier step already refuses it;
    /// this holds for any other caller). A backend that does not sign in by
    /// password (`signInMethods` without `.password`) is answered
    /// `methodNotOffered`, the port never called. A sign-in whose task is
    /// cancelled while the backend has not answered (the person pressed
    /// Ctrl-C) is answered `cancelled`, nothing saved and nothing reported:
    /// the backend refused nothing.
    public func login(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure> {
        let outcome = await signIn(credentials)
        if case .failure(let failure) = outcome, failure != .cancelled {
            session.report(.signInRefused(SignInFailureKind(failure)))
        }
        return outcome
    }

    private func signIn(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure> {
        guard authAPI.signInMethods.contains(.password) else { return .failure(.methodNotOffered) }
        guard authAPI.signsIn(by: credentials.identifier) else { return .failure(.identifierKindNotAccepted) }
        guard !health.status.isDown else { return .failure(.systemUnavailable) }
        let issued: IssuedTokens
        do {
            issued = try await authAPI.signIn(credentials)
        } catch {
            // Ended by the person, not by the backend: whatever the call
            // threw on its way out (the deadline says "request cancelled").
            if Task.isCancelled { return .failure(.cancelled) }
            return .failure(LoginFailure(error))
        }
        let opened = await opening.open(
            issued, profileWithoutRoute: .signedIn(as: credentials.identifier),
            route: SignInRoute(passwordWith: credentials.identifier))
        // Cancelled while the profile was fetched: what failed is the person's
        // leaving, not the backend; nothing was kept.
        if case .failure = opened, Task.isCancelled { return .failure(.cancelled) }
        return opened
    }
}

extension SignIn: LoginUseCase {}
