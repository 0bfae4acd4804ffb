public import Ports

/// Told when a user is signed in (Koober's `SignedInResponder`).
@MainActor
public protocol SignedInResponder: AnyObject {
    func signedIn(to user: UserProfile)
}

/// Told when there is no session any more, or none was found
/// (Koober's `NotSignedInResponder`).
@MainActor
public protocol NotSignedInResponder: AnyObject {
    func notSignedIn(reason: SignedOutReason?)
}

/// Told when the session expired but the local data was kept.
@MainActor
public protocol SessionExpiredResponder: AnyObject {
    func sessionExpired(reason: SessionExpiredReason)
}

/// Everything `AuthSession` tells the root of the graph.
public typealias AuthStateResponder = SignedInResponder & NotSignedInResponder & SessionExpiredResponder
