import Foundation
public import Observation
public import Ports

/// The one writer of the auth state: launch, bootstrap, login, register,
/// logout, profile update, delete account, and the end of a session the
/// backend refused. View models call it through the one-operation use cases
/// it conforms to; it changes `state` and tells the root through the
/// responder; every root screen derives from `state`.
@MainActor
@Observable
public final class AuthSession {
    /// The global auth state; this session is its only writer. `loading` until
    /// `launch()` has decided; every root screen is derived from it.
    public private(set) var state: AuthState = .loading
    /// While the session is expired or being re-authenticated: the identifier
    /// of the user whose data is kept, as the sign-in field shows it, so that
    /// signing in again starts with it filled in. Nil otherwise.
    public internal(set) var keptUserIdentifier: String?
    /// Set when the session store refused the last write, until one goes through.
    private var sessionStoreProblem: SessionStorageProblem?
    /// Set when the PIN store refused to remove a PIN (at logout, account
    /// deletion, an expiry or a sign-in), until a later removal or set goes
    /// through.
    public internal(set) var pinStorageProblem: SessionStorageProblem?
    /// What every screen says first while the device cannot keep (or remove)
    /// what it should: the session store's problem, else the PIN store's.
    public var storageProblem: SessionStorageProblem? { sessionStoreProblem ?? pinStorageProblem }

    /// The root of the graph (Koober's `MainViewModel`), told of each transition.
    @ObservationIgnored public weak var responder: (any AuthStateResponder)?

    @ObservationIgnored private let authAPI: any AuthRemoteAPI
    @ObservationIgnored private let userAPI: any UserRemoteAPI
    @ObservationIgnored let repository: UserSessionRepository
    @ObservationIgnored private let tokenManager: TokenManager
    @ObservationIgnored private let health: HealthMonitor
    @ObservationIgnored let clock: any Clock
    @ObservationIgnored private let scheduler: any TaskScheduler
    @ObservationIgnored private let policy: TokenPolicy
    @ObservationIgnored private var proactiveRefresh: (any TaskHandle<Void>)?
    @ObservationIgnored private var isInForeground = true
    /// Keeps the PIN's salted hash and its failed attempts (`AuthSession+PINLock.swift`).
    @ObservationIgnored let pinVault: any PINVault
    /// The lock timeout and the attempt limit; the timeout changes when the
    /// person chooses another (``setPINLockTimeout(_:)``).
    @ObservationIgnored public internal(set) var pinPolicy: PINLockPolicy
    /// Whether a PIN is set, as last learnt from the vault (at launch, or by
    /// a set or a removal); true when the vault could not say (fail closed).
    @ObservationIgnored var pinIsSet = false
    /// When the app last went to the background, until it comes back.
    @ObservationIgnored private var backgroundedAt: Date?

    /// A session in `loading` that has done nothing yet: `launch()` starts it.
    /// It hears from now on when the token manager ends a session and how each
    /// store write went.
    ///
    /// - Parameters:
    ///   - authAPI: sign-in, refresh, registration and sign-out calls.
    ///   - userAPI: the signed-in user's profile calls.
    ///   - repository: the one door to the stored session.
    ///   - tokenManager: holds the token and makes every authorized call.
    ///   - health: the shared health monitor start-up and sign-in wait on.
    ///   - clock: the time tokens and refreshes are measured on.
    ///   - scheduler: runs the proactive refresh loop.
    ///   - policy: the token lifetime, refresh margin and refresh limit.
    ///   - pinVault: where the PIN lock's record is kept.
    ///   - pinPolicy: the PIN lock's timeout and attempt limit.
    public init(
        authAPI: any AuthRemoteAPI, userAPI: any UserRemoteAPI, repository: UserSessionRepository,
        tokenManager: TokenManager, health: HealthMonitor, clock: any Clock, scheduler: any TaskScheduler,
        policy: TokenPolicy, pinVault: any PINVault, pinPolicy: PINLockPolicy = PINLockPolicy()
    ) {
        self.authAPI = authAPI
        self.userAPI = userAPI
        self.repository = repository
        self.tokenManager = tokenManager
        self.health = health
        self.clock = clock
        self.scheduler = scheduler
        self.policy = policy
        self.pinVault = pinVault
        self.pinPolicy = pinPolicy
        tokenManager.onSessionEnded { [weak self] generation, reason in
            await self?.backendEndedSession(generation: generation, reason: reason)
        }
        repository.onWriteOutcome { [weak self] problem in
            await self?.storageWriteEnded(problem)
        }
    }

