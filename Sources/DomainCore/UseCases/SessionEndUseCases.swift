/// Ends the session for good: tokens and local data gone.
@MainActor
public protocol LogoutUseCase: AnyObject {
    /// Logs out: returns with the tokens cleared, the local data wiped and the
    /// state unauthenticated; anything still in flight is discarded when it
    /// lands.
    func logout() async
}

/// From an expired session, goes to sign-in while the local data is kept.
@MainActor
public protocol ReauthenticateUseCase: AnyObject {
    /// Leaves the session-expired screen for sign-in, the local data still
    /// kept until the next sign-in decides whose it is.
    func beginReauthentication()
}

/// What the session-expired screen can do: sign in again or log out.
public typealias SessionExpiredUseCases = ReauthenticateUseCase & LogoutUseCase
