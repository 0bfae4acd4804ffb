public import Ports

/// Starts tasks whose running and waiting `VirtualActivity` counts, so a
/// runner can settle — wait until every task has finished or is parked. The
/// scheduler of every environment, on virtual or real time alike.
public struct CountingTaskScheduler: TaskScheduler {
    public let activity: VirtualActivity

    public init(activity: VirtualActivity) {
        self.activity = activity
    }

    public func spawn<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> any TaskHandle<Success> {
        let handle = CountedTask<Success>(activity: activity)
        activity.willStart()
        let task = Task { [activity] in
            let value = await activity.runCounted(operation)
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
}
