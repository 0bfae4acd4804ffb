import Ports

/// Why something of the signed-in area could not be loaded or saved. A
/// session-ending answer has already ended the session when this arrives
/// (the root has moved on); the rest are shown with a retry. Also why an
/// action of the signed-in user (update the profile, delete the account) did
/// not happen.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum SignedInFailure: Error, Sendable, Hashable {
    /// The call did not reach the server or its connection broke: a retry may work.
    case network
    /// No answer within the request deadline: a retry may work.
    case timedOut
    /// The server failed, answered something unreadable, refused the app's
    /// configuration, or refreshed too often.
    case server
    /// The server has no such item (an entry id it does not know).
    case notFound
    /// The server's per-field reasons, by the contract's field names.
    case invalidFields([String: String])
    /// The e-mail is already used by another account.
    case alreadyRegistered
    /// The backend ended the session, or it had already ended: the root has
    /// moved on and there is nothing to retry.
    case sessionEnded
    /// Another window of the app holds the session (its store's lock) and
    /// may be refreshing it: nothing was sent; a retry once it lets go works.
    case busyElsewhere
    /// The backend has no route for it (profile edit, related users, account
    /// deletion on a backend without account routes); nothing was sent.
    case notOffered

    init(_ error: AuthorizedCallError) {
        switch error {
        case .sessionEnded, .notSignedIn: self = .sessionEnded
        case .refreshLimitReached: self = .server
        case .sessionBusyElsewhere: self = .busyElsewhere
        case .remote(let remote):
            switch remote {
            case .rejected(_, .notFound, _): self = .notFound
            case .rejected(_, .validationFailed, let fields): self = .invalidFields(fields)
            case .rejected(_, .alreadyRegistered, _): self = .alreadyRegistered
            case .transport: self = .network
            case .timeout: self = .timedOut
            case .rejected, .malformedResponse, .misconfigured, .signInRefused: self = .server
            }
        }
    }
}
