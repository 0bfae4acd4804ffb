public import Ports
import Synchronization

/// Starts tasks whose running and waiting `VirtualActivity` counts, so a
/// runner can settle — wait until every task has finished or is parked. The
/// scheduler of every environment, on virtual or real time alike.
public struct CountingTaskScheduler: TaskScheduler {
    public let activity: VirtualActivity
    /// Where the tasks run, when not on Swift's cooperative pool: a virtual-time
    /// app's main queue (`VirtualTime`'s `VirtualTimeExecutor`).
    public let executor: (any TaskExecutor)?

    /// - Parameter executor: where a virtual-time app's work runs (the main
    ///   queue); nil for the cooperative pool (real time, or a test's own
    ///   scheduler).
    public init(activity: VirtualActivity, executor: (any TaskExecutor)? = nil) {
        self.activity = activity
        self.executor = executor
    }

    public func spawn<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> any TaskHandle<
        Success
    > {
        let handle = CountedTask<Success>(activity: activity)
        let pending = PendingOperation(operation)
        activity.willStart()
        let task = Task(executorPreference: executor) { [activity, executor] in
            // The executor lives while a task that prefers it may still queue
            // jobs there, whether or not the task itself holds its preference.
            defer { withExtendedLifetime(executor) {} }
            // The operation (and all it captured: a loop, a token manager) is
            // released before the task says it finished, so once a runner has
            // settled nothing is kept alive by work that is over.
            let value = await pending.run(counted: activity)
            // Joiners are counted as runnable before this task stops counting.
            handle.result.complete(with: value)
            activity.didFinish()
        }
        handle.attach(task)
        return handle
    }

    public func makePromise<Value: Sendable>(of type: Value.Type) -> any Promise<Value> {
        CountedPromise<Value>(activity: activity)
    }

    public var parkingCounter: (any ActivityCounter)? { activity }
}

/// An operation a task runs once and then lets go of.
private final class PendingOperation<Success: Sendable>: Sendable {
    private let operation: Mutex<(@Sendable () async -> Success)?>

    init(_ operation: @escaping @Sendable () async -> Success) {
        self.operation = Mutex(operation)
    }

    /// Takes the operation out, runs it counted by `activity`, and returns its
    /// result with the operation already released.
    func run(counted activity: VirtualActivity) async -> Success {
        guard let operation = self.operation.withLock({ $0.take() }) else {
            preconditionFailure("a pending operation runs once: only its own task runs it")
        }
        return await activity.runCounted(operation)
    }
}
