import Dispatch

/// Runs a virtual-time app's counted work on the main dispatch queue, where
/// the main actor already runs the app's screens, its session and its health
/// monitor: one job at a time, in the order queued.
///
/// Why: on virtual time nothing waits for real time, so the work gains
/// nothing from a second core, and every hop between threads cost a context
/// switch. A signed-in day (~1,700 refreshes, ~5,700 health polls) made some
/// 86,000 of them on Swift's cooperative pool, as each step went from the
/// clock's sleeper to the main actor, to the in-memory backend and the token
/// manager (default actors) and back, each time waking a thread that went
/// back to sleep at once. On one serial queue a hop is a job queued behind
/// the one running, taken by the thread already running it: the day makes
/// about 50.
///
/// `CountingTaskScheduler` starts its tasks preferring this executor
/// (SE-0417's `Task(executorPreference:)`) and the app's world passes time
/// preferring it too; the nonisolated async code and the default actors those
/// tasks call run here, main-actor code on the main actor — the same queue.
/// (On Linux the main queue is served by one of Dispatch's threads once
/// `dispatch_main` has parked the main thread; it is still one queue, run one
/// job at a time.)
///
/// Sound because the main queue is serial: a job runs alone, after the one
/// before it has returned, whether it was queued here or for the main actor;
/// `enqueue` never runs a job itself; and each job is run exactly once, by
/// the block `enqueue` queued for it, which also keeps the executor alive
/// until then.
///
/// The order in which jobs run changes nothing a test or a transcript sees:
/// the settle rule already makes every step wait for all the work it starts.
///
/// Needs a main queue that is served: the app's async `main` and the test
/// runner serve it, as they must for the main actor. Code that blocked the
/// main queue until this work finished would wait for ever; nothing does (the
/// app reads its input off the main queue).
public final class VirtualTimeExecutor: TaskExecutor {
    /// An executor for one world's virtual time; it holds no thread of its own.
    public init() {}

    /// Queues `job` on the main queue, to run once its turn comes (never here).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        DispatchQueue.main.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
