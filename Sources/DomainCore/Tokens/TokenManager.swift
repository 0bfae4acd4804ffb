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
///   one that was replaced meanwhile (no second refresh).
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
///   new token: at most N + K requests on the wire, never 2N. An admitted
///   call keeps its place through its retry. The wait is outside the request
///   deadline, which starts when the call is admitted; it is bounded by the
///   calls ahead of it, each of which ends by its own deadline, and by the
///   refresh, which ends by its deadline too.
public actor TokenManager {
    private struct InFlightRefresh {
        let id: UInt64
        let task: any TaskHandle<Result<AccessToken, AuthorizedCallError>>
    }

    private let authAPI: any AuthRemoteAPI
    private let clock: any Clock
    private let policy: TokenPolicy
    private let repository: UserSessionRepository
    private let scheduler: any TaskScheduler
    /// Where an end the backend decided is told (to the session end).
    private let sessionEnds: SessionEndRelay

    private var current: SessionToken?
    /// The session `current` belongs to; nil when stopped.
    private var generation: SessionGeneration?
    private var refresh: InFlightRefresh?
    private var refreshCount: UInt64 = 0
    private var recentRefreshes: [Date] = []
    /// Admitted calls on the wire (counted only under a limit).
    private var callsAdmitted = 0
    /// Calls waiting for a place on the wire, in arrival order.
    private var admissionQueue: [(id: UInt64, admitted: any Promise<Void>)] = []
    private var admissionCount: UInt64 = 0

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
    public init(
        authAPI: any AuthRemoteAPI, clock: any Clock, scheduler: any TaskScheduler, policy: TokenPolicy,
        repository: UserSessionRepository, sessionEnds: SessionEndRelay
    ) {
        self.authAPI = authAPI
        self.clock = clock
        self.scheduler = scheduler
        self.policy = policy
        self.repository = repository
        self.sessionEnds = sessionEnds
    }

    /// Begins using `token` for the session of `generation` (the repository's).
    public func start(_ token: SessionToken, generation: SessionGeneration) {
        self.generation = generation
        current = token
        refresh = nil
        recentRefreshes = []
    }

    /// Forgets the token: logout, expiry, account end, or the app ending.
    /// A refresh in flight is cancelled — an ended app must not exchange the
    /// token it leaves stored, or the next launch finds it rotated away —
    /// and whatever else is in flight for the old generation is discarded
    /// when it finishes.
    public func stop() {
        generation = nil
        current = nil
        refresh?.task.cancel()
        refresh = nil
    }

    /// The token in use, if any (for diagnostics and tests; views never see it).
    public var currentToken: SessionToken? { current }

    /// Whether a refresh is in flight right now.
    public var isRefreshing: Bool { refresh != nil }

    /// How many calls are waiting for the refresh in flight right now (tests
    /// use it to know a storm has fully gathered behind the barrier).
    public private(set) var callersWaitingForRefresh = 0

    /// How many calls are waiting for a place on the wire right now.
    public var callersWaitingForAdmission: Int { admissionQueue.count }

    /// Makes `call` with the current token, refreshing first or retrying once
    /// as the rules above say.
    public func authorized<Value: Sendable>(
        _ call: @Sendable (AccessToken) async throws(RemoteError) -> Value
    ) async throws(AuthorizedCallError) -> Value {
        try await admit()
        defer { leaveTheWire() }
        let (token, callGeneration) = try await usableToken()
        let firstError: RemoteError
        do {
            return try await call(token)
        } catch {
            firstError = error
        }
        guard callGeneration == generation, let current else { throw .notSignedIn }

        if firstError.isAccountUnusable {
            throw await endSession(callGeneration, for: firstError)
        }
        guard firstError.isTokenRefused else { throw .remote(firstError) }

        let retryToken: AccessToken
        if current.token != token {
            // Replaced while we were out: retry with the new token, no new refresh.
            retryToken = try await usableToken().token
        } else {
            retryToken = try await refreshed(basedOn: token, generation: callGeneration)
        }
        do {
            return try await call(retryToken)
        } catch {
            guard callGeneration == generation else { throw .notSignedIn }
            let stillCurrent = self.current?.token == retryToken
            if error.isAccountUnusable || (error.isTokenRefused && stillCurrent) {
                // A freshly issued token refused: no refresh can cure that.
                throw await endSession(callGeneration, for: error)
            }
            throw .remote(error)
        }
    }

    /// When the proactive refresh should fire: the refresh margin before expiry.
    public func nextProactiveRefresh() -> Date? {
        current.map(policy.refreshDue)
    }

    /// Refreshes now if the token is within the refresh margin (the proactive
    /// loop's step). Joins a refresh already in flight.
    public func refreshIfDue() async throws(AuthorizedCallError) {
        guard let current, let generation else { throw .notSignedIn }
        guard policy.needsRefresh(current, at: clock.now()) else { return }
        _ = try await refreshed(basedOn: current.token, generation: generation)
    }

    /// Refreshes the current token now, whatever its age, and saves the new
    /// one: "can this token still be used?" asked of a backend that has no
    /// other route to ask it (the launch check on a backend without profile
    /// routes). Joins a refresh already in flight; a refused token ends the
    /// session as any refused refresh does.
    public func refreshNow() async throws(AuthorizedCallError) {
        guard let current, let generation else { throw .notSignedIn }
        _ = try await refreshed(basedOn: current.token, generation: generation)
    }

    // MARK: - Admission

    /// Returns once the call may go on the wire: at once under the limit with
    /// nobody waiting, else when a call ahead of it hands over its place.
    /// A caller cancelled while waiting leaves the queue and fails as a
    /// cancelled request does.
    private func admit() async throws(AuthorizedCallError) {
        guard let limit = policy.maxAuthorizedCallsInFlight else { return }
        if callsAdmitted < limit, admissionQueue.isEmpty {
            callsAdmitted += 1
            return
        }
        admissionCount += 1
        let id = admissionCount
        // A promise of the scheduler, so a runner counts the waiter as parked.
        let admitted = scheduler.makePromise(of: Void.self)
        admissionQueue.append((id, admitted))
        await withTaskCancellationHandler {
            await admitted.value
        } onCancel: {
            admitted.complete(with: ())
        }
        // Still queued: the promise was completed by the cancellation.
        if let index = admissionQueue.firstIndex(where: { $0.id == id }) {
            admissionQueue.remove(at: index)
            throw .remote(.transport("request cancelled"))
        }
    }

    /// The call is done with the wire: its place goes to the first waiter.
    private func leaveTheWire() {
        guard policy.maxAuthorizedCallsInFlight != nil else { return }
        if admissionQueue.isEmpty {
            callsAdmitted -= 1
        } else {
            admissionQueue.removeFirst().admitted.complete(with: ())
        }
    }

    // MARK: - The barrier and the single flight

    /// Waits out any refresh in flight, then returns a token fit to send —
    /// refreshing it first when it is within the margin.
    private func usableToken() async throws(AuthorizedCallError) -> (token: AccessToken, generation: SessionGeneration)
    {
        if let refresh {
            let token = try await waitFor(refresh.task)
            guard let generation else { throw .notSignedIn }
            return (token, generation)
        }
        guard let current, let generation else { throw .notSignedIn }
        if policy.needsRefresh(current, at: clock.now()) {
            let token = try await refreshed(basedOn: current.token, generation: generation)
            return (token, generation)
        }
        return (current.token, generation)
    }

    /// The one place a refresh starts. Joins the refresh in flight; returns the
    /// current token without refreshing when `token` was already replaced.
    private func refreshed(basedOn token: AccessToken, generation refreshGeneration: SessionGeneration)
        async throws(AuthorizedCallError) -> AccessToken
    {
        if let refresh { return try await waitFor(refresh.task) }
        guard refreshGeneration == generation, let current else { throw .notSignedIn }
        if current.token != token { return current.token }
        try admitRefreshUnderCap()

        refreshCount += 1
        let id = refreshCount
        // Its own task: every caller, this one included, only waits for it.
        let task = scheduler.spawn { await self.performRefresh(of: current, generation: refreshGeneration, id: id) }
        refresh = InFlightRefresh(id: id, task: task)
        return try await waitFor(task)
    }

    /// Exchanges the session's credential, saves what came back, and only
    /// then lets anyone use it: the refresh stays in flight (the barrier up)
    /// until the save has finished, so when the backend rotated the refresh
    /// token, the new one is stored before the new access token leaves
    /// (across processes too: `UserSessionRepository.refreshShared`).
    private func performRefresh(of previous: SessionToken, generation refreshGeneration: SessionGeneration, id: UInt64)
        async -> Result<AccessToken, AuthorizedCallError>
    {
        let credential = RefreshCredential(for: previous)
        let authAPI = self.authAPI
        let policy = self.policy
        let clock = self.clock
        let outcome = await repository.refreshShared(previous, generation: refreshGeneration) { previous in
            do throws(RemoteError) {
                let tokens = try await authAPI.refresh(credential)
                return .success(policy.issue(tokens, at: clock.now(), replacing: previous))
            } catch {
                return .failure(error)
            }
        }
        endRefresh(id)
        guard refreshGeneration == generation, current != nil else { return .failure(.notSignedIn) }

        switch outcome {
        case .refreshed(let issued, let saved):
            if !saved, case .refreshToken = credential {
                // The stored refresh token is spent and its successor is not
                // stored: going on would leave a session that can only be
                // resumed by sending a spent token again. End it as expired.
                return .failure(await endSession(refreshGeneration, reason: .tokenExpired))
            }
            current = issued
            return .success(issued.token)
        case .adopted(let newer, _):
            current = newer
            return .success(newer.token)
        case .endedElsewhere:
            return .failure(await endSession(refreshGeneration, reason: .endedElsewhere))
        case .failed(nil):
            return .failure(.notSignedIn)
        case .failed(let error?):
            if AuthorizedCallError.sessionEndReason(for: error) != nil {
                return .failure(await endSession(refreshGeneration, for: error))
            }
            return .failure(.remote(error))
        }
    }

    /// The refresh `id` is over: the barrier comes down, unless another
    /// refresh has taken its place meanwhile.
    private func endRefresh(_ id: UInt64) {
        if refresh?.id == id { refresh = nil }
    }

    /// Waits for a refresh, counted in `callersWaitingForRefresh` meanwhile.
    private func waitFor(
        _ refresh: any TaskHandle<Result<AccessToken, AuthorizedCallError>>
    ) async throws(AuthorizedCallError) -> AccessToken {
        callersWaitingForRefresh += 1
        defer { callersWaitingForRefresh -= 1 }
        return try await refresh.value.get()
    }

    private func admitRefreshUnderCap() throws(AuthorizedCallError) {
        let now = clock.now()
        let windowStart = now.addingTimeInterval(-policy.refreshCapWindow.timeInterval)
        recentRefreshes.removeAll { $0 <= windowStart }
        guard recentRefreshes.count < policy.maxRefreshesPerWindow else { throw .refreshLimitReached }
        recentRefreshes.append(now)
    }

    /// Ends the session of `endedGeneration` once, tells the relay, and
    /// returns the error every caller of that generation gets.
    private func endSession(_ endedGeneration: SessionGeneration, for error: RemoteError) async -> AuthorizedCallError {
        await endSession(endedGeneration, reason: AuthorizedCallError.sessionEndReason(for: error) ?? .tokenInvalid)
    }

    private func endSession(_ endedGeneration: SessionGeneration, reason: SignedOutReason) async -> AuthorizedCallError
    {
        guard endedGeneration == generation, current != nil else { return .sessionEnded(reason) }
        current = nil
        refresh = nil
        await sessionEnds.backendEndedSession(generation: endedGeneration, reason: reason)
        return .sessionEnded(reason)
    }
}
