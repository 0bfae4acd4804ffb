import Foundation
import Ports

// Admission: the cap of calls on the wire (`TokenPolicy.maxAuthorizedCallsInFlight`).
// A call takes a free place, or reserves one in the `AdmissionLine` and parks
// there until a call ahead hands its place over. Each step reads and changes
// the state in one `withLock` and awaits only outside it.

/// How a wait for a place ended.
enum AdmissionOutcome {
    /// A call ahead handed its place over; with the token as it stood then,
    /// when no refresh was in flight (nil: the call reads it itself).
    case letIn(HandedToken?)
    /// The caller was cancelled first: it holds no place.
    case cancelled
}

/// The token a call ahead read, under the lock, as it handed its place over:
/// the waiter uses it without taking the lock again if it is still outside
/// the refresh margin when the waiter runs — as a call admitted at its first
/// look uses the token read there.
struct HandedToken {
    let token: AccessToken
    let generation: SessionGeneration
    let refreshDue: Date

    /// Whether it is still outside the refresh margin at `now`
    /// (`!policy.needsRefresh(current, at: now)`).
    func isUsable(at now: Date) -> Bool { now < refreshDue }
}

extension TokenManagerState {
    /// The token a call may use without crossing the barrier, if it is
    /// outside the refresh margin: signed in, and no refresh in flight.
    /// What the first look admits a call with and a leaving call hands over.
    var tokenOutsideRefresh: HandedToken? {
        guard refresh == nil, let refreshDue, let generation, let token = current?.token else { return nil }
        return HandedToken(token: token, generation: generation, refreshDue: refreshDue)
    }
}

/// A call parked in the admission line: the continuation it waits on,
/// resumed exactly once — let in by the call ahead that hands it its place,
/// or cancelled by its own cancellation — by whoever takes it out of the
/// line under the token manager's lock.
struct AdmissionWaiter {
    let continuation: UnsafeContinuation<AdmissionOutcome, Never>
    /// Whether the scheduler's counter counted it as parked
    /// (`ActivityCounter.willPark`), and so must hear of its resumption.
    let counted: Bool

    /// Resumes the call, told first to the counter that counted it parked.
    func resume(_ outcome: AdmissionOutcome, counter: (any ActivityCounter)?) {
        if counted { counter?.willResume(1) }
        continuation.resume(returning: outcome)
    }
}

extension TokenManager {
    /// What a call finds at its first look under the lock.
    enum FirstLook {
        /// A free place, nobody waiting for one, no refresh in flight and a
        /// token outside the margin: the place taken and the token read.
        case admitted(AccessToken, SessionGeneration)
        /// The token is good, but every place is taken or others wait: the
        /// call has reserved a place in line.
        case waiting(AdmissionLine<AdmissionWaiter>.Ticket)
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
            guard let good = state.tokenOutsideRefresh, good.isUsable(at: now) else { return .stepByStep }
            if let limit {
                guard state.callsAdmitted < limit, state.admissionLine.isEmpty else {
                    return .waiting(state.admissionLine.reserve())
                }
                state.callsAdmitted += 1
            }
            return .admitted(good.token, good.generation)
        }
    }

    /// Returns once the call may go on the wire: at once under the limit with
    /// nobody waiting, else when a call ahead of it hands over its place.
    nonisolated(nonsending) func admit() async throws(AuthorizedCallError) {
        guard let limit = policy.maxAuthorizedCallsInFlight else { return }
        let ticket: AdmissionLine<AdmissionWaiter>.Ticket? = state.withLock { state in
            if state.callsAdmitted < limit, state.admissionLine.isEmpty {
                state.callsAdmitted += 1
                return nil
            }
            return state.admissionLine.reserve()
        }
        guard let ticket else { return }
        _ = try await waitToBeLetIn(at: ticket)
    }

    /// Parks at the place `ticket` reserved until a call ahead hands it
    /// over, and returns the token it handed over with it, if any. A caller
    /// cancelled while waiting leaves the line and fails as a cancelled
    /// request does; one whose place was handed over first keeps it.
    ///
    /// The continuation is stored in the line itself, under the lock: no
    /// promise to allocate, and one lock to park, one to be let in.
    nonisolated(nonsending) func waitToBeLetIn(at ticket: AdmissionLine<AdmissionWaiter>.Ticket)
        async throws(AuthorizedCallError) -> HandedToken?
    {
        let counter = scheduler.parkingCounter
        let outcome = await withTaskCancellationHandler {
            await withUnsafeContinuation { (continuation: UnsafeContinuation<AdmissionOutcome, Never>) in
                let answer: AdmissionOutcome? = state.withLock { state in
                    // A cancellation that came before this step found the
                    // place only reserved; one that comes after finds the
                    // waiter parked (it takes the same lock). Either way the
                    // continuation is resumed once.
                    if Task.isCancelled {
                        switch state.admissionLine.leave(ticket) {
                        case .reserved, .parked: return .cancelled
                        case .notInLine: break  // handed over, or gone already
                        }
                    }
                    let parking = state.admissionLine.park(at: ticket) {
                        AdmissionWaiter(continuation: continuation, counted: counter?.willPark() ?? false)
                    }
                    switch parking {
                    case .parked: return nil
                    case .letIn: return .letIn(nil)
                    case .gone: return .cancelled
                    }
                }
                guard let answer else { return }
                continuation.resume(returning: answer)
            }
        } onCancel: {
            let leaving = state.withLock { $0.admissionLine.leave(ticket) }
            if case .parked(let waiter) = leaving { waiter.resume(.cancelled, counter: counter) }
        }
        guard case .letIn(let handed) = outcome else { throw .remote(.transport("request cancelled")) }
        return handed
    }

    /// The token to send once let in: the one handed over with the place
    /// while it is still outside the refresh margin, else the barrier's.
    nonisolated(nonsending) func tokenOnceLetIn(with handed: HandedToken?) async throws(AuthorizedCallError) -> (
        AccessToken, SessionGeneration
    ) {
        if let handed, handed.isUsable(at: clock.now()) { return (handed.token, handed.generation) }
        return try await tokenOnceAdmitted()
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

    /// The call is done with the wire: its place goes to the first in line,
    /// with the token as it stands when no refresh is in flight.
    func leaveTheWire() {
        guard policy.maxAuthorizedCallsInFlight != nil else { return }
        let (handover, token) = state.withLock { state -> (AdmissionLine<AdmissionWaiter>.Handover?, HandedToken?) in
            guard let handover = state.admissionLine.letFirstIn() else {
                state.callsAdmitted -= 1
                return (nil, nil)
            }
            guard case .parked = handover else { return (handover, nil) }
            return (handover, state.tokenOutsideRefresh)
        }
        if case .parked(let waiter) = handover { waiter.resume(.letIn(token), counter: scheduler.parkingCounter) }
    }
}
