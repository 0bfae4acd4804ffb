public import Ports
import Synchronization

/// A `SignOutLedger` in this process's memory: made once per world, beside the
/// in-memory store, so it outlives a relaunch as that store does.
///
/// Switch for tests: `simulateUnavailable` (marks and clears fail, and
/// `isPending` answers true, as the port says of a ledger it cannot read).
public final class InMemorySignOutLedger: SignOutLedger {
    private struct State {
        var pending = false
        var unavailable = false
    }

    private let state = Mutex(State())

    public init(pending: Bool = false) {
        state.withLock { $0.pending = pending }
    }

    /// Makes the ledger unreachable (true) or reachable again (false).
    public func simulateUnavailable(_ unavailable: Bool) {
        state.withLock { $0.unavailable = unavailable }
    }

    public func isPending() async -> Bool {
        state.withLock { $0.pending || $0.unavailable }
    }

    public func markPending() async throws(SessionStoreError) {
        try update(to: true)
    }

    public func clear() async throws(SessionStoreError) {
        try update(to: false)
    }

    private func update(to pending: Bool) throws(SessionStoreError) {
        let written: Bool = state.withLock { state in
            guard !state.unavailable else { return false }
            state.pending = pending
            return true
        }
        guard written else { throw .unavailable("the sign-out ledger is unavailable") }
    }
}
