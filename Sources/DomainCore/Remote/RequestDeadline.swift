public import Ports
import Foundation
import Synchronization

/// The app's own limit on how long a remote call may go unanswered: a call
/// still running when the environment's clock passes its deadline ends with
/// `RemoteError.timeout`, and the call itself is cancelled (over HTTP the
/// client hangs up, so the server abandons the request).
///
/// It runs on the `Clock` and `TaskScheduler` ports, so it holds on virtual
/// time exactly as on real time, and settling stays exact: the call is a
/// counted task; the deadline's timer is the clock's alarm (no task at all);
/// the caller waits on a promise (parked), and a call the server holds is
/// parked too — nothing of it keeps a runner from settling, and once the
/// deadline fires nothing waits for the abandoned call.
///
/// Cancelling the caller cancels the call and its timer at once; the caller
/// then gets `.transport("request cancelled")`, as from an adapter whose
/// request was cancelled.
///
/// An answer due at the very instant of the deadline (a server delay equal
/// to the timeout, on virtual time) may go either way: the timer and the
/// answer wake together. Scripts keep the two apart.
///
/// Time the process did not run is not held against the call. A timer that
/// meets the deadline more than `lateness` after it fell due says the
/// process was stopped (Ctrl-Z, SIGSTOP, a debugger) or the machine asleep
/// while the clock went on, and the answer may be waiting, unread: a
/// refresh the server answered meanwhile, thrown away as a timeout, would
/// lose its rotated refresh token, and the next refresh would present the
/// spent one. Such a call gets `graceAfterLateness` from the moment the
/// timer met it, once, and times out when that passes. (A virtual clock
/// meets every deadline exactly on time.)
public struct RequestDeadline: Sendable {
    /// How late a timer may meet the deadline before that says the process
    /// did not run: far beyond a busy machine's timer slack.
    public static let lateness: Duration = .seconds(1)
    /// What a call whose deadline fell due while the process was not
    /// running gets from the moment the timer met it.
    public static let graceAfterLateness: Duration = .seconds(1)

    /// How long a call may run before it ends with `RemoteError.timeout`.
    public let timeout: Duration
    private let clock: any Clock
    private let scheduler: any TaskScheduler

    /// A deadline of `timeout` for every call run through it.
    ///
    /// - Parameters:
    ///   - timeout: how long a call may go unanswered, measured on `clock`.
    ///   - clock: the environment's clock (virtual in tests and scripts).
    ///   - scheduler: runs the call and its timer as counted tasks.
    public init(timeout: Duration, clock: any Clock, scheduler: any TaskScheduler) {
        self.timeout = timeout
        self.clock = clock
        self.scheduler = scheduler
    }

    /// Runs `call` with a deadline of `timeout` from now on the clock.
    ///
    /// - Returns: what `call` returned, when it returned before the deadline.
    /// - Throws: what `call` threw before the deadline; `.timeout` when the
    ///   deadline came first (exactly at it, never before); `.transport` when
    ///   the caller was cancelled.
    public func run<Value: Sendable>(
        _ call: @escaping @Sendable () async throws(RemoteError) -> Value
    ) async throws(RemoteError) -> Value {
        let deadline = clock.now().addingTimeInterval(timeout.timeInterval)
        let outcome = scheduler.makePromise(of: Result<Value, RemoteError>.self)
        let work = scheduler.spawn {
            do throws(RemoteError) {
                outcome.complete(with: .success(try await call()))
            } catch {
                outcome.complete(with: .failure(error))
            }
        }
        // The timer is the clock's alarm, not a task: a call that answers in
        // time costs no sleeping task to start, wake and end.
        let timer = DeadlineAlarm(clock: clock, at: deadline) {
            outcome.complete(with: .failure(.timeout))
            work.cancel()
        }
        let result = await withTaskCancellationHandler {
            await outcome.value
        } onCancel: {
            outcome.complete(with: .failure(.transport("request cancelled")))
            work.cancel()
            timer.cancel()
        }
        // The loser is cancelled: a late call is abandoned, an unneeded timer stops sleeping.
        work.cancel()
        timer.cancel()
        return try result.get()
    }
}

/// The deadline's alarm: the clock's, armed again once for
/// `RequestDeadline.graceAfterLateness` when it rings more than
/// `RequestDeadline.lateness` past its time (the process was not running).
private final class DeadlineAlarm: Sendable {
    private let clock: any Clock
    private let action: @Sendable () -> Void
    /// The alarm armed now, and whether the deadline was cancelled: an
    /// alarm armed again after a cancellation is cancelled at once.
    private let state = Mutex<(alarm: (any ClockAlarm)?, cancelled: Bool)>((nil, false))

    init(clock: any Clock, at deadline: Date, _ action: @escaping @Sendable () -> Void) {
        self.clock = clock
        self.action = action
        arm(at: deadline)
    }

    private func arm(at due: Date, isGrace: Bool = false) {
        let alarm = clock.alarm(at: due) { [self] in
            let now = clock.now()
            if !isGrace, now.timeIntervalSince(due) > RequestDeadline.lateness.timeInterval {
                arm(at: now.addingTimeInterval(RequestDeadline.graceAfterLateness.timeInterval), isGrace: true)
            } else {
                action()
            }
        }
        let cancelled = state.withLock { state in
            if !state.cancelled { state.alarm = alarm }
            return state.cancelled
        }
        if cancelled { alarm.cancel() }
    }

    func cancel() {
        let alarm = state.withLock { state in
            state.cancelled = true
            return state.alarm
        }
        alarm?.cancel()
    }
}
