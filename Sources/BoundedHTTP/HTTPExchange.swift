import Dispatch
import Foundation
import Ports
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request's way back, bounded in size and in time. The body is counted
/// as it arrives and the call fails as `malformedResponse` as soon as it is
/// known to pass its route's `ResponseBodyLimit` — at the head when its
/// `Content-Length` says so, else at the piece that passes it, in bytes or
/// in pieces — and the
/// transfer is cancelled, nothing more of it kept. A deadline of the
/// configuration's timeout, armed as the call is made, fails the call as
/// `.timeout` even while data keeps arriving (URLSession on Linux restarts
/// its own timeout at every piece, and ignores `timeoutIntervalForResource`).
///
/// The first ending wins, whichever it is — the answer complete, a failure,
/// the limit, the deadline, the caller's cancellation — and then: the bytes
/// held are released, the deadline is let go (the transport's shared
/// timer drops it as it passes), URLSession is asked to
/// cancel the transfer unless it ended by itself (on Linux that may take a
/// while to get through: docs/threat-model.md), the tracker hears that the
/// exchange ended (once), and the outcome reaches the waiting task (once),
/// at once. Anything URLSession reports afterwards is ignored.
final class HTTPExchange: Sendable {
    typealias Outcome = Result<(status: Int, body: Data), RemoteError>

    private struct State {
        var continuation: CheckedContinuation<Outcome, Never>?
        /// The outcome, when it came before the waiting task was ready for it.
        var early: Outcome?
        var body = Data()
        var pieces = 0
        var ended = false
        var transfer: URLSessionTask?
    }

    /// Who ended an exchange before its answer was complete.
    private enum Interruption {
        /// The exchange itself: the body passed the limit (this runs where
        /// URLSession reports it) or the deadline passed (on the timer's queue).
        case byTheExchange
        /// The caller's cancellation: this runs in the task's cancellation
        /// handler, where the task's own locks may be held, and resuming a
        /// continuation may take them: the caller is woken from another thread.
        case byTheCaller
    }

    let limit: ResponseBodyLimit
    private let tracker: (any HTTPExchangeTracker)?
    private let tag: HTTPExchangeTag?
    private let onEnd: @Sendable (_ taskIdentifier: Int) -> Void
    private let state = Mutex(State())

    /// - Parameter onEnd: called once when a started exchange ends, with its
    ///   task's identifier, before the tracker hears of it (the transport
    ///   stops routing URLSession's reports of that task to it).
    init(
        limit: ResponseBodyLimit, tracker: (any HTTPExchangeTracker)?, tag: HTTPExchangeTag?,
        onEnd: @escaping @Sendable (_ taskIdentifier: Int) -> Void
    ) {
        self.limit = limit
        self.tracker = tracker
        self.tag = tag
        self.onEnd = onEnd
    }

    /// Starts the deadline: `timeout` from now the exchange ends as
    /// `.timeout`, whatever URLSession is doing — even if it has not made
    /// the task yet. The transport's `ExchangeDeadlines` keeps it.
    func armDeadline(_ timeout: Duration, on deadlines: ExchangeDeadlines) {
        guard let interval = Self.dispatchInterval(timeout) else { return }
        deadlines.add(self, deadline: .now() + interval)
    }

    /// Whether the exchange has ended, by any of its endings.
    var hasEnded: Bool { state.withLock { $0.ended } }

    /// The deadline passed (`ExchangeDeadlines`): the exchange ends as
    /// `.timeout`, unless it has ended already.
    func deadlinePassed() {
        interrupt(.timeout, .byTheExchange)
    }

    /// Where the outcome goes; at once if it is already known.
    func deliver(to continuation: CheckedContinuation<Outcome, Never>) {
        let early: Outcome? = state.withLock { state in
            guard let early = state.early else {
                state.continuation = continuation
                return nil
            }
            state.early = nil
            return early
        }
        if let early { continuation.resume(returning: early) }
    }

    /// Starts `transfer`, unless the exchange has already ended (false: the
    /// caller cancels it). Waits for URLSession's queue: never call it from
    /// the calling task or URLSession's own queue.
    func start(_ transfer: URLSessionTask) -> Bool {
        let started = state.withLock { state in
            guard !state.ended else { return false }
            state.transfer = transfer
            return true
        }
        if started { transfer.resume() }
        return started
    }

