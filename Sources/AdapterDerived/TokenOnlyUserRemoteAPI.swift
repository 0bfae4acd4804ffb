public import Ports

/// `UserRemoteAPI` for a backend that only issues tokens (`token-only`: the
/// Cora API has sign-in, refresh and the statement, no current-user route). It
/// offers no user routes: every method throws `.rejected(404, NOT_FOUND)`
/// at once and sends nothing; the port's contract says what the domain does
/// instead (the profile from the sign-in, a refresh as the launch check).
public struct TokenOnlyUserRemoteAPI: UserRemoteAPI {
    public init() {}

    public var offersCurrentUser: Bool { false }
    public var offersAccountRoutes: Bool { false }
    /// It refuses no token: it asks nothing.
    public var tellsExpiredTokenApart: Bool { false }
    /// It answers no profile.
    public var profileCarriesCPF: Bool { false }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        throw Self.notOffered
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    {
        throw Self.notOffered
    }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        throw Self.notOffered
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        throw Self.notOffered
    }

    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        throw Self.notOffered
    }

    /// What a backend without the route would answer.
    private static let notOffered = RemoteError.rejected(status: 404, code: .notFound)
}
