/// What the backend has seen since it started or was last reset — the body of
/// the control API's `GET /_control/metrics`.
public struct BackendMetrics: Sendable, Equatable {
    /// Requests per route string (`BackendRoute`), counting failed and faulted ones.
    public var requests: [String: Int]
    /// Successful sign-ins.
    public var logins: Int
    /// Successful refreshes.
    public var refreshes: Int
    /// Refreshes the backend refused (invalid, expired, inactive, deleted).
    public var refreshesRejected: Int
    /// Refreshes that presented a token already exchanged, with reuse
    /// detection on (`Configuration.reuseDetection`): each revoked its
    /// token's family and is counted in `refreshesRejected` too.
    public var refreshTokensReused: Int
    /// Tokens that would serve a request right now.
    public var tokensLive: Int

    public init(
        requests: [String: Int] = [:], logins: Int = 0, refreshes: Int = 0,
        refreshesRejected: Int = 0, refreshTokensReused: Int = 0, tokensLive: Int = 0
    ) {
        self.requests = requests
        self.logins = logins
        self.refreshes = refreshes
        self.refreshesRejected = refreshesRejected
        self.refreshTokensReused = refreshTokensReused
        self.tokensLive = tokensLive
    }

    /// Requests of one route so far.
    public func requestCount(_ route: String) -> Int {
        requests[route, default: 0]
    }
}
