import DomainCore
import Testing

/// The session-expired screen: sign in again, or log out for good — never
/// both at once. Built on a fake of its seams.
@MainActor
@Suite("Session-expired screen")
struct SessionExpiredViewModelTests {
    @Test("Sign in again begins the re-authentication")
    func reauthenticateBegins() {
        let session = FakeSessionExpiredSession()
        session.allowsReauthentication = true
        let screen = SessionExpiredViewModel(reason: .network, session: session)

        screen.reauthenticate()

        #expect(session.reauthentications == 1)
        #expect(screen.reason == .network)
    }

    @Test("While the logout is in flight the screen is busy: neither sign in again nor a second logout is sent")
    func busyWhileLoggingOut() async {
        let session = FakeSessionExpiredSession()
        session.allowsLogout = true
        session.gate.hold()
        let screen = SessionExpiredViewModel(reason: .server, session: session)
        let loggingOut = Task { await screen.logout() }
        await session.gate.waitUntilACallIsHeld()

        #expect(screen.isBusy)
        screen.reauthenticate()
        await screen.logout()

        session.gate.release()
        await loggingOut.value
        #expect(session.logouts == 1)
        #expect(session.reauthentications == 0)
        #expect(!screen.isBusy)
    }
}
