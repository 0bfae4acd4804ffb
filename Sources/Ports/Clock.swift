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

    /// Calls `action` once `now()` has reached `deadline`, unless the alarm
    /// is cancelled first: a timer for a wait that is raced against
    /// something else (`RequestDeadline`), so that the race costs no counted
    /// task (on a virtual clock, no task at all).
    ///
    /// `action` runs at most once, wherever the clock's time reaches the
    /// deadline (a virtual clock: inside the call that moves time there, in
    /// deadline order with its sleepers; the system clock: a task of its own
    /// on Swift's cooperative pool), so it must be short and must not block. When
    /// `deadline` is not after `now()` it runs at once, before `alarm`
    /// returns. A virtual clock counts a pending alarm among its sleepers.
    ///
    /// - Returns: the alarm; `cancel()` it to stop `action` from running
    ///   (cancelling an alarm that already ran does nothing).
    func alarm(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> any ClockAlarm
}

/// A pending `Clock.alarm`.
public protocol ClockAlarm: Sendable {
    /// Stops the alarm's action from running: cancelled before its
    /// deadline, the action never runs; cancelled as its deadline comes, it
    /// may still run, once.
    func cancel()
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
        Self.double(attoseconds) / 1e18
    }

    /// `Double(value)`, rounded the same way, without the standard library's
    /// generic conversion of a 128-bit integer (thousands of instructions a
    /// call): the magnitude's top 64 bits, with a sticky bit standing for
    /// every bit below them, convert to the same nearest double as the whole
    /// number (53 bits are kept, so rounding is decided well above the
    /// sticky bit), and scaling by a power of two is exact.
    static func double(_ value: Int128) -> Double {
        if let small = Int64(exactly: value) { return Double(small) }
        let magnitude = value.magnitude
        let shift = 64 - magnitude.leadingZeroBitCount
        let top = UInt64(truncatingIfNeeded: magnitude >> shift)
        let sticky: UInt64 = magnitude & ((1 << shift) - 1) == 0 ? 0 : 1
        let converted = Double(top | sticky) * Double(sign: .plus, exponent: shift, significand: 1)
        return value < 0 ? -converted : converted
    }
}
