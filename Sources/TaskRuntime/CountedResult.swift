import Ports
import Synchronization

/// A result that arrives once and is handed to every waiter, each waiter
/// parked through the activity counter while it waits — what a spawned
/// task's joiners and a promise's waiters share.
///
/// The value is kept as `any Sendable` in a core that is not generic: this
/// runs for every task the app spawns, from code that cannot be specialised
/// (the domain sees the scheduler as `any TaskScheduler`), and there each use
/// of a type nested in a generic one (`State<Value>`, `Mutex<State<Value>>`)
/// asks the runtime for its metadata — once a fifth of a signed-in day's
/// instructions. The one cast back to `Value` costs less.
final class CountedResult<Value: Sendable>: Sendable {
    private let core: ErasedCountedResult

    init(activity: (any ActivityCounter)?) {
        core = ErasedCountedResult(activity: activity)
    }

    /// Delivers `value` to every waiter, counting them as runnable before
    /// they are resumed. Only the first call counts; later ones do nothing.
    func complete(with value: Value) {
        core.complete(with: value)
    }

    /// The value, once it has arrived.
    var value: Value {
        get async {
            // Only `complete(with:)` above stores a value, and it stores a `Value`.
            guard let value = await core.value as? Value else {
                preconditionFailure("a counted result holds only its own type of value")
            }
            return value
        }
    }

    var hasArrived: Bool { core.hasArrived }
}

/// `CountedResult`'s state, with the value's type erased.
private final class ErasedCountedResult: Sendable {
    private struct Waiter {
        let counted: Bool
        let continuation: UnsafeContinuation<any Sendable, Never>
    }

    /// Nearly every result has one waiter at most (a task's one joiner, a
    /// promise's one waiter: a call waiting in the admission line), so the
    /// first is kept apart, where it costs no array.
    private struct State {
        var value: (any Sendable)?
        var firstWaiter: Waiter?
        var moreWaiters: [Waiter] = []
    }

    private let state = Mutex(State())
    private let activity: (any ActivityCounter)?

    init(activity: (any ActivityCounter)?) {
        self.activity = activity
    }

    func complete(with value: any Sendable) {
        let (first, more): (Waiter?, [Waiter]) = state.withLock { state in
            guard state.value == nil else { return (nil, []) }
            state.value = value
            defer {
                state.firstWaiter = nil
                state.moreWaiters = []
            }
            return (state.firstWaiter, state.moreWaiters)
        }
        var counted = first?.counted == true ? 1 : 0
        for waiter in more where waiter.counted { counted += 1 }
        if counted > 0 { activity?.willResume(counted) }
        first?.continuation.resume(returning: value)
        for waiter in more { waiter.continuation.resume(returning: value) }
    }

    /// Each continuation is resumed exactly once, so an unsafe one (no
    /// checking canary to allocate per wait) is sound: it is either resumed
    /// at once, when the value had arrived, or stored under the lock while
    /// no value has; `complete` takes the stored ones out under the same
    /// lock, once (only the first call finds no value), and resumes each;
    /// after it no continuation is stored again.
    var value: any Sendable {
        get async {
            if let value = state.withLock({ $0.value }) { return value }
            return await withUnsafeContinuation { continuation in
                let arrived: (any Sendable)? = state.withLock { state in
                    if let value = state.value { return value }
                    let waiter = Waiter(counted: activity?.willPark() ?? false, continuation: continuation)
                    if state.firstWaiter == nil {
                        state.firstWaiter = waiter
                    } else {
                        state.moreWaiters.append(waiter)
                    }
                    return nil
                }
                if let arrived { continuation.resume(returning: arrived) }
            }
        }
    }

    var hasArrived: Bool { state.withLock { $0.value != nil } }
}

/// A task started by `CountingTaskScheduler`.
final class CountedTask<Success: Sendable>: TaskHandle {
    let result: CountedResult<Success>
    private let control = Mutex(CountedTaskControl())

    init(activity: (any ActivityCounter)?) {
        result = CountedResult(activity: activity)
    }

    /// The task that runs the operation; cancelled at once if `cancel()` came first.
    func attach(_ task: Task<Void, Never>) {
        let cancelNow = control.withLock { control in
            control.task = task
            return control.cancelRequested
        }
        if cancelNow { task.cancel() }
    }

    var value: Success {
        get async { await result.value }
    }

    var isFinished: Bool { result.hasArrived }

    func cancel() {
        let task = control.withLock { control in
            control.cancelRequested = true
            return control.task
        }
        task?.cancel()
    }
}

/// Whether a `CountedTask` was cancelled before its task was attached
/// (outside the generic class, so that its metadata is made once).
private struct CountedTaskControl {
    var task: Task<Void, Never>?
    var cancelRequested = false
}

/// A one-shot signal made by `CountingTaskScheduler.makePromise`.
final class CountedPromise<Value: Sendable>: Promise {
    private let result: CountedResult<Value>

    init(activity: (any ActivityCounter)?) {
        result = CountedResult(activity: activity)
    }

    var value: Value {
        get async { await result.value }
    }

    func complete(with value: Value) {
        result.complete(with: value)
    }
}
