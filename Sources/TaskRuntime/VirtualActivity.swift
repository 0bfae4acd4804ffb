public import Ports
import Synchronization

/// Counts the work of a virtual-time app that can run right now, so a headless
/// runner can wait until all of it has finished or is waiting — on the
/// `ManualClock`, on a hanging request, or on other work that is. That is the
/// settle rule (docs/spec/script-language.md, "Rules of a script"), made exact:
/// no timing, no polling.
///
/// Tasks started by `CountingTaskScheduler` are counted; they carry a task-local
/// mark so that parking (a clock sleep, a join, a hang) is counted only for
/// them. Code that is not counted — a test, the runner itself — may wait on
/// the same primitives without disturbing the count.
///
/// A counted task can also *lend* its count to a server in the same process
/// (a handoff): an HTTP request to an in-process `ReferenceServer` keeps its
/// task's count while the server works on it, and when the server parks that
/// work on the clock or in a hang, the request counts as waiting. Without it a
/// request the server delays on virtual time would look busy forever.
public final class VirtualActivity: ActivityCounter {
    /// The HTTP header that carries a handoff from client to server.
    public static let handoffHeader = "X-Gatehouse-Handoff"

    /// Whose count the current task's parking moves.
    enum Context {
        /// A task the scheduler started: its own count.
        case task
        /// A server working on a request: the count its client lent.
        case handoff(UInt64)
    }

    @TaskLocal static var context: Context?

    /// One lent count. While the server works on the request the count
    /// stands for that work; once the client has it back, or has gone away,
    /// the handoff ends.
    private struct Handoff {
        /// The server's work is parked (or was, and has not done anything since
        /// its resumer counted it back).
        var parked = false
        /// The client went away while the server's work was parked: the client
        /// took a count of its own, so the server's work, once resumed, holds
        /// one count too much until it finishes.
        var clientGone = false
        /// Cancels the server's work on the request, once it has begun.
        var cancelServerWork: (@Sendable () -> Void)?
    }

    private struct State {
        var runnable = 0
        var live = 0
        var idleWaiters: [CheckedContinuation<Void, Never>] = []
        var nextHandoff: UInt64 = 0
        var handoffs: [UInt64: Handoff] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    public func willStart() {
        change { state in
            state.live += 1
            state.runnable += 1
        }
    }

    public func didFinish() {
        change { state in
            state.live -= 1
            state.runnable -= 1
        }
    }

    public func willResume(_ count: Int) { change { $0.runnable += count } }

    public func willPark() -> Bool {
        switch Self.context {
        case nil:
            return false
        case .task:
            change { $0.runnable -= 1 }
            return true
        case .handoff(let id):
            return change { state in
                guard state.handoffs[id] != nil else { return false }
                state.handoffs[id]?.parked = true
                state.runnable -= 1
                return true
            }
        }
    }

    /// How many tasks the scheduler started have not finished (running or
    /// parked): what tests count to prove nothing is left behind.
    public var liveTaskCount: Int { state.withLock { $0.live } }

    /// How many counted tasks can run right now.
    public var runnableCount: Int { state.withLock { $0.runnable } }

    /// How many handoffs have not ended.
    public var openHandoffCount: Int { state.withLock { $0.handoffs.count } }

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
        await Self.$context.withValue(.task) { await operation() }
    }

    // MARK: - Handoffs

    /// The calling task lends its count to the request it is about to send:
    /// the number to send in `handoffHeader`, or nil when the task is not
    /// counted (nothing to lend). The count does not change.
    public func lend() -> UInt64? {
        guard case .task = Self.context else { return nil }
        return state.withLock { state in
            state.nextHandoff += 1
            state.handoffs[state.nextHandoff] = Handoff()
            return state.nextHandoff
        }
    }

    /// The client has its answer, or failed, or gave up: it takes its count
    /// back. Called by the client's task, or synchronously by whoever cancels
    /// it, before it can run. When the server's work is parked, the client
    /// takes a new count and the server's work keeps the lent one until it
    /// finishes. Ending a handoff twice, or one never lent, does nothing.
    ///
    /// A client that goes away before its answer is a hang-up: the server's
    /// work is cancelled here and now, so it is abandoned before it takes
    /// effect (a refresh the app gave up is not done behind its back), and the
    /// runner waits for it like any other work.
    public func takeBack(_ id: UInt64) {
        let cancel: (@Sendable () -> Void)? = change { state in
            guard let handoff = state.handoffs[id], !handoff.clientGone else { return nil }
            if handoff.parked {
                state.runnable += 1
                state.handoffs[id]?.clientGone = true
            } else {
                state.handoffs[id] = nil
            }
            return handoff.cancelServerWork
        }
        cancel?()
    }

    /// Runs a server's work on a request whose client lent its count (`id`
    /// from `handoffHeader`): its parking is the client's, and it is
    /// cancelled if the client takes its count back first (or already has).
    /// An id this counter never lent runs uncounted. The work runs on
    /// `executor` when one is given (an unstructured task does not inherit
    /// its caller's executor preference): a server that answers on a thread
    /// of its own keeps the work there.
    public func serve<Success: Sendable>(
        handoff id: UInt64, on executor: (any TaskExecutor)? = nil, _ operation: @escaping @Sendable () async -> Success
    ) async -> Success {
        let work = Task(executorPreference: executor) {
            await Self.$context.withValue(.handoff(id)) { await operation() }
        }
        let clientGone = state.withLock { state in
            guard state.handoffs[id] != nil else { return id <= state.nextHandoff }
            state.handoffs[id]?.cancelServerWork = { work.cancel() }
            return false
        }
        if clientGone { work.cancel() }
        let value = await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        change { state in
            guard let handoff = state.handoffs[id] else { return }
            if handoff.clientGone {
                // Resumed after its client went: it held a count of its own.
                state.runnable -= 1
                state.handoffs[id] = nil
            } else {
                // The answer is on its way: the count waits for the client.
                state.handoffs[id]?.parked = false
                state.handoffs[id]?.cancelServerWork = nil
            }
        }
        return value
    }

    // MARK: - Counting

    @discardableResult
    private func change<Result>(_ body: (inout State) -> Result) -> Result {
        let (result, waiters): (Result, [CheckedContinuation<Void, Never>]) = state.withLock { state in
            let result = body(&state)
            guard state.runnable <= 0, !state.idleWaiters.isEmpty else { return (result, []) }
            defer { state.idleWaiters = [] }
            return (result, state.idleWaiters)
        }
        waiters.forEach { $0.resume() }
        return result
    }
}
