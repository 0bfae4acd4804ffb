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
    public var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
