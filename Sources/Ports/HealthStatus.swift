/// The app's view of the backend, kept by the health monitor.
public enum HealthStatus: String, Sendable, Hashable, CaseIterable {
    /// Not yet checked.
    case unknown
    /// The server answered its health check: sign-in and start-up may go on.
    case healthy
    /// The server answered badly or not at all.
    case serverDown = "server-down"
    /// No connectivity; the server was not asked.
    case offline

    /// Down or offline: sign-in is blocked, start-up waits.
    public var isDown: Bool { self == .serverDown || self == .offline }
}
