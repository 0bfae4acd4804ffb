public import Observation
public import Ports

/// The session-expired screen (docs/spec/explicit-actions.md, "The session
/// expired"): says the session expired, keeps the local data, and offers to
/// sign in again or to log out for good.
@MainActor
@Observable
public final class SessionExpiredViewModel {
    /// Why the session expired, shown on the screen.
    public let reason: SessionExpiredReason
    /// A logout is in flight: both actions are ignored meanwhile.
    public private(set) var isBusy = false
    @ObservationIgnored private let session: any SessionExpiredUseCases

    /// The screen for `reason`.
    ///
    /// - Parameters:
    ///   - reason: why the session expired.
    ///   - session: signs in again or logs out.
    public init(reason: SessionExpiredReason, session: any SessionExpiredUseCases) {
        self.reason = reason
        self.session = session
    }

    /// Goes to sign-in with the local data still kept; ignored while a logout
    /// is in flight.
    public func reauthenticate() {
        guard !isBusy else { return }
        session.beginReauthentication()
    }

    /// Logs out for good, wiping the local data; ignored while one is in flight.
    public func logout() async {
        guard !isBusy else { return }
        isBusy = true
        await session.logout()
        isBusy = false
    }
}
