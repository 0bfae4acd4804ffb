/// Starts the app's concurrent work: every background loop, every refresh,
/// every piece of work two callers share. The domain never writes `Task {}`
/// or `async let` itself, so a counting scheduler can tell when all is idle.
public protocol TaskScheduler: Sendable {
    /// Runs `operation` in a new task at once and returns its handle. The
    /// handle's `value` delivers the operation's result to every caller,
    /// however many and whenever they ask.
    func spawn<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> any TaskHandle<Success>

    /// A one-shot signal with no task behind it: fulfilled by whoever calls
    /// `complete(with:)`, while its waiters park as joiners of a task do.
    func makePromise<Value: Sendable>(of type: Value.Type) -> any Promise<Value>

    /// What a task of this scheduler that parks on a continuation of its own
    /// (not on a handle or promise made here) tells, so that it is counted as
    /// parked as a joiner is — by `ActivityCounter`'s rules: the task calls
    /// `willPark()` as it stores its continuation where its resumer will find
    /// it, and the resumer calls `willResume(_:)` before resuming it, if
    /// `willPark()` answered `true`. Nil when this scheduler counts nothing.
    var parkingCounter: (any ActivityCounter)? { get }
}

/// Work started by a `TaskScheduler`: join it or cancel it.
public protocol TaskHandle<Success>: Sendable {
    /// The type of the operation's result.
    associatedtype Success: Sendable

    /// The operation's result, once it has finished; the same for every
    /// caller. A joiner waiting here is parked: a counting scheduler knows a
    /// task waiting on parked work is itself idle.
    var value: Success { get async }

    /// Whether the operation has finished.
    var isFinished: Bool { get }

    /// Cancels the task: the operation sees `Task.isCancelled`; it still
    /// finishes and its result is still delivered.
    func cancel()
}

/// A one-shot signal made by `TaskScheduler.makePromise`.
public protocol Promise<Value>: Sendable {
    /// The type of the value the promise delivers.
    associatedtype Value: Sendable

    /// The value, once `complete(with:)` has been called; waiters park meanwhile.
    var value: Value { get async }

    /// Delivers `value` to every waiter, present and future. Only the first
    /// call counts; later ones do nothing.
    func complete(with value: Value)
}
