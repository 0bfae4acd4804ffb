public import Foundation

/// The token half of a session: what authorises requests.
public struct SessionToken: Sendable, Hashable {
    public var token: AccessToken
    public var issuedAt: Date
    /// When the backend stops accepting it for requests (issue time + lifetime).
    public var expiresAt: Date

    public init(token: AccessToken, issuedAt: Date, expiresAt: Date) {
        self.token = token
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }
}

/// The local-data half of a session: the user as last synced, kept while the
/// session is expired so that re-authenticating as the same user loses nothing.
public struct CachedUser: Sendable, Hashable {
    public var profile: UserProfile
    public var syncedAt: Date

    public init(profile: UserProfile, syncedAt: Date) {
        self.profile = profile
        self.syncedAt = syncedAt
    }
}

/// What `SessionDataStore` persists (Koober's `UserSession`): a token and the
/// cached user. Either half may be missing — a session that expired keeps its
/// user but no token — but a stored session never has neither.
public struct UserSession: Sendable, Hashable {
    public var token: SessionToken?
    public var cachedUser: CachedUser?

    public init(token: SessionToken?, cachedUser: CachedUser?) {
        self.token = token
        self.cachedUser = cachedUser
    }
}
