public import Foundation

/// Time, for everything in Gatehouse that reads it or waits on it. The core
/// never calls `Date()` or `Task.sleep` itself, so tests run on virtual time.
/// (In modules that import `Ports` this name shadows the standard library's
/// `Clock`; write `Swift.Clock` for that one.)
public protocol Clock: Sendable {
    /// The current time. It never goes backwards.
    func now() -> Date

    /// Waits until `now()` has reached `deadline`.
    ///
    /// Returns at once when the deadline is not after `now()`; otherwise it
    /// returns once `now()` has reached the deadline. Sleepers whose deadlines
    /// differ wake in deadline order.
    ///
    /// - Throws: `CancellationError` at once when the sleeping task is
    ///   cancelled, whatever the clock's time.
    func sleep(until deadline: Date) async throws(CancellationError)
}

extension Clock {
    /// Sleeps for `duration` from now.
    public func sleep(for duration: Duration) async throws(CancellationError) {
        try await sleep(until: now().addingTimeInterval(duration.timeInterval))
    }
}

extension Duration {
    /// The duration in seconds, for `Date` arithmetic.
    ///
    /// From the one 128-bit count of attoseconds, not `components`: splitting
    /// it into seconds and attoseconds divides a 128-bit number, hundreds of
    /// instructions, and the system clock's `now()` — every authorised call
    /// asks it — comes through here.
    public var timeInterval: TimeInterval {
        TimeInterval(attoseconds) / 1e18
    }
}
