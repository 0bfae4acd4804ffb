public import Ports

/// Why a call made through the token manager failed.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum AuthorizedCallError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call failed for a reason that does not end the session: network,
    /// server, validation, not found. The session stays.
    case remote(RemoteError)
    /// The backend ended the session: the token was refused and a refresh
    /// could not cure it, or the account is inactive or deleted.
    case sessionEnded(SignedOutReason)
    /// There is no session (never signed in, logged out, or the session was
    /// replaced while this call was in flight). Nothing was sent, or the
    /// answer was discarded.
    case notSignedIn
    /// The refresh cap was reached; the session stays, the call fails.
    case refreshLimitReached
    /// The token needed a refresh while another live process of the app
    /// (another window, stopped or busy) held the session store's lock: no
    /// refresh was sent — that process may have sent this very refresh
    /// token — and the session stays as it was read. A later call refreshes,
    /// or adopts what that process saved, once it lets go.
    case sessionBusyElsewhere

    /// A short description for logs and diagnostics; it never includes a token.
    public var description: String {
        switch self {
        case .remote(let error): return "remote call failed: \(error)"
        case .sessionEnded(let reason): return "session ended: \(reason.rawValue)"
        case .notSignedIn: return "not signed in"
        case .refreshLimitReached: return "too many token refreshes"
        case .sessionBusyElsewhere: return "another process of the app holds the session"
        }
    }

    /// The reason a backend refusal ends the session, if it does:
    /// `USER_INACTIVE`, `USER_DELETED`, or a refused token.
    static func sessionEndReason(for error: RemoteError) -> SignedOutReason? {
        switch error.code {
        case .userInactive: return .userInactive
        case .userDeleted: return .userDeleted
        case .tokenExpired: return .tokenExpired
        case .tokenInvalid: return .tokenInvalid
        default: return error.isTokenRefused ? .tokenInvalid : nil
        }
    }
}
