import Dispatch
import Synchronization

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
/// Its jobs wait in a line of its own, and one block on the main queue runs
/// them in order, as many as come, up to `jobsPerTurn`, before it lets the
/// main queue's other work (the main actor's jobs) have a turn: a hop is a
/// job appended under a lock, not a block copied and queued — a signed-in
/// day queues some 120,000 jobs, nearly all while a turn is running, since
/// each job queues the next.
///
/// Sound because the main queue is serial: a turn runs alone, its jobs one
/// after another, each after the one before it has returned, whether the
/// main actor's jobs run between turns or not; `enqueue` never runs a job
/// itself; each job is taken from the line once, under the lock, and run
/// once. The line holds jobs, never the executor: a queued turn keeps the
/// executor alive until it has run.
///
/// The order in which jobs run changes nothing a test or a transcript sees:
/// the settle rule already makes every step wait for all the work it starts.
///
/// Needs a main queue that is served: the app's async `main` and the test
/// runner serve it, as they must for the main actor. Code that blocked the
/// main queue until this work finished would wait for ever; nothing does (the
/// app reads its input off the main queue).
public final class VirtualTimeExecutor: TaskExecutor {
    /// The jobs waiting, first at `next`, and whether a turn is queued or
    /// running (it takes every job appended meanwhile).
    private struct Line {
        var jobs: [UnownedJob] = []
        var next = 0
        var turnQueued = false
    }

    /// Jobs a turn runs at most before the main actor's jobs have their turn.
    static let jobsPerTurn = 64

    private let line = Mutex(Line())

    /// An executor for one world's virtual time; it holds no thread of its own.
    public init() {}

    /// Puts `job` in line, to run in its turn on the main queue (never here).
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queuesATurn = line.withLock { line in
            line.jobs.append(job)
            defer { line.turnQueued = true }
            return !line.turnQueued
        }
        if queuesATurn { DispatchQueue.main.async { self.runATurn() } }
    }

    /// Runs the jobs in line, in order, up to `jobsPerTurn`; queues another
    /// turn behind the main queue's other work if jobs are still waiting.
    private func runATurn() {
        for _ in 0..<Self.jobsPerTurn {
            guard let job = nextJob() else { return }
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
        let more = line.withLock { line in
            line.jobs.removeFirst(line.next)
            line.next = 0
            line.turnQueued = !line.jobs.isEmpty
            return line.turnQueued
        }
        if more { DispatchQueue.main.async { self.runATurn() } }
    }

    /// The first job in line, taken out; nil (and no turn queued) when none waits.
    private func nextJob() -> UnownedJob? {
        line.withLock { line in
            guard line.next < line.jobs.count else {
                line.jobs.removeAll(keepingCapacity: true)
                line.next = 0
                line.turnQueued = false
                return nil
            }
            defer { line.next += 1 }
            return line.jobs[line.next]
        }
    }
}
