import Synchronization
public import Foundation
public import Ports

/// Adds the token to every authorised call and keeps it fresh
/// (docs/spec/tokens.md; the Startup Flow spec's TokenManager + HTTPClient,
/// docs/spec/origins.md).
///
/// - Single flight: while a refresh is in flight no request is sent; every
///   caller waits for that one refresh and then reads the token — the barrier
///   is crossed *before* the token is read, so no request leaves with a token
///   that is being replaced.
/// - A token that expires within the refresh margin is refreshed before use.
/// - A call refused for its token is retried once: after one refresh if it
///   carried the current token, or at once with the new token if it carried
///   one that was replaced meanwhile (no second refresh). A retry token
///   refused ends the session only if a refresh of this process issued it:
///   one adopted from another window's store may have expired there, so it
///   gets one refresh more and one more call (the one case of a call sent
///   three times); refused again while no refresh here issued it, the call
///   fails and the session is kept.
/// - Generations: each session's work is tagged with the `SessionGeneration`
///   the repository gave it at `start`; after `stop`, or a `start` of another
///   generation, a refresh or call that finishes for the old one changes
///   nothing and is discarded. The token manager never makes a generation.
/// - A cap on refreshes per time window stops a misbehaving server from
///   driving a refresh loop.
/// - Across processes: the refresh is a transaction under the store's lock
///   (`UserSessionRepository.refreshShared`), the cross-process twin of the
///   single flight — a token another process stored is adopted, a session
///   another process ended is dropped (`SignedOutReason.endedElsewhere`).
/// - The refresh call goes straight to `AuthRemoteAPI`, never through here.
///   It sends the session's refresh token when it has one, the access token
///   otherwise; the tokens it brings are saved before anyone uses them, so a
///   rotated refresh token is stored first. When that save fails after a
///   refresh token was spent, the session ends as expired (a spent refresh
///   token is never sent again).
/// - Admission: at most `TokenPolicy.maxAuthorizedCallsInFlight` calls are
///   on the wire at once (the transport's connections per host); the others
///   wait here, first come first served, and read their token only once
///   admitted. So when a token the server expired meets a storm of N calls,
///   the first K are refused, the refresh starts, and the rest leave with the
///   new token: at most N + K requests on the wire, never 2N (unless the
///   refresh adopts another window's token the server has already expired:
///   each call is then sent once more). An admitted
///   call keeps its place through its retry. The wait is outside the request
///   deadline, which starts when the call is admitted; it is bounded by the
///   calls ahead of it, each of which ends by its own deadline, and by the
///   refresh, which ends by its deadline too.
/// - Cost: the state lives behind one lock, not on an actor, so a call that
///   finds a good token and a free place takes the lock twice (to be
///   admitted and read the token, and to leave the wire) and never hops
///   between executors or threads; only a caller that must wait (for a
///   place, or for the refresh) parks, on a continuation in the admission
///   line or on the refresh's task.
///   Nothing awaits while the lock is held. `authorized` runs on its
///   caller's executor (`nonisolated(nonsending)`), so entering it switches
///   nothing; only the adapter's `call` runs where it is isolated to.
public final class TokenManager: Sendable {
    let authAPI: any AuthRemoteAPI
    let clock: any Clock
    let policy: TokenPolicy
    let repository: UserSessionRepository
    let scheduler: any TaskScheduler
    /// Where an end the backend decided is told (to the session end).
    let sessionEnds: SessionEndRelay
    /// Where each refresh that brought a token is reported.
    let events: SessionEvents
    /// Everything that changes; every step that reads and writes it is one
    /// `withLock`, and no step awaits inside one.
    let state = Mutex(TokenManagerState())

    /// A token manager with no session: calls fail with `.notSignedIn` until
    /// `start(_:generation:)`.
    ///
    /// - Parameters:
    ///   - authAPI: the refresh call, made directly (never through here).
    ///   - clock: the time expiry and the refresh cap are measured on.
    ///   - scheduler: runs the single refresh in flight.
    ///   - policy: the token lifetime, refresh margin and refresh cap.
    ///   - repository: where a refreshed token is saved.
    ///   - sessionEnds: where an end the backend decided is told, once per
    ///     generation (the container attaches the session end to it).
    ///   - events: where each refresh that brought a token is reported;
    ///     `.discarded` reports to no one.
    public init(
        authAPI: any AuthRemoteAPI, clock: any Clock, scheduler: any TaskScheduler, policy: TokenPolicy,
        repository: UserSessionRepository, sessionEnds: SessionEndRelay, events: SessionEvents = .discarded
    ) {
        self.events = events
        self.authAPI = authAPI
        self.clock = clock
        self.scheduler = scheduler
        self.policy = policy
        self.repository = repository
        self.sessionEnds = sessionEnds
    }

