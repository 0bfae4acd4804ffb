public import Foundation

/// The token half of a session: what authorises requests.
public struct SessionToken: Sendable, Hashable {
    /// The bearer token itself.
    public var token: AccessToken
    /// When it was issued, by the app's clock.
    public var issuedAt: Date
    /// When the backend stops accepting it for requests (issue time + lifetime).
    public var expiresAt: Date
    /// The refresh token the backend issued beside it, if it issues them: a
    /// refresh sends it instead of the access token. A backend that rotates
    /// it spends it on every refresh, so the new one is stored before the new
    /// access token is used.
    public var refreshToken: RefreshToken?
    /// The sign-in this token descends from: made at sign-in, carried by
    /// every refresh. Nil for a session stored before lineages existed.
    public var lineage: SessionLineage?
    /// The OpenID Connect ID token of the sign-in, when the backend sent
    /// one: the mark of a sign-in at the provider that a logout ends in the
    /// browser too (`AuthRemoteAPI.beginBrowserSignOut`; the token itself is
    /// not sent). A
    /// refresh that brings a new one replaces it. Nil for other backends and
    /// for a session stored before ID tokens were kept.
    public var idToken: IDTokenHint?

    /// A session token with these fields.
    ///
    /// - Parameters:
    ///   - token: the access token.
    ///   - issuedAt: when it was issued, by the app's clock.
    ///   - expiresAt: when the backend stops accepting it for requests.
    ///   - refreshToken: the refresh token, when the backend issued one.
    ///   - lineage: the sign-in it descends from, when known.
    ///   - idToken: the sign-in's OpenID Connect ID token, when one came.
    public init(
        token: AccessToken, issuedAt: Date, expiresAt: Date, refreshToken: RefreshToken? = nil,
        lineage: SessionLineage? = nil, idToken: IDTokenHint? = nil
    ) {
        self.token = token
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.refreshToken = refreshToken
        self.lineage = lineage
        self.idToken = idToken
    }

    /// Whether this token and `other` descend from the same sign-in. Two
    /// tokens without a lineage (stored before lineages existed) count as
    /// the same session only when they are the same token.
    public func isSameSession(as other: SessionToken) -> Bool {
        guard let lineage, let otherLineage = other.lineage else { return token == other.token }
        return lineage == otherLineage
    }
}

/// The local-data half of a session: the user as last synced, kept while the
/// session is expired so that re-authenticating as the same user loses nothing.
public struct CachedUser: Sendable, Hashable {
    /// The user's profile, as last synced.
    public var profile: UserProfile
    /// When `profile` was last synced with the backend, by the app's clock.
    public var syncedAt: Date

    /// A cached user of this profile, synced at `syncedAt`.
    public init(profile: UserProfile, syncedAt: Date) {
        self.profile = profile
        self.syncedAt = syncedAt
    }
}

/// What `SessionDataStore` persists (Koober's `UserSession`): a token and the
/// cached user, and the backend both came from. Either half may be missing —
/// a session that expired keeps its user but no token — but a stored session
/// never has neither.
public struct UserSession: Sendable, Hashable {
    /// The token half, or `nil` once the session has expired.
    public var token: SessionToken?
    /// The user half, or `nil` when no user is cached.
    public var cachedUser: CachedUser?
    /// The backend that issued the token and the user: the only one they may
    /// be sent to. Nil in a session stored before sessions named their
    /// backend, and in one the domain made and has not yet stored (the store
    /// an app is bound to names it on every save).
    public var backend: SessionBackend?

    /// A session of these halves, from `backend` when it is known.
    public init(token: SessionToken?, cachedUser: CachedUser?, backend: SessionBackend? = nil) {
        self.token = token
        self.cachedUser = cachedUser
        self.backend = backend
    }
}
