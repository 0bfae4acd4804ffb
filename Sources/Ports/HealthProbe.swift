/// What `GET /health` said.
public enum ServerHealth: Sendable, Hashable {
    /// The server says it is healthy.
    case healthy
    /// The server says it is not healthy, or answered with a status other than 200.
    case unhealthy
}

/// Where a probe learns the server's health: one of the ways real backends
/// legitimately differ, declared by each adapter (`HealthProbe.source`).
public enum HealthSource: String, Sendable, Hashable, CaseIterable {
    /// Each check asks the server's health route: any status but 200 is
    /// `.unhealthy` (or, where the adapter can tell, the refusal it is), a
    /// 200 without a health body throws `.malformedResponse`, and no answer
    /// throws `.transport` or `.timeout`.
    case healthRoute
    /// A check answers from what the app's own calls met, and asks the
    /// server (a light probe) only while they fail: any answer — a 4xx or a
    /// body that cannot be read too — proves the server up; only a 5xx, a
    /// dropped connection or a timeout marks it down; a check never throws.
    /// For a backend with no health route (the Cora API).
    case theAppsCalls
}

/// One check of the backend's health (`GET /health`, no API key, no token),
/// or — on a backend with no health route — what the app's own calls met.
public protocol HealthProbe: Sendable {
    /// Where this probe learns the server's health (`HealthSource`), and so
    /// which of `check()`'s promises it keeps. Constant for its lifetime.
    var source: HealthSource { get }

    /// Sets who hears what the probe learns between checks. A probe that
    /// learns from the app's own calls (a call that met a transport failure
    /// or a 5xx, then one that got an answer) tells the handler each time its
    /// view changes, before the call that taught it returns to its caller.
    /// A probe that only answers `check()` never calls it (the default).
    func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void)

    /// Asks the server once whether it is healthy. Has no side effect on the
    /// session: no token is sent or needed.
    ///
    /// - Returns: `.healthy` when the server says it is healthy (200);
    ///   `.unhealthy` when it says it is not (503) or answers with any other
    ///   status a refusal is not.
    /// - Throws: `.transport` or `.timeout` when the server cannot be reached;
    ///   `.malformedResponse` when a 200 carries no health body; `.rejected`
    ///   with the status where the adapter can tell the server refused the
    ///   check itself (a 4xx: it is up, but refuses this app, or is not the
    ///   backend the environment expects) — the app then says so, not that
    ///   nothing answers. An adapter that cannot tell answers `.unhealthy`.
    func check() async throws(RemoteError) -> ServerHealth
}

extension HealthProbe {
    /// A probe that only answers `check()`: there is nothing to report between checks.
    public func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void) {}
}
