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

/// Runs asynchronous work whose steps block (a child process asked and
/// waited for, between awaits on a server) off the pool: each of its jobs,
/// every resumption after an await included, runs on a thread of its own,
/// so a step that blocks holds that thread only.
public func offThePool<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
    try await Task(executorPreference: ThreadPerJobExecutor()) { try await work() }.value
}

/// Runs each job on a new thread: for tasks whose jobs block.
private final class ThreadPerJobExecutor: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            // Marked, so that `expectOffThePool` tells it from the pool: on
            // Linux a thread inherits the name of the thread that made it
            // (a pool thread's), and Foundation's name for it was seen to
            // stay that now and then (2 threads in 2,000).
            Thread.current.threadDictionary[offThePoolMark] = true
            job.runSynchronously(on: executor)
        }
        thread.start()
    }
}

/// The key under which every thread `offThePool` runs work on is marked.
let offThePoolMark = "gatehouse.off-the-pool"

/// Whether this thread is one `offThePool` made.
var isOffThePoolThread: Bool { (Thread.current.threadDictionary[offThePoolMark] as? Bool) == true }
