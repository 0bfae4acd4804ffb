/// Ends the session for good: tokens and local data gone.
@MainActor
public protocol LogoutUseCase: AnyObject {
    func logout() async
}

/// From an expired session, goes to sign-in while the local data is kept.
@MainActor
public protocol ReauthenticateUseCase: AnyObject {
    func beginReauthentication()
}

/// What the session-expired screen can do: sign in again or log out.
public typealias SessionExpiredUseCases = ReauthenticateUseCase & LogoutUseCase
