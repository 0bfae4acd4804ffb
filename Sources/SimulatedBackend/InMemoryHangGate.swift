import Ports
import Synchronization

/// Holds hanging requests until their caller is cancelled or the backend
/// releases them. A lock rather than the actor, because a task's
/// cancellation handler runs synchronously and cannot await the actor.
///
/// A request `enter`s before it can be released (synchronously, while the
/// backend admits it), then `hang`s; a release or cancellation that lands in
/// between is remembered, so no outcome is lost to scheduling.
final class InMemoryHangGate: Sendable {
    private struct State {
        var nextID: UInt64 = 0
        /// Entered, not yet suspended.
        var entered: Set<UInt64> = []
        /// Outcomes that arrived before the request suspended: true = released.
        var earlyOutcomes: [UInt64: Bool] = [:]
        var suspended: [UInt64: (continuation: CheckedContinuation<Bool, Never>, counted: Bool)] = [:]
    }

    private let state = Mutex(State())
    /// Told when a request parks here and before it is let go, so a virtual
    /// runner counts a hanging request as idle.
    private let activity: (any ActivityCounter)?

    init(activity: (any ActivityCounter)?) {
        self.activity = activity
    }

    func enter() -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.entered.insert(state.nextID)
            return state.nextID
        }
    }

    /// Returns true when released, false when the calling task was cancelled.
    func hang(_ id: UInt64) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let early: Bool? = state.withLock { state in
                    state.entered.remove(id)
                    if let outcome = state.earlyOutcomes.removeValue(forKey: id) { return outcome }
                    state.suspended[id] = (continuation, activity?.willPark() ?? false)
                    return nil
                }
                if let early { continuation.resume(returning: early) }
            }
        } onCancel: {
            let parked = state.withLock { state in
                if let parked = state.suspended.removeValue(forKey: id) { return Optional(parked) }
                if state.entered.contains(id), state.earlyOutcomes[id] == nil { state.earlyOutcomes[id] = false }
                return nil
            }
            guard let parked else { return }
            if parked.counted { activity?.willResume(1) }
            parked.continuation.resume(returning: false)
        }
    }

    /// Forgets a request that entered but will not hang after all (its caller
    /// went away during a preceding delay).
    func abandon(_ id: UInt64) {
        state.withLock { state in
            state.entered.remove(id)
            state.earlyOutcomes.removeValue(forKey: id)
        }
    }

    /// Lets every hanging request go on, including any about to hang.
    func releaseAll() {
        let released = state.withLock { state in
            for id in state.entered where state.earlyOutcomes[id] == nil {
                state.earlyOutcomes[id] = true
            }
            let parked = Array(state.suspended.values)
            state.suspended.removeAll()
            return parked
        }
        let counted = released.filter(\.counted).count
        if counted > 0 { activity?.willResume(counted) }
        released.forEach { $0.continuation.resume(returning: true) }
    }

    var hangingCount: Int {
        state.withLock { $0.suspended.count + $0.entered.count }
    }
}
