public import Ports

/// What the launch check of a stored session gave: `GET /users/me` through
/// the token manager (so after at most one transparent refresh) — or, on a
/// backend without profile routes, a refresh of the stored token, which
/// answers with the profile the session kept.
public enum StoredSessionCheck: Sendable, Hashable {
    case user(UserProfile)
    case failed(AuthorizedCallError)
}

/// One row of the bootstrap decision table
/// (docs/spec/root-screen-and-bootstrap.md §3), as a value: the table is a pure
/// function, tested row by row; `AuthSession` performs it.
public struct BootstrapDecision: Sendable, Hashable {
    public enum Tokens: Sendable, Hashable {
        case keep
        case clear
    }

    public enum LocalData: Sendable, Hashable {
        /// The user and a sync stamp are saved.
        case save(UserProfile)
        case wipe
        case preserve
    }

    public var tokens: Tokens
    public var localData: LocalData
    public var state: AuthState

    public init(tokens: Tokens, localData: LocalData, state: AuthState) {
        self.tokens = tokens
        self.localData = localData
        self.state = state
    }

    /// The table. (The last row — health down or offline — is not a result of
    /// `/users/me`: `AuthSession` waits for health before it decides.)
    public static func decide(_ check: StoredSessionCheck) -> BootstrapDecision {
        switch check {
        case .user(let profile) where profile.isDeleted:
            return ended(.userDeleted)
        case .user(let profile) where !profile.active:
            return ended(.userInactive)
        case .user(let profile):
            return BootstrapDecision(tokens: .keep, localData: .save(profile), state: .authenticated(profile))
        case .failed(.sessionEnded(let reason)):
            return ended(reason)
        case .failed(.remote(let error)):
            let reason: SessionExpiredReason =
                switch error {
                case .transport, .timeout: .network
                case .malformedResponse, .rejected: .server
                }
            return BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(reason))
        case .failed(.refreshLimitReached):
            return BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(.refreshLimit))
        case .failed(.notSignedIn):
            // The session was replaced while it was being checked; nothing
            // says the user is gone, so keep their data and ask them to sign in.
            return BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(.server))
        }
    }

    private static func ended(_ reason: SignedOutReason) -> BootstrapDecision {
        BootstrapDecision(tokens: .clear, localData: .wipe, state: .unauthenticated(reason))
    }
}
