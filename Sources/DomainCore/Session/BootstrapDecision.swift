public import Ports

/// What the launch check of a stored session gave: `GET /users/me` through
/// the token manager (so after at most one transparent refresh) — or, on a
/// backend that does not tell whose a token is, a refresh of the stored token, which
/// answers with the profile the session kept.
public enum StoredSessionCheck: Sendable, Hashable {
    /// The backend confirmed the session and answered with this user (who may
    /// still be inactive or deleted).
    case user(UserProfile)
    /// The check failed: the session was ended by the backend, the call failed,
    /// or the refresh limit was reached.
    case failed(AuthorizedCallError)
    /// The backend answered, but the ID token the session kept is not one
    /// the provider signed for this app, or names someone else than that
    /// user (`AuthRemoteAPI.proveKeptSignIn`).
    case keptSignInUnproved
    /// The token needed a refresh while another window of the app holds
    /// the session (its lock, for more than a moment): the launch opens on
    /// the profile this session kept, nothing asked and nothing written.
    case keptWhileAnotherWindowBusy(UserProfile)
}

/// One row of the bootstrap decision table
/// (docs/spec/root-screen-and-bootstrap.md §3), as a value: the table is a pure
/// function, tested row by row; `SessionDecisions` performs it.
public struct BootstrapDecision: Sendable, Hashable {
    /// What happens to the stored tokens.
    public enum Tokens: Sendable, Hashable {
        /// The tokens stay: the session goes on.
        case keep
        /// The tokens are dropped: the user must sign in again.
        case clear
    }

    /// What happens to the user's local data.
    public enum LocalData: Sendable, Hashable {
        /// The user and a sync stamp are saved.
        case save(UserProfile)
        /// The local data is deleted: the session ended for good.
        case wipe
        /// The local data is kept as it is, for the user who signs in again.
        case preserve
        /// Nothing is written: the session stays as stored, the tokens with
        /// it (another window holds it; a sync stamp would be untrue).
        case untouched
    }

    /// What to do with the stored tokens.
    public var tokens: Tokens
    /// What to do with the local data.
    public var localData: LocalData
    /// The auth state the launch ends in.
    public var state: AuthState

    /// A row of the table (tests build the expected rows with it).
    ///
    /// - Parameters:
    ///   - tokens: what to do with the stored tokens.
    ///   - localData: what to do with the local data.
    ///   - state: the auth state the launch ends in.
    public init(tokens: Tokens, localData: LocalData, state: AuthState) {
        self.tokens = tokens
        self.localData = localData
        self.state = state
    }

    /// The row of the table that decides `check` (`BootstrapRow`); nil
    /// for a check the table has no row for (the refresh limit, a session
    /// busy in another process, one replaced while it was checked, one
    /// ended in another process).
    public static func row(deciding check: StoredSessionCheck) -> BootstrapRow? {
        switch check {
        case .user(let profile) where profile.isDeleted: .userMarkedDeleted
        case .user(let profile) where !profile.active: .userInactive
        case .user: .userConfirmed
        case .keptSignInUnproved: .keptSignInUnproved
        case .keptWhileAnotherWindowBusy: nil
        case .failed(.sessionEnded(.userInactive)): .userInactive
        case .failed(.sessionEnded(.tokenInvalid)), .failed(.sessionEnded(.tokenExpired)),
            .failed(.sessionEnded(.userDeleted)):
            .sessionRefused
        case .failed(.remote): .checkFailed
        case .failed: nil
        }
    }

    /// The table. (The last row — health down or offline — is not a result of
    /// `/users/me`: `Launcher` waits for health before it decides.)
    public static func decide(_ check: StoredSessionCheck) -> BootstrapDecision {
        switch check {
        case .user(let profile) where profile.isDeleted:
            return ended(.userDeleted)
        case .user(let profile) where !profile.active:
            return ended(.userInactive)
        case .user(let profile):
            return BootstrapDecision(tokens: .keep, localData: .save(profile), state: .authenticated(profile))
        case .keptWhileAnotherWindowBusy(let profile):
            return BootstrapDecision(tokens: .keep, localData: .untouched, state: .authenticated(profile))
        case .keptSignInUnproved:
            // The stored session was changed by someone other than this
            // app's sign-in: none of it is trusted, the profile it kept included.
            return ended(.storedSignInUnproved)
        case .failed(.sessionEnded(let reason)):
            return ended(reason)
        case .failed(.remote(let error)):
            let reason: SessionExpiredReason =
                switch error {
                case .transport: .network
                case .timeout: .timedOut
                case .malformedResponse, .rejected, .misconfigured, .signInRefused: .server
                }
            return BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(reason))
        case .failed(.refreshLimitReached):
            return BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(.refreshLimit))
        case .failed(.sessionBusyElsewhere):
            // Only with no profile kept to open on (Launcher.checkStoredUser):
            // the stored session is left to the process holding it.
            return BootstrapDecision(tokens: .clear, localData: .preserve, state: .sessionExpired(.busyElsewhere))
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
