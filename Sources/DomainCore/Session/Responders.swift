public import Ports

/// Told when a user is signed in (Koober's `SignedInResponder`).
@MainActor
public protocol SignedInResponder: AnyObject {
    /// The session is now signed in as `user`: show the signed-in area.
    func signedIn(to user: UserProfile)
}

/// Told when there is no session any more, or none was found
/// (Koober's `NotSignedInResponder`).
@MainActor
public protocol NotSignedInResponder: AnyObject {
    /// There is no session: show onboarding, with `reason` when there is one
    /// (nil when none was stored).
    func notSignedIn(reason: SignedOutReason?)
}

/// Told when the session expired but the local data was kept.
@MainActor
public protocol SessionExpiredResponder: AnyObject {
    /// The session expired with its local data kept: show the session-expired
    /// screen for `reason`.
    func sessionExpired(reason: SessionExpiredReason)
}

/// Told when a PIN has to be entered before the signed-in area is shown.
@MainActor
public protocol PINLockedResponder: AnyObject {
    /// The session of `user` is locked: show the PIN screen, and nothing of
    /// the signed-in area.
    func pinLocked(as user: UserProfile)
}

/// Everything `AuthSession` tells the root of the graph.
public typealias AuthStateResponder = SignedInResponder & NotSignedInResponder & SessionExpiredResponder
    & PINLockedResponder
