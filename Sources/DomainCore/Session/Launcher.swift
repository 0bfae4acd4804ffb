public import Ports

/// The launch and its bootstrap decision (docs/spec/root-screen-and-bootstrap.md
/// §2, §3): health monitoring starts, the stored session is read and checked,
/// and one row of the decision table is carried out.
@MainActor
public final class Launcher {
    private let session: AuthSession
    private let decisions: SessionDecisions
    private let repository: UserSessionRepository
    private let tokenManager: TokenManager
    private let authAPI: any AuthRemoteAPI
    private let userAPI: any UserRemoteAPI
    private let health: HealthMonitor
    private let scheduler: any TaskScheduler
    private let clock: any Clock
    private let lockedStoreWait: LockedStoreWaitPolicy

    /// - Parameters:
    ///   - session: the state the launch decides.
    ///   - decisions: carries out the row the checks lead to.
    ///   - repository: the stored session, and its generation.
    ///   - tokenManager: holds the stored token and makes the check's call.
    ///   - authAPI: proves the ID token a stored session kept.
    ///   - userAPI: `GET /users/me`, when the backend has it.
    ///   - health: the shared health monitor the launch waits on.
    ///   - scheduler: runs the concurrent checks.
    ///   - clock: the time a launch waits on for a locked store.
    ///   - lockedStoreWait: how often and how long a launch reads a locked
    ///     store again before it gives up; the defaults (every second, for
    ///     30 s) unless a test says otherwise.
    public init(
        session: AuthSession, decisions: SessionDecisions, repository: UserSessionRepository,
        tokenManager: TokenManager, authAPI: any AuthRemoteAPI, userAPI: any UserRemoteAPI, health: HealthMonitor,
        scheduler: any TaskScheduler, clock: any Clock, lockedStoreWait: LockedStoreWaitPolicy = LockedStoreWaitPolicy()
    ) {
        self.session = session
        self.decisions = decisions
        self.repository = repository
        self.tokenManager = tokenManager
        self.authAPI = authAPI
        self.userAPI = userAPI
        self.health = health
        self.scheduler = scheduler
        self.clock = clock
        self.lockedStoreWait = lockedStoreWait
    }

    /// Starts the app: health monitoring runs for the whole launch, and is
    /// started first so that the bootstrap's own check joins its first one.
    public func launch() async {
        health.startMonitoring()
        await bootstrap()
    }

