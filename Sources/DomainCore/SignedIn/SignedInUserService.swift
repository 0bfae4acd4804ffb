public import Ports

/// The signed-in user (docs/spec/signed-in-area.md; the Startup Flow spec's
/// "UserSession", named so it does not clash with the stored `UserSession`
/// value): load and related users, through the token manager. Updating the
/// profile and deleting the account are
/// `AuthSession`'s, since the auth state follows them.
public struct SignedInUserService: RelatedUsersReading {
    private let tokenManager: TokenManager
    private let api: any UserRemoteAPI

    public init(tokenManager: TokenManager, api: any UserRemoteAPI) {
        self.tokenManager = tokenManager
        self.api = api
    }

    public func currentUser() async throws(SignedInFailure) -> UserProfile {
        guard api.offersProfileRoutes else { throw .notOffered }
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in try await api.currentUser(token: token) }
    }

    public func relatedUsers() async throws(SignedInFailure) -> [RelatedUser] {
        guard api.offersProfileRoutes else { throw .notOffered }
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in try await api.relatedUsers(token: token) }
    }
}
