import AdapterSupport
import Dispatch
import OperatingSystem
import Synchronization

/// A wait for the exclusive `flock` another process holds on the store's lock
/// file, in a blocking `flock` on a thread of its own — outside Swift's pool,
/// which a blocked call would starve — so the kernel hands the lock over the
/// moment its holder lets go, and the waiter spends no CPU meanwhile.
///
/// Polling instead (trying, then sleeping up to 1 ms) cost eight processes
/// that refreshed at once on two cores about 0.9 ms at p50 (the `processes`
/// bench, the lock's own cost at K = 8, fourteen runs each, alternating:
/// median 5.3 ms polling, 4.4 ms blocking): each waiter learned late that
/// the lock was free, and waking to look took the CPU the holder needed.
/// Polling faster made it worse (7–9 ms), polling slower no better.
///
/// A wait that gives up (its limit passed) leaves
/// its thread blocked until the holder lets go; then that thread closes the
/// descriptor, which lets the lock go at once. The caller must not touch the
/// descriptor after giving up. So that a process that never lets go cannot
/// pile up blocked threads, the store waits this way only while no earlier
/// wait of its own is still blocked, and polls otherwise.
final class LockFileWait: Sendable {
    /// What a wait learns of the lock's holder as it goes on.
    enum HolderCheck: Sendable {
        /// The holder is stopped: the wait ends now.
        case stopped
        /// The lock changed hands since the last look: the limit starts again.
        case handedOver
        /// The same holder keeps it.
        case same
    }

    private enum State {
        /// The thread is in `flock`; nobody waits for the outcome yet.
        case blocked
        /// The thread is in `flock`; the caller waits for the outcome.
        case awaited(CheckedContinuation<Bool, Never>)
        /// `flock` returned, and nobody has taken the outcome yet: true when
        /// the lock is held (the descriptor open), false when `flock`
        /// failed (the descriptor closed already).
        case finished(Bool)
        /// The outcome went to the caller: the descriptor is the caller's
        /// if it was `true`.
        case delivered
        /// The caller gave up: whoever sees `flock` return closes the descriptor.
        case abandoned
    }

    /// How often a wait asks whether to give up before its limit.
    static let holderCheckInterval: Duration = .milliseconds(100)

    private let descriptor: Int32
    private let state = Mutex(State.blocked)
    /// Told on the wait's thread once `flock` has returned, whatever came of
    /// it, and the outcome is delivered (or the descriptor closed).
    private let onFlockReturned: @Sendable () -> Void

    /// Starts the blocking `flock` on `descriptor` at once.
    init(descriptor: Int32, onFlockReturned: @escaping @Sendable () -> Void) {
        self.descriptor = descriptor
        self.onFlockReturned = onFlockReturned
        // A serial queue of its own runs on libdispatch's overcommit threads,
        // never on the pool Swift's tasks share.
        DispatchQueue(label: "gatehouse.session-store.lock-wait").async { [self] in block() }
    }

    /// Whether the lock was taken within `limit`. When false (the limit
    /// passed, or `flock` failed) the descriptor is no longer the caller's:
    /// it is closed here or by the wait's thread. The caller's cancellation
    /// does not end the wait — a store that gave up its lock on
    /// cancellation would have its caller go on without it — as it never
    /// did when the store polled.
    ///
    /// `holder` is asked every `holderCheckInterval` meanwhile; the wait
    /// ends, as at its limit, the first time it answers `.stopped` (the
    /// holder would not let go before the limit anyway), and its limit
    /// starts again when it answers `.handedOver`: the limit is for one
    /// holder, not for a line of them.
    func taken(within limit: Duration, holder: @escaping @Sendable () -> HolderCheck = { .same }) async -> Bool {
        // A timer of its own: a child task would be cancelled with its parent.
        let timer = Task { [self] in
            var end = ContinuousClock.now + limit
            while !Task.isCancelled {
                let left = end - ContinuousClock.now
                guard left > .zero else { break }
                try? await Task.sleep(for: min(left, Self.holderCheckInterval))
                if Task.isCancelled { return }
                switch holder() {
                case .stopped:
                    abandon()
                    return
                case .handedOver: end = ContinuousClock.now + limit
                case .same: break
                }
            }
            if !Task.isCancelled { abandon() }
        }
        let taken = await outcome()
        timer.cancel()
        return taken
    }

    /// The outcome of `flock`, or false once the wait is abandoned.
    private func outcome() async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let now: Bool? = state.withLock { state in
                switch state {
                case .blocked:
                    state = .awaited(continuation)
                    return nil
                case .finished(let taken):
                    state = .delivered
                    return taken
                case .awaited, .delivered, .abandoned:
                    return false
                }
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    /// Gives up the wait. A lock granted but not yet delivered is let go
    /// here; one granted later, by the wait's thread.
    private func abandon() {
        let (waiter, closeNow): (CheckedContinuation<Bool, Never>?, Bool) = state.withLock { state in
            switch state {
            case .blocked:
                state = .abandoned
                return (nil, false)
            case .awaited(let continuation):
                state = .abandoned
                return (continuation, false)
            case .finished(let taken):
                state = .abandoned
                return (nil, taken)
            case .delivered, .abandoned:
                return (nil, false)
            }
        }
        waiter?.resume(returning: false)
        if closeNow { close(descriptor) }
    }

    /// On the wait's own thread: blocks in `flock`, then hands the outcome
    /// to the caller, or closes the descriptor if the caller gave up.
    private func block() {
        var taken = true
        do throws(POSIXFile.Failure) {
            try POSIXFile.exclusiveLock(descriptor)
        } catch {
            taken = false
            close(descriptor)
        }
        defer { onFlockReturned() }
        let (waiter, abandoned): (CheckedContinuation<Bool, Never>?, Bool) = state.withLock { state in
            switch state {
            case .blocked:
                state = .finished(taken)
                return (nil, false)
            case .awaited(let continuation):
                state = .delivered
                return (continuation, false)
            case .abandoned:
                return (nil, true)
            case .finished, .delivered:
                return (nil, false)
            }
        }
        // Closing the descriptor lets the lock go at once.
        if abandoned, taken { close(descriptor) }
        waiter?.resume(returning: taken)
    }
}
