import Foundation
import Ports
import Synchronization

// The barrier, the single refresh in flight and the end of a session: the
// token manager's slow paths. Each step reads and changes the state in one
// `withLock` and awaits only outside it.

extension TokenManager {
    /// What a caller does next, decided under the lock.
    private enum NextStep {
        case use(AccessToken, SessionGeneration)
        case waitForRefresh(any TaskHandle<Result<AccessToken, AuthorizedCallError>>)
        case refresh(AccessToken, SessionGeneration)
        case notSignedIn
    }

    /// The token in use and its generation, or nil when stopped.
    func signedInSession() -> (SessionToken, SessionGeneration)? {
        state.withLock { state in
            guard let current = state.current, let generation = state.generation else { return nil }
            return (current, generation)
        }
    }

    /// Waits out any refresh in flight, then returns a token fit to send —
    /// refreshing it first when it is within the margin.
    nonisolated(nonsending) func usableToken() async throws(AuthorizedCallError) -> (
        token: AccessToken, generation: SessionGeneration
    ) {
        let now = clock.now()
        let next = state.withLock { state -> NextStep in
            if let refresh = state.refresh {
                state.callersWaitingForRefresh += 1
                return .waitForRefresh(refresh.task)
            }
            guard let current = state.current, let generation = state.generation else { return .notSignedIn }
            if policy.needsRefresh(current, at: now) { return .refresh(current.token, generation) }
            return .use(current.token, generation)
        }
        switch next {
        case .use(let token, let generation):
            return (token, generation)
        case .waitForRefresh(let task):
            let token = try await waitFor(task)
            guard let generation = state.withLock({ $0.generation }) else { throw .notSignedIn }
            return (token, generation)
        case .refresh(let token, let generation):
            return (try await refreshed(basedOn: token, generation: generation, for: .reactive), generation)
        case .notSignedIn:
            throw .notSignedIn
        }
    }

    /// The one place a refresh starts. Joins the refresh in flight; returns the
    /// current token without refreshing when `token` was already replaced.
    func refreshed(
        basedOn token: AccessToken, generation refreshGeneration: SessionGeneration, for trigger: RefreshTrigger
    ) async throws(AuthorizedCallError) -> AccessToken {
        let now = clock.now()
        let next = try state.withLock { state throws(AuthorizedCallError) -> NextStep in
            if let refresh = state.refresh {
                state.callersWaitingForRefresh += 1
                return .waitForRefresh(refresh.task)
            }
            guard refreshGeneration == state.generation, let current = state.current else { return .notSignedIn }
            if current.token != token { return .use(current.token, refreshGeneration) }
            try admitRefreshUnderCap(&state, at: now)

            state.refreshCount += 1
            let id = state.refreshCount
            // Its own task: every caller, this one included, only waits for
            // it. Spawning only starts the task, so the lock is not held
            // while it runs.
            let task = scheduler.spawn {
                await self.performRefresh(
                    of: current, generation: refreshGeneration, id: id, admittedAt: now, for: trigger)
            }
            state.refresh = TokenManagerState.InFlightRefresh(id: id, task: task)
            state.callersWaitingForRefresh += 1
            return .waitForRefresh(task)
        }
        switch next {
        case .use(let current, _): return current
        case .waitForRefresh(let task): return try await waitFor(task)
        case .refresh, .notSignedIn: throw .notSignedIn
        }
    }