    /// Begins using `token` for the session of `generation` (the repository's).
    public func start(_ token: SessionToken, generation: SessionGeneration) async {
        state.withLock { state in
            state.generation = generation
            state.use(token, policy: policy, issuedByThisRefresh: false)
            state.refresh = nil
            state.recentRefreshes = []
        }
    }

    /// Forgets the token: logout, expiry, account end, or the app ending.
    /// A refresh in flight is cancelled — an ended app must not exchange the
    /// token it leaves stored, or the next launch finds it rotated away —
    /// and whatever else is in flight for the old generation is discarded
    /// when it finishes.
    public func stop() async {
        let refresh = state.withLock { state in
            state.generation = nil
            state.forgetToken()
            return state.refresh.take()
        }
        refresh?.task.cancel()
    }

    // The getters below read the state under its lock and stay on their
    // caller's executor: a test that polls one from the main actor takes no
    // thread of the pool its storm needs.

    /// The token in use, if any (for diagnostics and tests; views never see it).
    nonisolated(nonsending) public var currentToken: SessionToken? {
        get async { state.withLock { $0.current } }
    }

    /// Whether a refresh is in flight right now.
    nonisolated(nonsending) public var isRefreshing: Bool {
        get async { state.withLock { $0.refresh != nil } }
    }

    /// How many calls are waiting for the refresh in flight right now (tests
    /// use it to know a storm has fully gathered behind the barrier).
    nonisolated(nonsending) public var callersWaitingForRefresh: Int {
        get async { state.withLock { $0.callersWaitingForRefresh } }
    }

    /// How many calls are waiting for a place on the wire right now.
    nonisolated(nonsending) public var callersWaitingForAdmission: Int {
        get async { state.withLock { $0.admissionLine.count } }
    }

    /// Makes `call` with the current token, refreshing first or retrying once
    /// as the rules above say.
    nonisolated(nonsending) public func authorized<Value: Sendable>(
        _ call: @Sendable (AccessToken) async throws(RemoteError) -> Value
    ) async throws(AuthorizedCallError) -> Value {
        let token: AccessToken
        let callGeneration: SessionGeneration
        switch firstLook() {
        case .admitted(let admittedToken, let generation):
            (token, callGeneration) = (admittedToken, generation)
        case .waiting(let ticket):
            let handed = try await waitToBeLetIn(at: ticket)
            (token, callGeneration) = try await tokenOnceLetIn(with: handed)
        case .stepByStep:
            try await admit()
            (token, callGeneration) = try await tokenOnceAdmitted()
        }
        defer { leaveTheWire() }
        let firstError: RemoteError
        do {
            return try await call(token)
        } catch {
            firstError = error
        }
        let current = state.withLock { $0.generation == callGeneration ? $0.current : nil }
        guard let current else { throw .notSignedIn }

        if firstError.isAccountUnusable {
            throw await endSession(callGeneration, for: firstError)
        }
        guard firstError.isTokenRefused else { throw .remote(firstError) }

        let retryToken: AccessToken
        if current.token != token {
            // Replaced while we were out: retry with the new token, no new refresh.
            retryToken = try await usableToken().token
        } else {
            retryToken = try await refreshed(basedOn: token, generation: callGeneration, for: .reactive)
        }
        do {
            return try await call(retryToken)
        } catch {
            if let failure = await retryFailure(
                error, of: retryToken, generation: callGeneration, adoptedMayRefresh: true)
            {
                throw failure
            }
        }
        // The token another window stored was refused: it may have expired
        // there before this window adopted it. One refresh more, based on
        // it, and one more call. (That refresh may adopt again, when another
        // window refreshed meanwhile: then a refusal proves nothing either.)
        let lastToken = try await refreshed(basedOn: retryToken, generation: callGeneration, for: .reactive)
        do {
            return try await call(lastToken)
        } catch {
            throw await retryFailure(error, of: lastToken, generation: callGeneration, adoptedMayRefresh: false)
                ?? .remote(error)
        }
    }

