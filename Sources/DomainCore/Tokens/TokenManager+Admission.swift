import Ports

// Admission: the cap of calls on the wire (`TokenPolicy.maxAuthorizedCallsInFlight`).
// A call takes a free place, or waits in the `AdmissionLine` until a call
// ahead hands its place over. Each step reads and changes the state in one
// `withLock` and awaits only outside it.

extension TokenManager {
    /// A call's place in the admission line, and the promise a call ahead
    /// completes with `true` when it hands its place over (the caller's
    /// cancellation completes it with `false`).
    typealias PlaceInLine = (ticket: AdmissionLine.Ticket, letIn: any Promise<Bool>)

    /// What a call finds at its first look under the lock.
    enum FirstLook {
        /// A free place, nobody waiting for one, no refresh in flight and a
        /// token outside the margin: the place taken and the token read.
        case admitted(AccessToken, SessionGeneration)
        /// The token is good, but every place is taken or others wait: the
        /// call has joined the line.
        case waiting(PlaceInLine)
        /// Anything else: the caller takes the steps one by one (admission
        /// first, then the barrier), as the rules say.
        case stepByStep
    }

    /// The common cases in one step, under one lock: the call admitted with
    /// a good token, or in line for a place while the token is good.
    func firstLook() -> FirstLook {
        let now = clock.now()
        let limit = policy.maxAuthorizedCallsInFlight
        return state.withLock { state in
            // `now < refreshDue` is `!policy.needsRefresh(current, at: now)`.
            guard state.refresh == nil, let due = state.refreshDue, now < due, let generation = state.generation,
                let token = state.current?.token
            else { return .stepByStep }
            if let limit {
                guard state.callsAdmitted < limit, state.admissionLine.isEmpty else {
                    return .waiting(joinTheLine(&state))
                }
                state.callsAdmitted += 1
            }
            return .admitted(token, generation)
        }
    }

    /// Returns once the call may go on the wire: at once under the limit with
    /// nobody waiting, else when a call ahead of it hands over its place.
    nonisolated(nonsending) func admit() async throws(AuthorizedCallError) {
        guard let limit = policy.maxAuthorizedCallsInFlight else { return }
        let place: PlaceInLine? = state.withLock { state in
            if state.callsAdmitted < limit, state.admissionLine.isEmpty {
                state.callsAdmitted += 1
                return nil
            }
            return joinTheLine(&state)
        }
        guard let place else { return }
        try await waitToBeLetIn(place)
    }

    /// Puts a new waiter at the end of the line (under the caller's lock).
    private func joinTheLine(_ state: inout TokenManagerState) -> PlaceInLine {
        // A promise of the scheduler, so a runner counts the waiter as parked.
        let letIn = scheduler.makePromise(of: Bool.self)
        return (state.admissionLine.join(letIn), letIn)
    }

    /// Waits at `place` until a call ahead hands over its place. A caller
    /// cancelled while waiting leaves the line and fails as a cancelled
    /// request does.
    nonisolated(nonsending) func waitToBeLetIn(_ place: PlaceInLine) async throws(AuthorizedCallError) {
        let letIn = await withTaskCancellationHandler {
            await place.letIn.value
        } onCancel: {
            place.letIn.complete(with: false)
        }
        // Let in: the call ahead took this place out of the line first.
        if letIn { return }
        // Completed by the cancellation: still in line, unless a call ahead
        // let it in meanwhile (its `true` came second), and then it holds a place.
        if state.withLock({ $0.admissionLine.leave(place.ticket) }) {
            throw .remote(.transport("request cancelled"))
        }
    }

    /// The token to send once admitted; the place is handed on if there is none.
    nonisolated(nonsending) func tokenOnceAdmitted() async throws(AuthorizedCallError) -> (
        AccessToken, SessionGeneration
    ) {
        do {
            return try await usableToken()
        } catch {
            leaveTheWire()
            throw error
        }
    }

    /// The call is done with the wire: its place goes to the first waiter.
    func leaveTheWire() {
        guard policy.maxAuthorizedCallsInFlight != nil else { return }
        let next = state.withLock { state in
            let next = state.admissionLine.letFirstIn()
            if next == nil { state.callsAdmitted -= 1 }
            return next
        }
        next?.complete(with: true)
    }
}