    /// Decides the launch state. Health, the stored session and — when a
    /// session is stored — its check start concurrently; a result that
    /// arrives while the system is down is kept and acted on once it is healthy.
    /// The check is `GET /users/me`, or on a backend that does not tell whose
    /// a token is a refresh of the stored token (see `checkStoredUser`);
    /// then, when the session kept an ID token, its proof (`proveKeptSignIn`).
    ///
    /// A store that answers "unavailable" (a keychain still locked) is waited
    /// for: the launch reads it again every `lockedStoreWait.retryInterval`,
    /// saying so on the start-up screen, and goes on as any launch once it
    /// answers; after `lockedStoreWait.timeLimit` it gives up and asks to
    /// sign in again, deleting nothing. Health monitoring goes on meanwhile.
    public func bootstrap() async {
        session.transition(to: .loading)
        // The decision, once made, with the table's row when a stored session
        // was checked; a launch the app ended first decided nothing.
        var decidingRow: BootstrapRow?
        defer {
            if !Task.isCancelled, let launch = SessionEvent.Launch(session.state) {
                session.report(.launched(launch, row: decidingRow))
            }
        }
        var healthCheck = scheduler.spawn { @MainActor in await self.health.latestCheck() }
        var stored = await repository.load()
        if stored.isUnavailable {
            guard let read = await waitForLockedStore(answeredFirst: stored) else {
                // The app ended while waiting (relaunch, quit): nothing is
                // decided and nothing of the launch is left running.
                healthCheck.cancel()
                return
            }
            if !read.isUnavailable {
                // The store opened later: the launch goes on with the health
                // as it is now, not as the first check found it.
                healthCheck.cancel()
                healthCheck = scheduler.spawn { @MainActor in await self.health.latestCheck() }
            }
            stored = read
        }

        switch stored {
        case .unavailable:
            // Storage we cannot read is not "signed out": keep it, ask to sign in.
            session.report(.storeProblem(.unreadable))
            await waitForHealth(await healthCheck.value)
            session.keptUserIdentifier = nil
            session.transition(to: .sessionExpired(.storageUnavailable))
        case .absent:
            await waitForHealth(await healthCheck.value)
            session.transition(to: .unauthenticated(nil))
        case .setAside:
            // Damaged or foreign: nothing usable was kept. Signed out, and said so.
            session.report(.storeProblem(.setAside))
            await waitForHealth(await healthCheck.value)
            session.transition(to: .unauthenticated(.storedSessionUnreadable))
        case .found(let storedSession):
            guard let token = storedSession.token else {
                await waitForHealth(await healthCheck.value)
                // Closed on SessionExpired: local data but no token.
                if let kept = storedSession.cachedUser {
                    session.keptUserIdentifier = AuthSession.signInIdentifier(of: kept.profile)
                    session.transition(to: .sessionExpired(.previouslyExpired))
                } else {
                    session.transition(to: .unauthenticated(nil))
                }
                return
            }
            let generation = await repository.beginGeneration()
            await tokenManager.start(token, generation: generation)
            let userCheck = scheduler.spawn { @MainActor in
                await self.checkStoredSession(token, kept: storedSession.cachedUser)
            }
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
                    check = await checkStoredSession(token, kept: storedSession.cachedUser)
                }
            }
            decidingRow = BootstrapDecision.row(deciding: check)
            await decisions.perform(BootstrapDecision.decide(check), generation: generation)
        }
    }

    /// Reads the store again every `retryInterval`, at most `retriesAtMost`
    /// times (so for `timeLimit`), while it answers "unavailable"; the
    /// session says the launch is waiting meanwhile. Returns the first read
    /// that is not "unavailable", or the last one when the limit is reached;
    /// nil when the launch is cancelled (the app ended) while it waits.
    /// Nothing is written: a read never deletes, and a sign-out pending in
    /// the ledger still answers `.absent` (`UserSessionRepository.load()`).
    private func waitForLockedStore(answeredFirst first: SessionRead) async -> SessionRead? {
        session.isWaitingForStorage = true
        defer { session.isWaitingForStorage = false }
        var read = first
        for _ in 0..<lockedStoreWait.retriesAtMost {
            do {
                try await clock.sleep(for: lockedStoreWait.retryInterval)
            } catch {
                return nil
            }
            read = await repository.load()
            if !read.isUnavailable { return read }
        }
        return Task.isCancelled ? nil : read
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

    /// The stored user's check (`checkStoredUser`), then — when the backend
    /// answered with a user and the session kept an ID token — that token's
    /// proof: another process or a changed file may have put there a token
    /// the provider never signed, or one naming someone else.
    private func checkStoredSession(_ token: SessionToken, kept: CachedUser?) async -> StoredSessionCheck {
        let check = await checkStoredUser(kept: kept)
        let user: UserProfile
        switch check {
        case .user(let answered), .keptWhileAnotherWindowBusy(let answered): user = answered
        case .failed, .keptSignInUnproved: return check
        }
        guard token.idToken != nil else { return check }
        do throws(RemoteError) {
            switch try await authAPI.proveKeptSignIn(token) {
            case .nothingToProve:
                return check
            case .proved(let subject) where user.source != .server || subject == user.id:
                // As at sign-in: the token names the account the backend answered for.
                return check
            case .proved, .notTheProviders:
                // Nothing of the changed session is trusted: its tokens are
                // ended at the backend too, best effort, as a logout's are.
                if authAPI.offersSignOut, let current = await tokenManager.currentToken {
                    try? await authAPI.signOut(current)
                }
                return .keptSignInUnproved
            }
        } catch {
            return .failed(.remote(error))
        }
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
            } catch .sessionBusyElsewhere where kept != nil {
                // Another window holds the session: open on what was kept.
                return kept.map { .keptWhileAnotherWindowBusy($0.profile) } ?? .failed(.sessionBusyElsewhere)
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
        } catch .sessionBusyElsewhere where kept != nil {
            // The token needed a refresh while another window of the app
            // holds the session: open on the profile kept, the token as it
            // was read; a later call refreshes or adopts the holder's.
            // Nothing is written: a sync stamp would say the backend answered.
            return kept.map { .keptWhileAnotherWindowBusy($0.profile) } ?? .failed(.sessionBusyElsewhere)
        } catch {
            return .failed(error)
        }
    }
}

extension Launcher: LaunchUseCase {}

extension SessionRead {
    /// The store could not be read (a keychain still locked).
    fileprivate var isUnavailable: Bool {
        if case .unavailable = self { return true }
        return false
    }
}
