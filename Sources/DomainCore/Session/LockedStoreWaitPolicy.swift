/// How long a launch waits for a session store that is locked
/// (docs/spec/root-screen-and-bootstrap.md §2): a keychain before the
/// device's first unlock answers "unavailable", and opens by itself a moment
/// later. The launch reads the store again every `retryInterval` until it
/// opens or `timeLimit` has passed, then shows what a store that cannot be
/// read shows (`sessionExpired(storageUnavailable)`).
public struct LockedStoreWaitPolicy: Sendable, Hashable {
    /// Every second: a store that opens is noticed within a second, and a
    /// second read costs the device nothing.
    public static let defaultRetryInterval: Duration = .seconds(1)
    /// Thirty seconds: long enough for a device being unlocked, short enough
    /// that a store that stays locked is said to the person soon.
    public static let defaultTimeLimit: Duration = .seconds(30)
    /// The shortest interval, whatever a caller asks: an interval of zero
    /// must not make the launch read the store in a tight loop.
    public static let shortestRetryInterval: Duration = .milliseconds(100)

    /// The time between two reads of a store still locked.
    public let retryInterval: Duration
    /// How long the launch waits, from its first read, before it gives up.
    public let timeLimit: Duration

    /// - Parameters:
    ///   - retryInterval: `defaultRetryInterval` unless a test says
    ///     otherwise; never shorter than `shortestRetryInterval`.
    ///   - timeLimit: `defaultTimeLimit` unless a test says otherwise;
    ///     zero (or less) gives up at once, as before this wait existed.
    public init(retryInterval: Duration = Self.defaultRetryInterval, timeLimit: Duration = Self.defaultTimeLimit) {
        self.retryInterval = max(retryInterval, Self.shortestRetryInterval)
        self.timeLimit = max(timeLimit, .zero)
    }

    /// The reads after the first one a launch makes at most: one every
    /// `retryInterval` until `timeLimit` (30 with the defaults), so the wait
    /// is bounded in reads as well as in time.
    public var retriesAtMost: Int {
        Int((timeLimit / retryInterval).rounded(.up))
    }
}
