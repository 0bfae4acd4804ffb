import Ports

/// Why something of the signed-in area could not be loaded or saved. A
/// session-ending answer has already ended the session when this arrives
/// (the root has moved on); the rest are shown with a retry. Also why an
/// action of the signed-in user (update the profile, delete the account) did
/// not happen.
public enum SignedInFailure: Error, Sendable, Hashable {
    case network
    case server
    case notFound
    /// The server's per-field reasons, by the contract's field names.
    case invalidFields([String: String])
    case alreadyRegistered
    case sessionEnded
    /// The backend has no route for it (profile edit, related users, account
    /// deletion on a backend without profile routes); nothing was sent.
    case notOffered

    init(_ error: AuthorizedCallError) {
        switch error {
        case .sessionEnded, .notSignedIn: self = .sessionEnded
        case .refreshLimitReached: self = .server
        case .remote(let remote):
            switch remote {
            case .rejected(_, .notFound, _): self = .notFound
            case .rejected(_, .validationFailed, let fields): self = .invalidFields(fields)
            case .rejected(_, .alreadyRegistered, _): self = .alreadyRegistered
            case .transport, .timeout: self = .network
            case .rejected, .malformedResponse: self = .server
            }
        }
    }
}
