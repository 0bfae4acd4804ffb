import Foundation

/// Runs blocking socket work on a thread of its own and waits for it without
/// holding a thread of Swift's cooperative pool: a test that blocked one while
/// waiting for a server would take a thread other tests need (on a two-core
/// machine the pool has two).
///
/// The work runs in a task (preferring an executor that gives each job a
/// fresh thread), not on a bare thread: a task inherits the test's
/// task-local context, so an `#expect` or `#require` that fails in `work`
/// fails the calling test. On a bare thread such an issue belonged to no
/// test («unknown») and the test itself passed.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await Task(executorPreference: ThreadPerJobExecutor()) { try work() }.value
}

/// Runs each job on a new thread: for tasks whose jobs block.
private final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.start()
    }
}
