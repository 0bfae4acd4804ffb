import Ports
import Synchronization

/// A result that arrives once and is handed to every waiter, each waiter
/// parked through the activity counter while it waits — what a spawned
/// task's joiners and a promise's waiters share.
final class CountedResult<Value: Sendable>: Sendable {
    private struct Waiter {
        let counted: Bool
        let continuation: CheckedContinuation<Value, Never>
    }

    private struct State {
        var value: Value?
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())
    private let activity: (any ActivityCounter)?

    init(activity: (any ActivityCounter)?) {
        self.activity = activity
    }

    /// Delivers `value` to every waiter, counting them as runnable before
    /// they are resumed. Only the first call counts; later ones do nothing.
    func complete(with value: Value) {
        let waiters: [Waiter] = state.withLock { state in
            guard state.value == nil else { return [] }
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        let counted = waiters.filter(\.counted).count
        if counted > 0 { activity?.willResume(counted) }
        waiters.forEach { $0.continuation.resume(returning: value) }
    }

    /// The value, once it has arrived.
    var value: Value {
        get async {
            if let value = state.withLock({ $0.value }) { return value }
            return await withCheckedContinuation { continuation in
                let arrived: Value? = state.withLock { state in
                    if let value = state.value { return value }
                    let counted = activity?.willPark() ?? false
                    state.waiters.append(Waiter(counted: counted, continuation: continuation))
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
    private struct Control {
        var task: Task<Void, Never>?
        var cancelRequested = false
    }

    let result: CountedResult<Success>
    private let control = Mutex(Control())

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
