/// What a backend issues when it signs a user in or refreshes a session: the
/// access token, and — from backends that have them — a refresh token and the
/// lifetime it states for the access token (OAuth 2.0's `expires_in`).
public struct IssuedTokens: Sendable, Hashable {
    /// The token that authorises requests.
    public var accessToken: AccessToken
    /// The token that buys the next tokens, or nil when the backend refreshes
    /// by the access token itself (the Cora contract).
    public var refreshToken: RefreshToken?
    /// How long the access token serves, when the backend says; it takes
    /// precedence over the environment's default lifetime.
    public var statedLifetime: Duration?
    /// The OpenID Connect ID token, when the backend sent one and its
    /// claims were checked: kept with the session as the mark of a sign-in
    /// at the provider, which a logout ends in the browser too.
    public var idToken: IDTokenHint?
    /// Who the checked ID token says signed in (its `sub`), when one came:
    /// the profile the app then reads must be that person's — its `id` is
    /// the subject (the OpenID Connect adapters' mapping: the provider's
    /// `sub` is the account's id) — or the sign-in did not prove who
    /// signed in. Nil when no ID token came.
    public var subject: String?

    /// Tokens as issued.
    ///
    /// - Parameters:
    ///   - accessToken: the token that authorises requests.
    ///   - refreshToken: the refresh token, when the backend issues one.
    ///   - statedLifetime: the access token's lifetime, when the backend states it.
    ///   - idToken: the checked OpenID Connect ID token, when one came.
    ///   - subject: the checked ID token's `sub`, when one came.
    public init(
        accessToken: AccessToken, refreshToken: RefreshToken? = nil, statedLifetime: Duration? = nil,
        idToken: IDTokenHint? = nil, subject: String? = nil
    ) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.statedLifetime = statedLifetime
        self.idToken = idToken
        self.subject = subject
    }
}

/// What a refresh sends: the session's refresh token when it has one, the
/// access token otherwise (the Cora contract exchanges the old access token).
public enum RefreshCredential: Sendable, Hashable, CustomStringConvertible {
    /// The session has no refresh token: the access token is exchanged.
    case accessToken(AccessToken)
    /// The session's refresh token.
    case refreshToken(RefreshToken)

    /// The credential the session holds: its refresh token if any, else its access token.
    public init(for token: SessionToken) {
        if let refreshToken = token.refreshToken {
            self = .refreshToken(refreshToken)
        } else {
            self = .accessToken(token.token)
        }
    }

    /// Which kind it is; never the token.
    public var description: String {
        switch self {
        case .accessToken: return "RefreshCredential.accessToken(redacted)"
        case .refreshToken: return "RefreshCredential.refreshToken(redacted)"
        }
    }
}
