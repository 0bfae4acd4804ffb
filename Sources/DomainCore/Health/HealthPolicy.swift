/// How often the health monitor asks (docs/spec/health.md): a steady interval
/// in the foreground, and a burst of quicker checks on returning to the
/// foreground, when the network has most likely just changed.
public struct HealthPolicy: Sendable, Hashable {
    /// The steady interval (the environment's; 15 s by default).
    public var pollInterval: Duration
    /// The interval during a burst.
    public var burstInterval: Duration
    /// How long a burst lasts after returning to the foreground.
    public var burstDuration: Duration

    /// The steady interval when nothing says otherwise. Environments start
    /// from this value too, so the default is written once.
    public static let defaultPollInterval: Duration = .seconds(15)

    /// A policy with the given intervals.
    ///
    /// - Parameters:
    ///   - pollInterval: the steady interval; 15 s by default.
    ///   - burstInterval: the interval during a burst; 3 s by default.
    ///   - burstDuration: how long a burst lasts; 30 s by default.
    public init(
        pollInterval: Duration = HealthPolicy.defaultPollInterval, burstInterval: Duration = .seconds(3),
        burstDuration: Duration = .seconds(30)
    ) {
        self.pollInterval = pollInterval
        self.burstInterval = burstInterval
        self.burstDuration = burstDuration
    }
}