    /// Exchanges the session's credential, saves what came back, and only
    /// then lets anyone use it: the refresh stays in flight (the barrier up)
    /// until the save has finished, so when the backend rotated the refresh
    /// token, the new one is stored before the new access token leaves
    /// (across processes too: `UserSessionRepository.refreshShared`).
    ///
    /// `admittedAt` is when the refresh cap counted it: a refresh that sent
    /// nothing (another window was busy, or had already refreshed and its
    /// token was adopted, or the session had ended) is taken off the count.
    private func performRefresh(
        of previous: SessionToken, generation refreshGeneration: SessionGeneration, id: UInt64,
        admittedAt: Date, for trigger: RefreshTrigger
    ) async -> Result<AccessToken, AuthorizedCallError> {
        let credential = RefreshCredential(for: previous)
        let authAPI = self.authAPI
        let policy = self.policy
        let clock = self.clock
        let asked = clock.now()
        // When the call began and ended: after any wait for another
        // process's hold of the session, which the closure runs behind.
        let call = Mutex<(began: Date, ended: Date)?>(nil)
        let outcome = await repository.refreshShared(previous, generation: refreshGeneration) { previous in
            let began = clock.now()
            do throws(RemoteError) {
                let tokens = try await authAPI.refresh(credential)
                let ended = clock.now()
                call.withLock { $0 = (began, ended) }
                return .success(policy.issue(tokens, at: ended, replacing: previous))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .refreshed:
            if let (began, ended) = call.withLock({ $0 }) {
                events.report(
                    .tokenRefreshed(
                        trigger, lockWaited: .seconds(began.timeIntervalSince(asked)),
                        took: .seconds(ended.timeIntervalSince(began))))
            }
        case .failed(let error?):
            events.report(.refreshFailed(trigger, RefreshFailure(error)))
        case .busyElsewhere:
            events.report(.refreshFailed(trigger, .busyElsewhere))
        case .adopted, .endedElsewhere, .failed(nil):
            break
        }
        // The barrier comes down (unless another refresh has taken its place)
        // in the same step that puts the new token in place or ends the
        // session: no caller sees the barrier down and the old token still in use.
        let settled = state.withLock { state -> RefreshSettlement in
            if state.refresh?.id == id { state.refresh = nil }
            if !outcome.sentARequest, let counted = state.recentRefreshes.lastIndex(of: admittedAt) {
                state.recentRefreshes.remove(at: counted)
            }
            guard refreshGeneration == state.generation, state.current != nil else {
                return .done(.failure(.notSignedIn))
            }
            switch outcome {
            case .refreshed(let issued, _):
                // What the server answered is never thrown away: saved, or —
                // the store refused it — kept here, the failure said by the
                // repository, which also took the spent token out of the store
                // so that no launch sends it again.
                state.use(issued, policy: policy, issuedByThisRefresh: true)
                return .done(.success(issued.token))
            case .adopted(let newer, _):
                state.use(newer, policy: policy, issuedByThisRefresh: false)
                return .done(.success(newer.token))
            case .endedElsewhere:
                return Self.endSession(&state, reason: .endedElsewhere)
            case .busyElsewhere:
                // The token stays as it is: the next call tries again, and
                // adopts what the holder saved once it lets go.
                return .done(.failure(.sessionBusyElsewhere))
            case .failed(nil):
                return .done(.failure(.notSignedIn))
            case .failed(let error?):
                guard let reason = AuthorizedCallError.sessionEndReason(for: error) else {
                    return .done(.failure(.remote(error)))
                }
                return Self.endSession(&state, reason: reason)
            }
        }
        switch settled {
        case .done(let result):
            return result
        case .ended(let reason):
            await sessionEnds.backendEndedSession(generation: refreshGeneration, reason: reason)
            return .failure(.sessionEnded(reason))
        }
    }

    /// How a refresh ended, decided under the lock.
    private enum RefreshSettlement {
        case done(Result<AccessToken, AuthorizedCallError>)
        /// This refresh ended the session: the relay is told once, outside the lock.
        case ended(SignedOutReason)
    }

    /// Forgets the session of the generation in `state` (the caller checked
    /// it is the one ending).
    private static func endSession(_ state: inout TokenManagerState, reason: SignedOutReason) -> RefreshSettlement {
        state.forgetToken()
        state.refresh = nil
        return .ended(reason)
    }

    /// Waits for a refresh the caller was already counted as waiting for (in
    /// `callersWaitingForRefresh`), and stops counting it once it is over.
    private func waitFor(
        _ refresh: any TaskHandle<Result<AccessToken, AuthorizedCallError>>
    ) async throws(AuthorizedCallError) -> AccessToken {
        let result = await refresh.value
        state.withLock { $0.callersWaitingForRefresh -= 1 }
        return try result.get()
    }

    private func admitRefreshUnderCap(_ state: inout TokenManagerState, at now: Date) throws(AuthorizedCallError) {
        let windowStart = now.addingTimeInterval(-policy.refreshCapWindow.timeInterval)
        state.recentRefreshes.removeAll { $0 <= windowStart }
        guard state.recentRefreshes.count < policy.maxRefreshesPerWindow else { throw .refreshLimitReached }
        state.recentRefreshes.append(now)
    }

    /// Ends the session of `endedGeneration` once, tells the relay, and
    /// returns the error every caller of that generation gets.
    func endSession(_ endedGeneration: SessionGeneration, for error: RemoteError) async -> AuthorizedCallError {
        await endSession(endedGeneration, reason: AuthorizedCallError.sessionEndReason(for: error) ?? .tokenInvalid)
    }

    func endSession(_ endedGeneration: SessionGeneration, reason: SignedOutReason) async
        -> AuthorizedCallError
    {
        let ended = state.withLock { state in
            guard endedGeneration == state.generation, state.current != nil else { return false }
            state.forgetToken()
            state.refresh = nil
            return true
        }
        if ended { await sessionEnds.backendEndedSession(generation: endedGeneration, reason: reason) }
        return .sessionEnded(reason)
    }
}
