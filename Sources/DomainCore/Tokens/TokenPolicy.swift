/// How the token manager treats tokens (BEHAVIOUR.md §4). Comes from the environment.
public struct TokenPolicy: Sendable, Hashable {
    /// How long a new token serves requests (the Cora backend: one minute).
    public var lifetime: Duration
    /// A token this close to expiry is refreshed before it is used, and the
    /// proactive refresh fires this long before expiry.
    public var refreshMargin: Duration
    /// At most this many refreshes within `refreshCapWindow`: a server that
    /// keeps refusing fresh tokens cannot drive the app into a refresh loop.
    public var maxRefreshesPerWindow: Int
    public var refreshCapWindow: Duration
    /// After a proactive refresh fails for network reasons, wait this long
    /// before trying again (the token may still be good meanwhile).
    public var proactiveRetryDelay: Duration

    public init(
        lifetime: Duration = .seconds(60),
        refreshMargin: Duration = .seconds(10),
        maxRefreshesPerWindow: Int = 6,
        refreshCapWindow: Duration = .seconds(60),
        proactiveRetryDelay: Duration = .seconds(5)
    ) {
        self.lifetime = lifetime
        self.refreshMargin = refreshMargin
        self.maxRefreshesPerWindow = maxRefreshesPerWindow
        self.refreshCapWindow = refreshCapWindow
        self.proactiveRetryDelay = proactiveRetryDelay
    }
}
