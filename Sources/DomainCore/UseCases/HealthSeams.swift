public import Ports

/// The backend's health as last found, read-only: badges and banners show it.
@MainActor
public protocol HealthStatusReading: AnyObject {
    /// The health as last found: `unknown` before the first check ends.
    var status: HealthStatus { get }
}

/// Asks for the backend's health now (a "retry" button), rather than at the next poll.
@MainActor
public protocol HealthChecking: AnyObject {
    /// Checks now, or joins the check already in flight, and returns its answer;
    /// `status` follows it.
    @discardableResult
    func checkNow() async -> HealthStatus
}