    /// What a retry's failure makes of the call. A token a refresh of this
    /// process issued, refused while still in use, ends the session (no
    /// refresh can cure that), as does an unusable account. A token adopted
    /// from another window (or kept from a launch) is no such proof: when
    /// `adoptedMayRefresh`, its refusal returns nil — one refresh is owed —
    /// and otherwise the call fails with the refusal, the session kept.
    private func retryFailure(
        _ error: RemoteError, of retryToken: AccessToken, generation callGeneration: SessionGeneration,
        adoptedMayRefresh: Bool
    ) async -> AuthorizedCallError? {
        let (sameGeneration, stillCurrent, issuedHere) = state.withLock {
            ($0.generation == callGeneration, $0.current?.token == retryToken, $0.currentIssuedByThisRefresh)
        }
        guard sameGeneration else { return .notSignedIn }
        if error.isAccountUnusable { return await endSession(callGeneration, for: error) }
        guard error.isTokenRefused && stillCurrent else { return .remote(error) }
        guard issuedHere else { return adoptedMayRefresh ? nil : .remote(error) }
        return await endSession(callGeneration, for: error)
    }

    /// When the proactive refresh should fire: the refresh margin before expiry.
    public func nextProactiveRefresh() async -> Date? {
        state.withLock { $0.current }.map(policy.refreshDue)
    }

    /// Lets the session go as ended elsewhere when the store says another
    /// process ended it (the watch's step: `UserSessionRepository.sessionEndedElsewhere`);
    /// returns whether it did. Nothing is sent and nothing written.
    public func letGoIfEndedElsewhere() async -> Bool {
        guard let (current, generation) = signedInSession() else { return false }
        guard await repository.sessionEndedElsewhere(holding: current) else { return false }
        return await endSession(generation, reason: .endedElsewhere) == .sessionEnded(.endedElsewhere)
    }

    /// Refreshes now if the token is within the refresh margin (the proactive
    /// loop's step). Joins a refresh already in flight.
    public func refreshIfDue() async throws(AuthorizedCallError) {
        guard let (current, generation) = signedInSession() else { throw .notSignedIn }
        guard policy.needsRefresh(current, at: clock.now()) else { return }
        _ = try await refreshed(basedOn: current.token, generation: generation, for: .proactive)
    }

    /// Refreshes the current token now, whatever its age, and saves the new
    /// one: "can this token still be used?" asked of a backend that has no
    /// other route to ask it (the launch check on a backend without profile
    /// routes). Joins a refresh already in flight; a refused token ends the
    /// session as any refresh refused does.
    public func refreshNow() async throws(AuthorizedCallError) {
        guard let (current, generation) = signedInSession() else { throw .notSignedIn }
        _ = try await refreshed(basedOn: current.token, generation: generation, for: .launch)
    }
}

/// What a `TokenManager` keeps behind its lock.
struct TokenManagerState {
    /// The refresh in flight: the barrier is up while this is set. A class,
    /// so that asking whether one is in flight — every call does — is a
    /// pointer compared with nil.
    final class InFlightRefresh: Sendable {
        let id: UInt64
        let task: any TaskHandle<Result<AccessToken, AuthorizedCallError>>

        init(id: UInt64, task: any TaskHandle<Result<AccessToken, AuthorizedCallError>>) {
            self.id = id
            self.task = task
        }
    }

    /// The token in use; changed only through `use(_:policy:issuedByThisRefresh:)`
    /// and `forgetToken()`, which keep `refreshDue` with it.
    private(set) var current: SessionToken?
    /// Whether `current` came from a refresh this process sent, rather than
    /// from a sign-in, a launch or another window's store: only such a token,
    /// refused, proves that no refresh can cure the session.
    private(set) var currentIssuedByThisRefresh = false
    /// When `current` falls within the refresh margin, worked out once per
    /// token rather than at every call.
    private(set) var refreshDue: Date?
    /// The session `current` belongs to; nil when stopped.
    var generation: SessionGeneration?
    var refresh: InFlightRefresh?
    var refreshCount: UInt64 = 0
    var recentRefreshes: [Date] = []
    var callersWaitingForRefresh = 0
    /// Admitted calls on the wire (counted only under a limit).
    var callsAdmitted = 0
    /// Calls waiting for a place on the wire, in arrival order.
    var admissionLine = AdmissionLine<AdmissionWaiter>()

    /// Puts `token` in use, with its refresh due time.
    mutating func use(_ token: SessionToken, policy: TokenPolicy, issuedByThisRefresh: Bool) {
        current = token
        currentIssuedByThisRefresh = issuedByThisRefresh
        refreshDue = policy.refreshDue(for: token)
    }

    /// No token in use.
    mutating func forgetToken() {
        current = nil
        currentIssuedByThisRefresh = false
        refreshDue = nil
    }
}
