import Foundation
public import Ports
import Synchronization

/// What the simulated person did in the browser or on the other device.
enum PersonAnswer: Sendable, Hashable {
    /// Signed in on the backend's page as this account.
    case signedIn(accountID: String)
    /// Refused (OAuth 2.0's `access_denied`).
    case denied
}

/// What a poll of an attempt finds, before any token is issued.
enum ExternalSignInVerdict: Sendable, Hashable {
    case ended
    case expired
    case denied
    case pending(retryAfter: Duration)
    /// The person signed in and this is the one exchange: issue the tokens.
    case issue(accountID: String)
    /// The code was already exchanged, or nothing came back yet to exchange.
    case nothingToExchange
}

/// Why a simulated person could not act.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum PersonActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No sign-in outside the app is waiting for the person (none begun,
    /// all ended, answered or past their lifetime).
    case noAttemptWaiting
    /// The backend's sign-in page refused the identifier and password.
    case credentialsRefused
    /// The action belongs to the other method (another `state` exists only
    /// for the browser; `slow_down` only for the device flow).
    case notForThisMethod(SignInMethod)

    public var description: String {
        switch self {
        case .noAttemptWaiting: "no sign-in outside the app is waiting for the person"
        case .credentialsRefused: "the backend's sign-in page refused the identifier or the password"
        case .notForThisMethod(let method): "the waiting attempt signs in by \(method.rawValue), which has no such step"
        }
    }
}

/// The sign-ins outside the app an `InMemoryBackend` has begun, as an
/// authorization server keeps them: per attempt its method, when it began,
/// its lifetime, the device flow's polling interval and what the person did.
/// A lock rather than the backend actor, because a task's cancellation
/// handler (and `ExternalSignInAttempt.end()`) must act synchronously.
///
/// Bounded: at most `mostAttempts` are kept; beginning one more forgets the
/// oldest, which then answers as ended.
final class BackendExternalSignIns: Sendable {
    /// RFC 8628 §3.5: each `slow_down` lengthens the interval by 5 seconds.
    static let slowDownStep: Duration = .seconds(5)
    static let mostAttempts = 64

    private struct Record {
        let method: SignInMethod
        let startedAt: Date
        let lifetime: Duration
        var interval: Duration
        var lastPollAt: Date?
        var answer: PersonAnswer?
        var slowDownNextPoll = false
        var exchanged = false
        var ended = false
        var waiter: (continuation: CheckedContinuation<PersonAnswer?, Never>, counted: Bool)?
    }

    private struct State {
        var nextID: UInt64 = 0
        var records: [UInt64: Record] = [:]
        var order: [UInt64] = []
    }

    private let state = Mutex(State())
    /// Told when a wait parks here and before it is let go, so a virtual
    /// runner counts a person not yet acting as idle.
    private let activity: (any ActivityCounter)?

    init(activity: (any ActivityCounter)?) {
        self.activity = activity
    }

    /// Records a new attempt and returns its id.
    func begin(_ method: SignInMethod, at now: Date, lifetime: Duration, interval: Duration) -> UInt64 {
        let (id, forgotten) = state.withLock { state -> (UInt64, [Record]) in
            state.nextID += 1
            state.records[state.nextID] = Record(
                method: method, startedAt: now, lifetime: lifetime, interval: interval)
            state.order.append(state.nextID)
            var forgotten: [Record] = []
            while state.order.count > Self.mostAttempts {
                if let record = state.records.removeValue(forKey: state.order.removeFirst()) {
                    forgotten.append(record)
                }
            }
            return (state.nextID, forgotten)
        }
        forgotten.forEach(resumeEnded)
        return id
    }

