/// What `GET /health` said.
public enum ServerHealth: Sendable, Hashable {
    /// The server says it is healthy.
    case healthy
    /// The server says it is not healthy, or answered with a status other than 200.
    case unhealthy
}

/// One check of the backend's health (`GET /health`, no API key, no token).
public protocol HealthProbe: Sendable {
    /// Asks the server once whether it is healthy. Has no side effect on the
    /// session: no token is sent or needed.
    ///
    /// - Returns: `.healthy` when the server says it is healthy (200);
    ///   `.unhealthy` when it says it is not (503) or answers with any other
    ///   status.
    /// - Throws: `.transport` or `.timeout` when the server cannot be reached;
    ///   `.malformedResponse` when a 200 carries no health body.
    func check() async throws(RemoteError) -> ServerHealth
}
