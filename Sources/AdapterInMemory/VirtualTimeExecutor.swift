import Foundation
import Synchronization

/// One thread that runs a virtual-time app's counted work, so that the hops
/// of that work — between its tasks, the clock's sleepers, the default actors
/// it calls (the in-memory backend, the token manager) and the runner that
/// settles it — are jobs queued for a thread that is already awake, not a
/// wake-up of an idle thread of Swift's cooperative pool each time.
///
/// On virtual time nothing waits for real time, so the work needs no second
/// core; what it did cost was context switches: a signed-in day of ~7,500
/// polls and refreshes made ~86,000 of them as each job woke a pool thread
/// that went back to sleep at once. `CountingTaskScheduler` starts its tasks
/// preferring this executor (SE-0417's `Task(executorPreference:)`), and the
/// app's world passes time preferring it too; default actors follow the task
/// here. Main-actor code still runs on the main actor.
///
/// The order in which jobs run changes nothing a test or a transcript sees:
/// the settle rule already makes every step wait for all the work it starts.
///
/// A job is never run synchronously by `enqueue`; it waits its turn in the
/// queue. The thread lives as long as the executor does: every task started
/// with this preference keeps the executor alive until it finishes, and the
/// executor's `deinit` lets the thread end once the queue is empty.
public final class VirtualTimeExecutor: TaskExecutor {
    private let queue: JobQueue

    public init() {
        let queue = JobQueue()
        self.queue = queue
        queue.runJobs(on: asUnownedTaskExecutor())
        let thread = Thread { queue.runUntilStopped() }
        thread.name = "gatehouse.virtual-time"
        thread.stackSize = 8 << 20
        thread.start()
    }

    deinit {
        queue.stop()
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        queue.append(UnownedJob(job))
    }
}

/// The executor's queue, shared with its thread (which must not keep the
/// executor itself alive).
private final class JobQueue: Sendable {
    private struct State {
        var jobs: [UnownedJob] = []
        var executor: UnownedTaskExecutor?
        var stopped = false
    }

    // `NSCondition` is a lock with a wait; `state` is only touched under it.
    private let condition = NSCondition()
    private nonisolated(unsafe) var state = State()

    /// The executor the jobs run on; set once, before the thread starts.
    func runJobs(on executor: UnownedTaskExecutor) {
        condition.lock()
        state.executor = executor
        condition.unlock()
    }

    func append(_ job: UnownedJob) {
        condition.lock()
        state.jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func stop() {
        condition.lock()
        state.stopped = true
        condition.signal()
        condition.unlock()
    }

    /// The thread's loop: takes every queued job, runs them in order, and
    /// waits when there is none, until stopped with nothing left to run.
    func runUntilStopped() {
        while true {
            condition.lock()
            while state.jobs.isEmpty, !state.stopped { condition.wait() }
            if state.jobs.isEmpty {
                condition.unlock()
                return
            }
            let jobs = state.jobs
            state.jobs = []
            let executor = state.executor
            condition.unlock()
            guard let executor else { continue }
            for job in jobs { job.runSynchronously(on: executor) }
        }
    }
}
