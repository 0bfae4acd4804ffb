public import Ports

/// The global auth state; `AuthSession` is its only writer and every root
/// screen is derived from it (docs/spec/root-screen-and-bootstrap.md §1).
public enum AuthState: Sendable, Hashable {
    /// Launching: the stored session has not been decided on yet (the startup
    /// screen).
    case loading
    /// No session: onboarding is shown, with the reason when there is one (nil
    /// on a first launch or when no session was stored).
    case unauthenticated(SignedOutReason?)
    /// Signed in as this user: the signed-in area is shown.
    case authenticated(UserProfile)
    /// Signed in as this user, but a PIN is set and has to be entered first
    /// (a restored session, or a return from the background after the lock
    /// timeout): only the PIN screen is shown, nothing of the signed-in area.
    case pinLocked(UserProfile)
    /// The session could not be confirmed but the local data is kept: the
    /// session-expired screen offers to sign in again or log out.
    case sessionExpired(SessionExpiredReason)

    /// Whether a session is running: signed in, or signed in behind the PIN screen.
    public var isSignedIn: Bool {
        switch self {
        case .authenticated, .pinLocked: return true
        case .loading, .unauthenticated, .sessionExpired: return false
        }
    }

    /// The name scripts use (`expect state …`).
    public var name: String {
        switch self {
        case .loading: return "loading"
        case .unauthenticated: return "unauthenticated"
        case .authenticated: return "authenticated"
        case .pinLocked: return "pin-locked"
        case .sessionExpired: return "session-expired"
        }
    }
}
