import Foundation
import Synchronization

import OperatingSystem

/// Runs the async work of one connection's request on that connection's own
/// thread, so an answer never waits for a thread of Swift's cooperative pool.
///
/// That pool has as many threads as the machine has cores (two on a small CI
/// machine); when other work keeps them busy, a request routed through
/// `Task {}` waits for one however idle the server is, and its client times
/// out. Here the router's task prefers this executor (SE-0417's
/// `Task(executorPreference:)`): its jobs, and those of the default actors it
/// calls into (the backend), are queued here and run by the connection thread
/// in `serve(_:watching:)`, the same loop that watches the connection for a
/// hang-up. Time passing on a clock, a hang released, another connection
/// leaving the backend: each only queues a job here and wakes that loop.
///
/// A job that arrives while no request is being served — the rare actor that
/// reschedules itself onto the executor it last ran on after the answer is
/// out — is run on a thread of its own, never left queued with nobody to run it.
final class ConnectionExecutor: TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        /// Whether the connection thread is in `serve` and will run what is queued.
        var serving = false
    }

    private let queue = Mutex(Queue())
    /// A pipe that is readable when jobs are queued: the connection thread
    /// waits on it with `poll`, together with the client's socket.
    private let wakeReader: Int32
    private let wakeWriter: Int32

    /// Nil when no pipe can be made (no descriptors left).
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        wakeReader = ends[0]
        wakeWriter = ends[1]
        // Never block: a writer finding the pipe full knows a wake-up is
        // already pending, and the reader empties it without waiting. Close-on-
        // exec: no process the server's process starts holds the pipe open.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, fcntl(end, F_GETFD) | FD_CLOEXEC)
        }
    }

    deinit {
        close(wakeReader)
        close(wakeWriter)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = queue.withLock { queue in
            guard queue.serving else { return false }
            queue.jobs.append(job)
            return true
        }
        if queued {
            var byte: UInt8 = 1
            _ = write(wakeWriter, &byte, 1)
        } else {
            runOnThreadOfItsOwn([job])
        }
    }

    /// Starts `operation` in a task that prefers this executor and runs its
    /// jobs on the calling thread until it has finished, meanwhile watching
    /// `client` for a hang-up: the first time the client closes its end, the
    /// task is cancelled (and still run to its end). Returns its result.
    func serve<Success: Sendable>(
        _ operation: @escaping @Sendable () async -> Success, watching client: Int32
    ) -> Success {
        let outcome = Mutex<Success?>(nil)
        queue.withLock { $0.serving = true }
        let work = Task(executorPreference: self) {
            let value = await operation()
            outcome.withLock { $0 = value }
        }
        // The peer closed its end (Linux's POLLRDHUP; the seam says each platform's).
        let peerClosed = Platform.peerClosedPollEvent
        var watching = true
        while true {
            runQueuedJobs()
            if let value = outcome.withLock({ $0 }) {
                // Jobs queued after the last one (an actor letting go of this
                // thread) run elsewhere from now on; those already here run now.
                let leftovers = queue.withLock { queue in
                    queue.serving = false
                    defer { queue.jobs = [] }
                    return queue.jobs
                }
                for job in leftovers { job.runSynchronously(on: asUnownedTaskExecutor()) }
                return value
            }
            var descriptors = [
                pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0),
                pollfd(fd: client, events: peerClosed, revents: 0),
            ]
            let count = poll(&descriptors, watching ? 2 : 1, -1)
            if count < 0 { continue }  // EINTR, or ENOMEM (transient): two valid descriptors cannot fail otherwise
            if watching, descriptors[1].revents != 0 {
                work.cancel()
                watching = false
            }
        }
    }

    /// Empties the wake-up pipe, then runs every job queued by then.
    private func runQueuedJobs() {
        var drained = [UInt8](repeating: 0, count: 64)
        while read(wakeReader, &drained, drained.count) > 0 {}
        let jobs = queue.withLock { queue in
            defer { queue.jobs = [] }
            return queue.jobs
        }
        for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    private func runOnThreadOfItsOwn(_ jobs: [UnownedJob]) {
        let executor = asUnownedTaskExecutor()
        let thread = Thread {
            for job in jobs { job.runSynchronously(on: executor) }
        }
        thread.stackSize = 256 * 1024
        thread.start()
    }
}