    /// Waits until the person answers attempt `id`; nil when the attempt
    /// ended (or was forgotten) or the calling task was cancelled.
    func waitForPerson(_ id: UInt64) async -> PersonAnswer? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<PersonAnswer?, Never>) in
                let early: PersonAnswer?? = state.withLock { state in
                    guard let record = state.records[id], !record.ended, !Task.isCancelled else { return .some(nil) }
                    if let answer = record.answer { return .some(answer) }
                    let previous = record.waiter
                    state.records[id]?.waiter = (continuation, activity?.willPark() ?? false)
                    // One waiter per attempt: an earlier one is told the attempt ended for it.
                    if let previous {
                        if previous.counted { activity?.willResume(1) }
                        previous.continuation.resume(returning: nil)
                    }
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            end(id)
        }
    }

    /// Ends attempt `id`: a wait under way ends, every later call finds it ended.
    func end(_ id: UInt64) {
        let waiter = state.withLock { state -> Record? in
            guard var record = state.records[id], !record.ended else { return nil }
            record.ended = true
            let waiting = record
            record.waiter = nil
            state.records[id] = record
            return waiting
        }
        if let waiter { resumeEnded(waiter) }
    }

    /// Ends every attempt (the backend's reset).
    func endAll() {
        let waiting = state.withLock { state -> [Record] in
            let records = Array(state.records.values)
            state.records.removeAll()
            state.order.removeAll()
            return records
        }
        waiting.forEach(resumeEnded)
    }

    func isEnded(_ id: UInt64) -> Bool {
        state.withLock { $0.records[id]?.ended ?? true }
    }

    /// The latest attempt still waiting for the person at `now`: not ended,
    /// not answered, not past its lifetime.
    func latestWaiting(at now: Date) -> (id: UInt64, method: SignInMethod)? {
        state.withLock { state in
            for id in state.order.reversed() {
                guard let record = state.records[id], !record.ended, record.answer == nil,
                    now < record.startedAt.addingTimeInterval(record.lifetime.timeInterval)
                else { continue }
                return (id, record.method)
            }
            return nil
        }
    }

    /// Records what the person did, and lets a wait for it go on.
    func answer(_ id: UInt64, _ answer: PersonAnswer) {
        let waiter = state.withLock {
            state -> (continuation: CheckedContinuation<PersonAnswer?, Never>, counted: Bool)? in
            guard state.records[id] != nil else { return nil }
            state.records[id]?.answer = answer
            let waiter = state.records[id]?.waiter
            state.records[id]?.waiter = nil
            return waiter
        }
        guard let waiter else { return }
        if waiter.counted { activity?.willResume(1) }
        waiter.continuation.resume(returning: answer)
    }

    /// Makes the next poll of device attempt `id` answer `slow_down`.
    func slowDownNextPoll(_ id: UInt64) {
        state.withLock { $0.records[id]?.slowDownNextPoll = true }
    }

    /// What one poll of attempt `id` at `now` finds, as RFC 8628 §3.5 (the
    /// device flow) and RFC 6749 §4.1.3 (the browser's one code exchange)
    /// say: a device poll sooner than the interval after the previous one,
    /// or one the person asked to be slowed, answers `slow_down` and
    /// lengthens the interval by 5 seconds.
    func poll(_ id: UInt64, at now: Date) -> ExternalSignInVerdict {
        state.withLock { state in
            guard var record = state.records[id], !record.ended else { return .ended }
            defer { state.records[id] = record }
            let previousPoll = record.lastPollAt
            record.lastPollAt = now
            guard now < record.startedAt.addingTimeInterval(record.lifetime.timeInterval) else { return .expired }
            switch record.answer {
            case .denied: return .denied
            case .signedIn(let accountID):
                guard !record.exchanged else { return .nothingToExchange }
                record.exchanged = true
                return .issue(accountID: accountID)
            case nil:
                guard record.method == .device else { return .nothingToExchange }
                let tooSoon = previousPoll.map { now < $0.addingTimeInterval(record.interval.timeInterval) } ?? false
                if record.slowDownNextPoll || tooSoon {
                    record.slowDownNextPoll = false
                    record.interval += Self.slowDownStep
                }
                return .pending(retryAfter: record.interval)
            }
        }
    }

    private func resumeEnded(_ record: Record) {
        guard let waiter = record.waiter else { return }
        if waiter.counted { activity?.willResume(1) }
        waiter.continuation.resume(returning: nil)
    }
}
