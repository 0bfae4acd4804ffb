
/// The backend's health as last found, read-only: badges and banners show it.
@MainActor
public protocol HealthStatusReading: AnyObject {
    var status: HealthStatus { get }
}

/// Asks for the backend's health now (a "retry" button), rather than at the next poll.
@MainActor
public protocol HealthChecking: AnyObject {
    @discardableResult
    func checkNow() async -> HealthStatus
}
