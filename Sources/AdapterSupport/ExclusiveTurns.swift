import Dispatch
import Synchronization

/// One holder at a time, for the tasks of one process, first come first
/// served, with a limit on each wait: what an in-process store uses to keep
/// the `SessionDataStore.exclusively` promise (a file store adds the lock
/// other processes see).
///
/// A holder may suspend (a network call inside a transaction), so this is
/// no `Mutex`: a waiter is a suspended task, never a blocked thread.
///
/// A limit bounds the wait for one holder, as `SessionDataStore.exclusively`
/// promises ("a live holder kept the lock past `limit`"), never the wait
/// for a whole line: each hand-over starts every waiter's limit again, so
/// forty saves in line, each quick, all get their turn however long the
/// line takes on a busy machine. A waiter whose limit passes while one
/// holder keeps the turn leaves the line and is told so; the turn it would
/// have had goes to the next.
public final class ExclusiveTurns: Sendable {
    /// Calls its closure once `limit` has passed: the system's clock in an
    /// app, a hand a test fires when it chooses.
    package typealias LimitTimer = @Sendable (_ limit: Duration, _ passed: @escaping @Sendable () -> Void) -> Void

    private struct Waiter {
        let id: UInt64
        let limit: Duration
        /// The hand-overs counted when this waiter's limit last started.
        var handOversAtStart: UInt64
        let continuation: CheckedContinuation<Bool, Never>
    }

    /// Someone waiting to see `count` waiters in line (a test knowing a
    /// contender lined up, without watching a clock).
    private struct Watcher {
        let id: UInt64
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var held = false
        var line: [Waiter] = []
        var watchers: [Watcher] = []
        var lastID: UInt64 = 0
        /// How many times the turn has gone from one holder to the next.
        var handOvers: UInt64 = 0
        var lastHandOver = ContinuousClock.now

        /// Takes out the watchers whose count the line has reached.
        mutating func watchersSatisfied() -> [Watcher] {
            let satisfied = watchers.filter { $0.count <= line.count }
            watchers.removeAll { $0.count <= line.count }
            return satisfied
        }
    }

    private let state = Mutex(State())
    private let limitTimer: LimitTimer

    /// Turns no one holds yet, each wait's limit on the system's clock.
    public convenience init() {
        self.init(limitTimer: { limit, passed in
            DispatchQueue.global().asyncAfter(deadline: .now() + ExclusiveTurns.interval(limit), execute: passed)
        })
    }

    /// Turns whose limits `limitTimer` says have passed: a test's hand,
    /// firing them when it chooses, without a clock.
    package init(limitTimer: @escaping LimitTimer) {
        self.limitTimer = limitTimer
    }

    /// How many wait for the turn right now.
    public var waiting: Int { state.withLock { $0.line.count } }

    /// Returns once at least `count` wait for the turn, or when the calling
    /// task is cancelled: how a test knows a contender has lined up, by the
    /// event itself rather than by a deadline a busy machine can miss.
    public func untilWaiting(atLeast count: Int) async {
        let id = state.withLock { state -> UInt64 in
            state.lastID &+= 1
            return state.lastID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let reachedNow = state.withLock { state -> Bool in
                    if state.line.count >= count || Task.isCancelled { return true }
                    state.watchers.append(Watcher(id: id, count: count, continuation: continuation))
                    return false
                }
                if reachedNow { continuation.resume() }
            }
        } onCancel: {
            let watcher = state.withLock { state -> Watcher? in
                guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.watchers.remove(at: index)
            }
            watcher?.continuation.resume()
        }
    }

    /// Takes the turn, waiting at most `limit` for each holder ahead (on the
    /// system's clock: it bounds a wait for another holder, never for
    /// virtual time). Returns false when one holder kept the turn past the
    /// limit; the caller then has no turn.
    public func take(waitingAtMost limit: Duration) async -> Bool {
        // A free turn is taken under the lock alone: no continuation, no
        // suspension and no timer — the common case of a process that is
        // the store's only writer (a signed-in day's every refresh).
        let id = state.withLock { state -> UInt64? in
            if !state.held {
                state.held = true
                return nil
            }
            state.lastID &+= 1
            return state.lastID
        }
        guard let id else { return true }
        return await withCheckedContinuation { continuation in
            let (takenNow, satisfied) = state.withLock { state -> (Bool, [Watcher]) in
                if !state.held {
                    state.held = true
                    return (true, [])
                }
                state.line.append(
                    Waiter(id: id, limit: limit, handOversAtStart: state.handOvers, continuation: continuation))
                return (false, state.watchersSatisfied())
            }
            for watcher in satisfied { watcher.continuation.resume() }
            if takenNow {
                continuation.resume(returning: true)
                return
            }
            // Weakly: a timer kept by its owner (a test's hand) must not keep
            // the turns alive; a waiter's own call holds them while it waits.
            limitTimer(limit) { [weak self] in self?.limitPassed(for: id) }
        }
    }

    /// Gives the turn to the first in line, or frees it.
    public func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.line.isEmpty else {
                state.held = false
                return nil
            }
            state.handOvers &+= 1
            state.lastHandOver = .now
            return state.line.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }

    /// The limit of the waiter `id` has passed since it started. If the
    /// turn changed hands meanwhile, the limit starts again from that
    /// hand-over (what is left of it is waited for); if one holder kept
    /// the turn all along, the waiter leaves the line, told no. A waiter
    /// whose turn came first is no longer in line: nothing to do.
    private func limitPassed(for id: UInt64) {
        enum Next {
            case nothing
            case waitAgain(Duration)
            case giveUp(CheckedContinuation<Bool, Never>)
        }
        let next = state.withLock { state -> Next in
            guard let index = state.line.firstIndex(where: { $0.id == id }) else { return .nothing }
            let waiter = state.line[index]
            guard waiter.handOversAtStart == state.handOvers else {
                state.line[index].handOversAtStart = state.handOvers
                let left = waiter.limit - (ContinuousClock.now - state.lastHandOver)
                return .waitAgain(max(left, .zero))
            }
            state.line.remove(at: index)
            return .giveUp(waiter.continuation)
        }
        switch next {
        case .nothing: break
        case .waitAgain(let left): limitTimer(left) { [weak self] in self?.limitPassed(for: id) }
        case .giveUp(let continuation): continuation.resume(returning: false)
        }
    }

    private static func interval(_ limit: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = limit.components
        guard seconds >= 0 else { return .nanoseconds(0) }
        guard seconds < Int64(Int.max / 1_000_000_000) - 1 else { return .never }
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
