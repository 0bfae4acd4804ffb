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
