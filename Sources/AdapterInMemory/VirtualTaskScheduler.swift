public import Ports

/// Starts tasks whose running and waiting `VirtualActivity` counts: the
/// scheduler of a virtual-time environment.
public struct VirtualTaskScheduler: TaskScheduler {
    public let activity: VirtualActivity

    public init(activity: VirtualActivity) {
        self.activity = activity
    }

    public func spawn<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> SpawnedTask<Success> {
        let handle = SpawnedTask<Success>(activity: activity)
        activity.willStart()
        let task = Task { [activity] in
            let value = await activity.runCounted(operation)
            // Joiners are counted as runnable before this task stops counting.
            handle.complete(with: value)
            activity.didFinish()
        }
        handle.attach(task)
        return handle
    }

    public func makePromise<Value: Sendable>(of type: Value.Type) -> SpawnedTask<Value> {
        SpawnedTask<Value>(activity: activity)
    }
}
