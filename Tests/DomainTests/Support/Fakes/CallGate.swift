/// Holds a fake's calls open until the test lets them go, so a test can look
/// at a view model while its call is in flight. Every wait is on a
/// continuation: nothing sleeps or polls.
@MainActor
final class CallGate {
    private var isHolding = false
    private var held: [CheckedContinuation<Void, Never>] = []
    private var heldWaiters: [CheckedContinuation<Void, Never>] = []

    /// Calls that arrive from now on wait until `release()`.
    func hold() { isHolding = true }

    /// Lets every held call go on, and stops holding.
    func release() {
        isHolding = false
        let waiting = held
        held = []
        waiting.forEach { $0.resume() }
    }

    /// Returns once a call is held at the gate.
    func waitUntilACallIsHeld() async {
        if !held.isEmpty { return }
        await withCheckedContinuation { heldWaiters.append($0) }
    }

    /// Where a fake's call passes: it waits here while the gate holds.
    func pass() async {
        guard isHolding else { return }
        await withCheckedContinuation { continuation in
            held.append(continuation)
            let waiters = heldWaiters
            heldWaiters = []
            waiters.forEach { $0.resume() }
        }
    }
}
