public import Ports
import Synchronization

/// Counts the work of a virtual-time app that can run right now, so a
/// headless runner can wait until all of it has finished or is waiting — on
/// the `ManualClock`, on a hanging request, or on other work that is. That is
/// APP.md's settle rule, made exact: no timing, no polling.
///
/// Tasks started by `VirtualTaskScheduler` are counted; they carry a task-local
/// mark so that parking (a clock sleep, a join, a hang) is counted only for
/// them. Code that is not counted — a test, the runner itself — may wait on
/// the same primitives without disturbing the count.
public final class VirtualActivity: ActivityCounter {
    @TaskLocal static var isCounted = false

    private struct State {
        var runnable = 0
        var live = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    public init() {}

    public func willStart() {
        state.withLock { $0.live += 1 }
        add(1)
    }

    public func didFinish() {
        state.withLock { $0.live -= 1 }
        add(-1)
    }
    public func willResume(_ count: Int) { add(count) }

    public func willPark() -> Bool {
        guard Self.isCounted else { return false }
        add(-1)
        return true
    }

    /// How many tasks the scheduler started have not finished (running or
    /// parked): what tests count to prove nothing is left behind.
    public var liveTaskCount: Int { state.withLock { $0.live } }

    /// How many counted tasks can run right now.
    public var runnableCount: Int { state.withLock { $0.runnable } }

    /// Returns once no counted task can run: every one has finished or is parked.
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.runnable <= 0 { return true }
                state.idleWaiters.append(continuation)
                return false
            }
            if idle { continuation.resume() }
        }
    }

    /// Runs `operation` as counted work (for the scheduler's tasks).
    func runCounted<Success: Sendable>(_ operation: @Sendable () async -> Success) async -> Success {
        await Self.$isCounted.withValue(true) { await operation() }
    }

    private func add(_ delta: Int) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.runnable += delta
            guard state.runnable <= 0 else { return [] }
            defer { state.idleWaiters = [] }
            return state.idleWaiters
        }
        waiters.forEach { $0.resume() }
    }
}
