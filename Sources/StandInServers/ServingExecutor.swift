import Dispatch
import Foundation
import Synchronization

/// Runs one request's async work on the serving thread: the task prefers
/// this executor (SE-0417), so its jobs, and those of the backend actor it
/// calls, are queued here and run by the thread waiting for the answer. A job
/// that arrives once the answer is in (an actor letting go of this thread)
/// runs on a thread of its own, never left queued with nobody to run it. (The
/// reference server's `ConnectionExecutor` does the same, watching for a
/// hang-up too.)
final class ServingExecutor: TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var serving = true
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = queue.withLock { queue in
            guard queue.serving else { return false }
            queue.jobs.append(job)
            return true
        }
        guard queued else {
            let executor = asUnownedTaskExecutor()
            Thread { job.runSynchronously(on: executor) }.start()
            return
        }
        wake.signal()
    }

    /// Runs `operation` to its end on the calling thread and returns its result.
    func serve<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> Success {
        let outcome = Mutex<Success?>(nil)
        Task(executorPreference: self) {
            let value = await operation()
            outcome.withLock { $0 = value }
        }
        while true {
            wake.wait()
            let jobs = queue.withLock { queue in
                defer { queue.jobs = [] }
                return queue.jobs
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if let value = outcome.withLock({ $0 }) {
                let leftovers = queue.withLock { queue in
                    queue.serving = false
                    defer { queue.jobs = [] }
                    return queue.jobs
                }
                for job in leftovers { job.runSynchronously(on: asUnownedTaskExecutor()) }
                return value
            }
        }
    }
}