    /// A session dropped while signed in stops its proactive refresh: asleep,
    /// the loop holds the token manager and the clock, and the clock its
    /// continuation, so without a cancel that graph would never be freed.
    deinit {
        proactiveRefresh?.cancel()
    }

    // MARK: - Launch

    /// Starts the app: health monitoring runs for the whole launch, and is
    /// started first so that the bootstrap's own check joins its first one.
    public func launch() async {
        health.startMonitoring()
        await bootstrap()
    }

    // MARK: - Bootstrap (docs/spec/root-screen-and-bootstrap.md §2, §3)

    /// Decides the launch state. Health, the stored session and — when a
    /// session is stored — its check start concurrently; a result that
    /// arrives while the system is down is kept and acted on once it is healthy.
    /// The check is `GET /users/me`, or on a backend that does not tell whose
    /// a token is a refresh of the stored token (see `checkStoredUser`).
    public func bootstrap() async {
        transition(to: .loading)
        let healthCheck = scheduler.spawn { @MainActor in await self.health.latestCheck() }
        let stored = await repository.load()

        switch stored {
        case .unavailable:
            // Storage we cannot read is not "signed out": keep it, ask to sign in.
            await waitForHealth(await healthCheck.value)
            keptUserIdentifier = nil
            transition(to: .sessionExpired(.storageUnavailable))
        case .absent:
            await waitForHealth(await healthCheck.value)
            transition(to: .unauthenticated(nil))
        case .setAside:
            // Damaged or foreign: nothing usable was kept. Signed out, and said so.
            await waitForHealth(await healthCheck.value)
            transition(to: .unauthenticated(.storedSessionUnreadable))
        case .found(let session):
            guard let token = session.token else {
                await waitForHealth(await healthCheck.value)
                // Closed on SessionExpired: local data but no token.
                if let kept = session.cachedUser {
                    keptUserIdentifier = Self.signInIdentifier(of: kept.profile)
                    transition(to: .sessionExpired(.previouslyExpired))
                } else {
                    transition(to: .unauthenticated(nil))
                }
                return
            }
            let generation = await repository.beginGeneration()
            await tokenManager.start(token, generation: generation)
            let userCheck = scheduler.spawn { @MainActor in await self.checkStoredUser(kept: session.cachedUser) }
            let healthWasDown = await Self.join(healthCheck, cancellingWith: userCheck).isDown
            var check = await Self.join(userCheck, cancellingWith: healthCheck)
            // The app ended while the checks ran (relaunch, quit): their
            // answers are not acted on, and the session stays as it is.
            guard !Task.isCancelled else { return }
            if healthWasDown {
                await health.waitUntilHealthy()
                // The app ended while waiting: leave the session as it is.
                guard !Task.isCancelled else { return }
                // Resume: a failure caused by the outage is asked again, once.
                if case .failed(.remote(let error)) = check, error.isInfrastructure {
                    check = await checkStoredUser(kept: session.cachedUser)
                }
            }
            await perform(BootstrapDecision.decide(check), generation: generation)
        }
    }

