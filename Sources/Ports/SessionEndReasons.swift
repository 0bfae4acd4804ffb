// Why a session ended or expired: the domain's reasons (the auth state's,
// `AuthState` in DomainCore), kept here so that what reports them
// (`SessionEvent`) and what records them (a `SessionEventSink`) name them
// as the domain does. Each raw value is the name scripts and event records use.

/// Why there is no session (shown on the onboarding screens, when there is one).
public enum SignedOutReason: String, Sendable, Hashable, CaseIterable {
    /// The backend refused the token and a refresh could not cure it.
    case tokenInvalid = "token-invalid"
    /// The token and its refresh window are both past.
    case tokenExpired = "token-expired"
    /// The backend says the account is inactive: the session ended and the
    /// local data was wiped.
    case userInactive = "user-inactive"
    /// The backend says the account was deleted: the session ended and the
    /// local data was wiped.
    case userDeleted = "user-deleted"
    /// The user logged out.
    case loggedOut = "logged-out"
    /// The user deleted the account.
    case accountDeleted = "account-deleted"
    /// The user chose to sign in again from the session-expired screen; the
    /// previous user's local data is still kept until the next sign-in decides.
    case reauthenticating = "reauthenticating"
    /// The saved session could not be read at launch and was set aside: the
    /// user signs in again, and is told why.
    case storedSessionUnreadable = "stored-session-unreadable"
    /// The saved session's ID token was not proved the provider's for this
    /// app, or named someone else than the account it came with, when the
    /// session was read back at launch (`AuthRemoteAPI.proveKeptSignIn`):
    /// another process or a changed file put it there. The session ended,
    /// its local data wiped, and the user is told why.
    case storedSignInUnproved = "stored-sign-in-unproved"
    /// Another process sharing the session store (another window, an
    /// extension) ended this session — a logout, an expiry, a newer
    /// sign-in: this one let it go without writing anything.
    case endedElsewhere = "ended-elsewhere"
}

/// Why the session expired without ending: the backend could not be asked,
/// so the local data is preserved and the user is offered to sign in again.
public enum SessionExpiredReason: String, Sendable, Hashable, CaseIterable {
    /// The connection to the server failed while restoring the session.
    case network
    /// The server did not answer within the request deadline while
    /// restoring the session.
    case timedOut = "timed-out"
    /// The server failed (5xx) or answered with something unreadable.
    case server
    /// Too many refreshes in a short time: the server is misbehaving.
    case refreshLimit = "refresh-limit"
    /// The app was closed on the session-expired screen and relaunched.
    case previouslyExpired = "previously-expired"
    /// The session store could not be read at launch; it was left as it is.
    case storageUnavailable = "storage-unavailable"
    /// The token needed a refresh at launch while another window of the app
    /// held the session, and no profile was kept to open on: the stored
    /// session is left as that window keeps it.
    case busyElsewhere = "busy-elsewhere"
    /// The PIN was entered wrong `PINLockPolicy.maximumAttempts` times in a
    /// row: the session expired, the PIN was removed, the password is needed.
    case pinAttemptsExhausted = "pin-attempts-exhausted"
    /// The user chose "Forgot PIN" on the PIN screen: as too many wrong PINs.
    case pinForgotten = "pin-forgotten"
}
