import DomainCore
import Testing

/// The session as the session-expired screen sees it. A call the test did not
/// allow is recorded as an issue.
@MainActor
final class FakeSessionExpiredSession: ReauthenticateUseCase, LogoutUseCase {
    var allowsReauthentication = false
    var allowsLogout = false
    let gate = CallGate()
    private(set) var reauthentications = 0
    private(set) var logouts = 0

    func beginReauthentication() {
        reauthentications += 1
        if !allowsReauthentication { Issue.record("beginReauthentication was called, but the test did not allow it") }
    }

    func logout() async {
        logouts += 1
        await gate.pass()
        if !allowsLogout { Issue.record("logout was called, but the test did not allow it") }
    }
}