    /// Waits for `work`; if the bootstrap is cancelled meanwhile (the app
    /// ended), cancels it and `sibling` at once. A launch that ends leaves no
    /// request of its own behind: one that never answers would otherwise
    /// keep this whole graph alive for ever.
    private static func join<Value: Sendable, Other: Sendable>(
        _ work: any TaskHandle<Value>, cancellingWith sibling: any TaskHandle<Other>
    ) async -> Value {
        await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
            sibling.cancel()
        }
    }

    private func waitForHealth(_ status: HealthStatus) async {
        if status.isDown { await health.waitUntilHealthy() }
    }

    /// "Can this session still be used?" With `GET /users/me`: the token's
    /// user, through the token manager. Without (a backend that only issues
    /// tokens): a refresh of the stored token through the token manager — the
    /// new token saved — and then the profile the session kept, so the answer
    /// goes through the same decision table (a refused refresh ends the
    /// session as TOKEN_INVALID or TOKEN_EXPIRED; a network failure or a 5xx
    /// expires it with the data kept).
    private func checkStoredUser(kept: CachedUser?) async -> StoredSessionCheck {
        guard userAPI.offersCurrentUser else {
            do throws(AuthorizedCallError) {
                try await tokenManager.refreshNow()
            } catch {
                return .failed(error)
            }
            // A token with no profile kept: nothing says whose it is; the
            // table's row for a session replaced while checked (tokens
            // cleared, ask to sign in) is the honest answer.
            guard let kept else { return .failed(.notSignedIn) }
            return .user(kept.profile)
        }
        do {
            let user = try await tokenManager.authorized { token throws(RemoteError) in
                try await self.userAPI.currentUser(token: token)
            }
            return .user(user)
        } catch {
            return .failed(error)
        }
    }

    /// Carries out one row of the decision table. Clearing the tokens also
    /// removes the PIN (it belongs to the session it locks); a restored
    /// session with a PIN set is shown locked (docs/spec/pin-lock.md).
    func perform(_ decision: BootstrapDecision, generation: SessionGeneration) async {
        if decision.tokens == .clear {
            await tokenManager.stop()
            await discardPIN()
        }
        switch decision.localData {
        case .save(let profile):
            await repository.saveUser(CachedUser(profile: profile, syncedAt: clock.now()), generation: generation)
        case .wipe:
            await repository.endSession()
        case .preserve:
            await repository.expireSession()
            keptUserIdentifier = await repository.cachedUser.map { Self.signInIdentifier(of: $0.profile) }
        }
        transition(to: await lockedIfPINSet(decision.state))
    }

    // MARK: - Explicit actions (docs/spec/explicit-actions.md)

    /// Signs in. On success the token and user are saved and the state becomes
    /// authenticated; on failure nothing global changes. Signing in as another
    /// user than the one whose data was kept wipes that data first. A CPF on
    /// a backend that signs in by e-mail only is answered
    /// `identifierKindNotAccepted` without calling the port (the sign-in's
    /// identifier step already refuses it; this holds for any other caller).
    public func login(_ credentials: Credentials) async -> Result<UserProfile, LoginFailure> {
        if case .cpf = credentials.identifier, !authAPI.signsInByCPF {
            return .failure(.identifierKindNotAccepted)
        }
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
        await discardPIN()
        let currentToken = await tokenManager.currentToken ?? sessionToken
        await repository.saveSession(
            UserSession(token: currentToken, cachedUser: CachedUser(profile: profile, syncedAt: clock.now())),
            generation: generation)
        transition(to: .authenticated(profile))
        return .success(profile)
    }

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

    /// Ends the session: tokens cleared, local data wiped, state
    /// unauthenticated. Anything still in flight is discarded when it lands.
    public func logout() async {
        await endSession(reason: .loggedOut)
    }

    /// Deletes the account (`DELETE /users/me`); on success, as logout.
    public func deleteAccount() async -> Result<Void, SignedInFailure> {
        guard userAPI.offersAccountRoutes else { return .failure(.notOffered) }
        do {
            try await tokenManager.authorized { token throws(RemoteError) in
                try await self.userAPI.deleteCurrentUser(token: token)
            }
        } catch {
            return .failure(SignedInFailure(error))
        }
        await endSession(reason: .accountDeleted, signOutRemotely: false)
        return .success(())
    }

    /// The signed-in user, when there is one.
    public var user: UserProfile? {
        if case .authenticated(let user) = state { return user }
        return nil
    }

    /// Changes the signed-in user's profile on the server (`PATCH /users/me`):
    /// the state and the cached data follow the answer, without a new
    /// signed-in area.
    public func updateProfile(_ changes: ProfileChanges) async -> Result<UserProfile, SignedInFailure> {
        guard userAPI.offersAccountRoutes else { return .failure(.notOffered) }
        let userAPI = self.userAPI
        let updated: UserProfile
        do {
            updated = try await tokenManager.signedInCall { token throws(RemoteError) in
                try await userAPI.updateCurrentUser(changes, token: token)
            }
        } catch {
            return .failure(error)
        }
        // The session may have ended while the answer was on its way: then
        // there is no signed-in user left to update.
        guard case .authenticated = state else { return .success(updated) }
        state = .authenticated(updated)
        await repository.saveUser(
            CachedUser(profile: updated, syncedAt: clock.now()), generation: repository.generation)
        return .success(updated)
    }

    /// From the session-expired screen: go to sign-in, keeping the local data
    /// until the next sign-in decides whose it is.
    public func beginReauthentication() {
        guard case .sessionExpired = state else { return }
        transition(to: .unauthenticated(.reauthenticating))
    }

    /// Whether the backend has the account routes: without them there is no
    /// profile edit, no related users and no account deletion.
    public var offersAccountRoutes: Bool { userAPI.offersAccountRoutes }

    /// Whether the backend creates accounts: without it there is no sign-up.
    public var offersRegistration: Bool { authAPI.offersRegistration }

    /// Whether the backend signs in by CPF: without it the sign-in asks for
    /// an e-mail.
    public var signsInByCPF: Bool { authAPI.signsInByCPF }

    /// The user whose data is kept locally.
    public func keptUser() async -> UserProfile? {
        await repository.cachedUser?.profile
    }

    // MARK: - Lifecycle

    /// In the background nothing polls and nothing refreshes; the time it
    /// left is noted for the PIN lock.
    public func enterBackground() {
        isInForeground = false
        if backgroundedAt == nil { backgroundedAt = clock.now() }
        stopProactiveRefresh()
    }

    /// Back in the foreground: signed in with a PIN set and away for at least
    /// the lock timeout, the PIN screen is shown first (and nothing is
    /// refreshed until the right PIN); otherwise, signed in, the proactive
    /// refresh starts again (a token that came due meanwhile is refreshed at
    /// once).
    public func enterForeground() {
        isInForeground = true
        let awaySince = backgroundedAt
        backgroundedAt = nil
        switch state {
        case .authenticated(let user):
            if pinIsSet, let awaySince,
                clock.now().timeIntervalSince(awaySince) >= pinPolicy.timeout.timeInterval
            {
                transition(to: .pinLocked(user))
            } else {
                startProactiveRefresh()
            }
        case .loading, .unauthenticated, .sessionExpired, .pinLocked:
            break
        }
    }

    /// Whether the proactive refresh loop is alive (tests check nothing is left behind).
    public var isRefreshingProactively: Bool { proactiveRefresh != nil }

    // MARK: - Transitions

    private func endSession(reason: SignedOutReason, signOutRemotely: Bool = true) async {
        let token = await tokenManager.currentToken
        await tokenManager.stop()
        await repository.endSession()
        await discardPIN()
        transition(to: .unauthenticated(reason))
        if signOutRemotely, authAPI.offersSignOut, let token {
            // Best effort: the session is already over here whatever the backend says.
            try? await authAPI.signOut(token)
        }
    }

    /// The token manager reports that the backend ended the session mid-session
    /// (refused token a refresh cannot cure, inactive or deleted account): as
    /// the bootstrap table, tokens cleared and local data wiped, at once.
    private func backendEndedSession(generation: SessionGeneration, reason: SignedOutReason) async {
        guard state.isSignedIn, await repository.generation == generation else { return }
        await endSession(reason: reason, signOutRemotely: false)
    }

    private func storageWriteEnded(_ problem: SessionStorageProblem?) {
        sessionStoreProblem = problem
    }

    func transition(to newState: AuthState) {
        state = newState
        switch newState {
        case .loading:
            stopProactiveRefresh()
        case .authenticated(let user):
            keptUserIdentifier = nil
            if isInForeground { startProactiveRefresh() }
            responder?.signedIn(to: user)
        case .pinLocked(let user):
            // Nothing refreshes behind the PIN screen (docs/spec/tokens.md):
            // a locked session nobody unlocks is not kept alive, so its
            // refresh window bounds how long a lost device holds a live
            // session. The right PIN starts the refresh again, at once for a
            // token that came due meanwhile.
            stopProactiveRefresh()
            responder?.pinLocked(as: user)
        case .unauthenticated(let reason):
            // Re-authenticating keeps the identifier for the sign-in it opens;
            // any other way out of a session forgets whose data was kept.
            if reason != .reauthenticating { keptUserIdentifier = nil }
            stopProactiveRefresh()
            responder?.notSignedIn(reason: reason)
        case .sessionExpired(let reason):
            stopProactiveRefresh()
            responder?.sessionExpired(reason: reason)
        }
    }

    private func startProactiveRefresh() {
        guard proactiveRefresh == nil else { return }
        let loop = ProactiveRefreshLoop(
            tokenManager: tokenManager, clock: clock, retryDelay: policy.proactiveRetryDelay)
        proactiveRefresh = scheduler.spawn { await loop.run() }
    }

    private func stopProactiveRefresh() {
        proactiveRefresh?.cancel()
        proactiveRefresh = nil
    }

    /// How the sign-in field writes a user's identifier: the CPF formatted,
    /// or the e-mail when the CPF cannot be read.
    static func signInIdentifier(of user: UserProfile) -> String {
        CPF(user.cpf)?.formatted ?? user.email
    }
}

extension AuthSession: LaunchUseCase, AuthStateReading, SignedInUserReading, LoginUseCase, RegisterUseCase,
    LogoutUseCase, ReauthenticateUseCase, UpdateProfileUseCase, DeleteAccountUseCase, PINUnlockUseCase,
    PINSettingsUseCases
{}
