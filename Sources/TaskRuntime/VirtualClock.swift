public import Ports

/// A clock whose time moves only when it is told to: virtual time. A world
/// whose clock plugin makes one (`WorldClock.virtual`) lets time pass by
/// calling `pass`, so a script's `wait 1h` runs every poll and refresh due in
/// the hour, in order, at once. Shipping code names only this protocol; the
/// clock tests and acceptance runs use, `ManualClock`, is in the testing
/// product `VirtualTime`.
public protocol VirtualClock: Clock {
    /// Lets `duration` pass: time steps from deadline to deadline within
    /// the span, and `settle` runs before the first step and after each, so
    /// every sleeper due in the span wakes — and whatever it starts finishes
    /// or parks — before the next one is due. Time stops early at the first
    /// step after which `holds` is true, and where it stands when the
    /// calling task is cancelled (everything due until then has run).
    func pass(
        _ duration: Duration, settling settle: @Sendable () async -> Void,
        until holds: @Sendable () async -> Bool
    ) async
}
