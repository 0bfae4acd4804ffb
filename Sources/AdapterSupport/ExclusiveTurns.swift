import Dispatch
import Synchronization

/// One holder at a time, for the tasks of one process, first come first
/// served, with a limit on each wait: what an in-process store uses to keep
/// the `SessionDataStore.exclusively` promise (a file store adds the lock
/// other processes see).
///
/// A holder may suspend (a network call inside a transaction), so this is
/// no `Mutex`: a waiter is a suspended task, never a blocked thread. A
/// waiter whose limit passes first leaves the line and is told so; the turn
/// it would have had goes to the next.
public final class ExclusiveTurns: Sendable {
    private struct Waiter {
        let id: UInt64
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

        /// Takes out the watchers whose count the line has reached.
        mutating func watchersSatisfied() -> [Watcher] {
            let satisfied = watchers.filter { $0.count <= line.count }
            watchers.removeAll { $0.count <= line.count }
            return satisfied
        }
    }

    private let state = Mutex(State())

    /// Turns no one holds yet.
    public init() {}

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

    /// Takes the turn, waiting at most `limit` (on the system's clock: it
    /// bounds a wait for another holder, never for virtual time). Returns
    /// false when the limit passed first; the caller then has no turn.
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
                state.line.append(Waiter(id: id, continuation: continuation))
                return (false, state.watchersSatisfied())
            }
            for watcher in satisfied { watcher.continuation.resume() }
            if takenNow {
                continuation.resume(returning: true)
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(limit)) {
                self.giveUp(id)
            }
        }
    }

    /// Gives the turn to the first in line, or frees it.
    public func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.line.isEmpty else {
                state.held = false
                return nil
            }
            return state.line.removeFirst()
        }
        next?.continuation.resume(returning: true)
    }

    /// The waiter `id` is out of time: out of the line, told no — unless its
    /// turn came first.
    private func giveUp(_ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            guard let index = state.line.firstIndex(where: { $0.id == id }) else { return nil }
            return state.line.remove(at: index)
        }
        waiter?.continuation.resume(returning: false)
    }

    private static func interval(_ limit: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = limit.components
        guard seconds >= 0 else { return .nanoseconds(0) }
        guard seconds < Int64(Int.max / 1_000_000_000) - 1 else { return .never }
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
