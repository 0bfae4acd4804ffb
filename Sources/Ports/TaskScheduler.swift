import Synchronization

/// Counts the work that can run right now, so that a headless runner can wait
/// until every piece of work has finished or is waiting (on the clock, or on
/// other work that is). The virtual adapter counts; the live one does nothing.
///
/// Contract, for every adapter: only tasks the scheduler started are counted;
/// each counted task adds one while it can run and none while it is parked.
public protocol ActivityCounter: Sendable {
    /// A counted task is about to be started.
    func willStart()
    /// A counted task has finished.
    func didFinish()
    /// The calling task is about to park (wait on a continuation). Returns
    /// whether it is counted; the caller passes that back to `willResume`.
    func willPark() -> Bool
    /// `count` parked, counted tasks are about to be resumed. Called by the
    /// resumer *before* it resumes them, so the count never dips to zero
    /// while work is still to run.
    func willResume(_ count: Int)
}

/// Starts the app's concurrent work: every background loop, every refresh,
/// every piece of work two callers share. The domain never writes `Task {}`
/// or `async let` itself, so a virtual scheduler can tell when all is idle.
///
/// Contract, for every adapter:
/// - `spawn` runs `operation` in a new task at once and returns its handle;
/// - `SpawnedTask.value` returns the operation's result to every caller, however
///   many and whenever they ask;
/// - `cancel()` cancels the task (the operation sees `Task.isCancelled`); it
///   still finishes and its result is still delivered.
public protocol TaskScheduler: Sendable {
    func spawn<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> SpawnedTask<Success>
    /// A handle with no task behind it, fulfilled by whoever calls
    /// `complete(with:)`: a one-shot signal whose waiters park like joiners.
    func makePromise<Value: Sendable>(of type: Value.Type) -> SpawnedTask<Value>
}

/// A handle on work started by a `TaskScheduler` — join it (`value`) or
/// cancel it — or, made by `makePromise`, a one-shot signal.
/// Joining parks the caller through the activity counter, so a virtual runner
/// knows a task waiting on parked work is itself idle.
public final class SpawnedTask<Success: Sendable>: Sendable {
    private struct Joiner {
        let counted: Bool
        let continuation: CheckedContinuation<Success, Never>
    }

    private struct State {
        var result: Success?
        var joiners: [Joiner] = []
        var task: Task<Void, Never>?
        var cancelRequested = false
    }

    private let state = Mutex(State())
    private let activity: (any ActivityCounter)?

    /// For scheduler adapters: a handle whose joins are counted by `activity`.
    public init(activity: (any ActivityCounter)?) {
        self.activity = activity
    }

    /// For scheduler adapters: the task that runs the operation.
    public func attach(_ task: Task<Void, Never>) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelRequested
        }
        if cancelNow { task.cancel() }
    }

    /// Delivers the result to every joiner, counting them as runnable before
    /// they are resumed. Only the first call counts; later ones do nothing.
    public func complete(with value: Success) {
        let joiners: [Joiner] = state.withLock { state in
            guard state.result == nil else { return [] }
            state.result = value
            defer { state.joiners = [] }
            return state.joiners
        }
        let counted = joiners.filter(\.counted).count
        if counted > 0 { activity?.willResume(counted) }
        joiners.forEach { $0.continuation.resume(returning: value) }
    }

    /// The operation's result, once it has finished.
    public var value: Success {
        get async {
            if let result = state.withLock({ $0.result }) { return result }
            return await withCheckedContinuation { continuation in
                let finished: Success? = state.withLock { state in
                    if let result = state.result { return result }
                    let counted = activity?.willPark() ?? false
                    state.joiners.append(Joiner(counted: counted, continuation: continuation))
                    return nil
                }
                if let finished { continuation.resume(returning: finished) }
            }
        }
    }

    /// Whether the operation has finished.
    public var isFinished: Bool { state.withLock { $0.result != nil } }

    public func cancel() {
        let task = state.withLock { state in
            state.cancelRequested = true
            return state.task
        }
        task?.cancel()
    }
}
