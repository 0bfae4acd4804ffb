public import Observation

/// The session-expired screen (docs/spec/explicit-actions.md, "The session
/// expired"): says the session expired, keeps the local data, and offers to
/// sign in again or to log out for good.
@MainActor
@Observable
public final class SessionExpiredViewModel {
    public let reason: SessionExpiredReason
    public private(set) var isBusy = false
    @ObservationIgnored private let session: any SessionExpiredUseCases

    public init(reason: SessionExpiredReason, session: any SessionExpiredUseCases) {
        self.reason = reason
        self.session = session
    }

    public func reauthenticate() {
        guard !isBusy else { return }
        session.beginReauthentication()
    }

    public func logout() async {
        guard !isBusy else { return }
        isBusy = true
        await session.logout()
        isBusy = false
    }
}
