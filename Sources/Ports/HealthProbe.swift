/// What `GET /health` said.
public enum ServerHealth: Sendable, Hashable {
    case healthy
    case unhealthy
}

/// One check of the backend's health (`GET /health`, no API key, no token).
///
/// Contract, for every adapter:
/// - returns `.healthy` when the server says it is healthy (200), `.unhealthy`
///   when it says it is not (503) or answers with any other status;
/// - throws `.transport` or `.timeout` when the server cannot be reached, and
///   `.malformedResponse` when a 200 carries no health body;
/// - has no side effect on the session: no token is sent or needed.
public protocol HealthProbe: Sendable {
    func check() async throws(RemoteError) -> ServerHealth
}

/// The app's view of the backend, kept by the health monitor.
public enum HealthStatus: String, Sendable, Hashable, CaseIterable {
    /// Not yet checked.
    case unknown
    case healthy
    /// The server answered badly or not at all.
    case serverDown = "server-down"
    /// No connectivity; the server was not asked.
    case offline

    /// Down or offline: sign-in is blocked, start-up waits.
    public var isDown: Bool { self == .serverDown || self == .offline }
}