    /// The answer's head: refused at once when its `Content-Length` is over the limit.
    func received(_ response: URLResponse) {
        guard let http = response as? HTTPURLResponse, let declared = Self.declaredLength(of: http),
            declared > limit.bytes
        else { return }
        interrupt(overLimit, .byTheExchange)
    }

    /// A piece of the body: kept while the body stays within the limit, in
    /// bytes and in pieces.
    func received(_ data: Data) {
        let refusal: RemoteError? = state.withLock { state in
            guard !state.ended else { return nil }
            state.pieces += 1
            guard data.count <= limit.bytes - state.body.count else { return overLimit }
            guard state.pieces <= limit.pieces else { return tooManyPieces }
            state.body.append(data)
            return nil
        }
        if let refusal { interrupt(refusal, .byTheExchange) }
    }

    /// URLSession's last word on the transfer: the body so far is the answer,
    /// unless `error` says why there is none.
    func completed(response: URLResponse?, error: (any Error)?) {
        end { state in
            if let error { return .failure(HTTPTransport.remoteError(for: error)) }
            guard let http = response as? HTTPURLResponse else {
                return .failure(.malformedResponse("not an HTTP answer"))
            }
            return .success((http.statusCode, state.body))
        }
    }

    /// The caller was cancelled: the exchange ends now, as a cancelled
    /// request, and the tracker hears of it before the caller can run again.
    func cancel() {
        interrupt(.transport("request cancelled"), .byTheCaller)
    }

    private var overLimit: RemoteError {
        .malformedResponse("an answer over this route's limit of \(limit.bytes) bytes")
    }

    private var tooManyPieces: RemoteError {
        .malformedResponse("an answer in more than this route's limit of \(limit.pieces) pieces")
    }

    private func interrupt(_ error: RemoteError, _ interruption: Interruption) {
        end(cancelling: interruption) { _ in .failure(error) }
    }

    private func end(cancelling interruption: Interruption? = nil, _ outcome: (inout State) -> Outcome) {
        let ending = state.withLock { state -> (Outcome, CheckedContinuation<Outcome, Never>?, URLSessionTask?)? in
            guard !state.ended else { return nil }
            state.ended = true
            let outcome = outcome(&state)
            state.body = Data()
            defer { state.transfer = nil }
            guard let continuation = state.continuation else {
                state.early = outcome
                return (outcome, nil, state.transfer)
            }
            state.continuation = nil
            return (outcome, continuation, state.transfer)
        }
        guard let (outcome, continuation, transfer) = ending else { return }
        // Cancelled from another thread: on Linux `cancel()` waits for
        // URLSession's queue, which may be the very thread running this
        // (`InlineOperationQueue`) or one waiting on the caller's locks
        // (swift-corelibs-foundation issue 5412).
        if interruption != nil, let transfer { URLSessionCalls.run { transfer.cancel() } }
        if let transfer { onEnd(transfer.taskIdentifier) }
        if let tracker, let tag { tracker.didEnd(tag) }
        guard let continuation else { return }
        if interruption == .byTheCaller {
            DispatchQueue.global().async { continuation.resume(returning: outcome) }
        } else {
            continuation.resume(returning: outcome)
        }
    }

    /// The length a `Content-Length` header declares; a number too large for
    /// `Int` declares `Int.max`. Nil without one, or when it is no number
    /// (URLSession then refuses the answer itself, or the count decides).
    static func declaredLength(of response: HTTPURLResponse) -> Int? {
        guard let text = response.value(forHTTPHeaderField: "Content-Length")?.trimmingCharacters(in: .whitespaces),
            !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return Int(text) ?? Int.max
    }

    /// `timeout` for Dispatch, in nanoseconds (clamped: a timeout of years is
    /// as good as none).
    /// `timeout` as Dispatch counts it; nil when it is too long to count
    /// (no deadline then, as a timer set for `.never` would have it).
    private static func dispatchInterval(_ timeout: Duration) -> DispatchTimeInterval? {
        let (seconds, attoseconds) = timeout.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow, nanoseconds.partialValue < Int64.max - 1_000_000_000 else {
            return nil
        }
        return .nanoseconds(Int(clamping: nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}
