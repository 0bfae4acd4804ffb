/// What a refresh does with the credential it spends: one of the ways real
/// backends legitimately differ, declared by each adapter
/// (`AuthRemoteAPI.refreshRotation`) and checked by the contract suites as
/// the adapter declares it, never as one backend behaves.
public enum RefreshRotation: String, Sendable, Hashable, CaseIterable {
    /// Every refresh answers a new credential — a new refresh token from a
    /// backend that issues them, a new access token from one that refreshes
    /// by it — and the spent one is refused afterwards as `TOKEN_INVALID`
    /// (the wire contract, the Cora API, Supabase Auth).
    case always
    /// The refresh token stays good: a refresh answers the same one or none,
    /// and the spent one refreshes again (Google's Secure Token service).
    case never
    /// The server decides (an OAuth 2.0 authorization server, RFC 6749 §6):
    /// a refresh may answer a new refresh token, and the one the answer
    /// leaves the session — the new one, or the spent one when none came —
    /// refreshes again. Whether the spent one still works is not said: the
    /// app never sends a rotated refresh token again.
    case asTheServerChooses
}

/// The refusals a backend tells apart from the general ones: each member is
/// a more precise answer the adapter promises; without it the backend
/// answers the general refusal named below, which the suites check instead.
/// Declared by each adapter (`AuthRemoteAPI.refusalsToldApart`), constant
/// for its lifetime.
public struct AuthRefusalsToldApart: OptionSet, Sendable, Hashable {
    /// The members, one bit each.
    public let rawValue: Int

    /// The set whose bits `rawValue` holds.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// An inactive account's sign-in is `.rejected(403, USER_INACTIVE)`.
    /// Without it, the sign-in is refused as wrong credentials
    /// (`INVALID_CREDENTIALS`, or a code-less 401): an OAuth 2.0 server's
    /// `invalid_grant` (RFC 6749 §5.2).
    public static let inactiveAccountAtSignIn = Self(rawValue: 1 << 0)
    /// A refresh past the refresh window is `.rejected(401, TOKEN_EXPIRED)`.
    /// Without it, `TOKEN_INVALID`, as any credential the backend will not
    /// exchange (GoTrue's `session_expired`, OAuth 2.0's `invalid_grant`).
    public static let expiryAtRefresh = Self(rawValue: 1 << 1)
    /// A refresh for an inactive account is `.rejected(403, USER_INACTIVE)`
    /// and for a deleted one `.rejected(410, USER_DELETED)`. Without it,
    /// `TOKEN_INVALID` for both (OAuth 2.0's `invalid_grant`).
    public static let accountStateAtRefresh = Self(rawValue: 1 << 2)

    /// Every refusal told apart: the wire contract's.
    public static let all: Self = [.inactiveAccountAtSignIn, .expiryAtRefresh, .accountStateAtRefresh]
}
