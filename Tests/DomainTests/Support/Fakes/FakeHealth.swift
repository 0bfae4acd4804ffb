import DomainCore
import Ports
import Testing

/// A health status the test sets. Checking is not faked quietly: a screen
/// that asks for a check when the test did not expect one is an issue.
@MainActor
final class FakeHealth: HealthStatusReading, HealthChecking {
    var status: HealthStatus
    /// What `checkNow()` finds, when the test allows checks at all.
    var nextCheck: HealthStatus?
    private(set) var checks = 0

    init(_ status: HealthStatus = .healthy) {
        self.status = status
    }

    func checkNow() async -> HealthStatus {
        checks += 1
        guard let nextCheck else {
            Issue.record("a health check was asked for, but the test set no answer for it")
            return status
        }
        status = nextCheck
        return nextCheck
    }
}
