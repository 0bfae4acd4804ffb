public import Ports

/// The signed-in user (docs/spec/signed-in-area.md; the Startup Flow spec's
/// "UserSession", named so it does not clash with the stored `UserSession`
/// value): load, related users and whom to share with, through the token
/// manager. Updating the profile and deleting the account are
/// `AccountManagement`'s, since the auth state follows them: an action that
/// changes the session state belongs on a use-case object, one that only
/// reads or writes the signed-in user's data belongs here (DomainCore's
/// "Adding a screen" guide).
public struct SignedInUserService: RelatedUsersChoosing {
    private let tokenManager: TokenManager
    private let api: any UserRemoteAPI

    /// A service calling `api` through `tokenManager`.
    ///
    /// - Parameters:
    ///   - tokenManager: adds the token to each call and keeps it fresh.
    ///   - api: the environment's user adapter.
    public init(tokenManager: TokenManager, api: any UserRemoteAPI) {
        self.tokenManager = tokenManager
        self.api = api
    }

    /// The signed-in user as the server knows them now (`GET /users/me`).
    ///
    /// - Throws: `.notOffered` without sending anything when the backend does
    ///   not tell whose a token is; otherwise the call's failure in the area's
    ///   terms (`.sessionEnded` once the backend ended the session).
    public func currentUser() async throws(SignedInFailure) -> UserProfile {
        guard api.offersCurrentUser else { throw .notOffered }
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in
            try await api.currentUser(token: token)
        }
    }

    /// The users related to the signed-in one.
    ///
    /// - Throws: `.notOffered` without sending anything when the backend has no
    ///   account routes; otherwise the call's failure in the area's terms.
    public func relatedUsers() async throws(SignedInFailure) -> [RelatedUser] {
        guard api.offersAccountRoutes else { throw .notOffered }
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in
            try await api.relatedUsers(token: token)
        }
    }

    /// Shares with exactly the related users in `ids` (`PUT /users/related`).
    ///
    /// - Throws: `.notOffered` without sending anything when the backend has no
    ///   account routes; otherwise the call's failure in the area's terms.
    public func saveSharedWith(_ ids: Set<String>) async throws(SignedInFailure) -> [RelatedUser] {
        guard api.offersAccountRoutes else { throw .notOffered }
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in
            try await api.saveSharedWith(ids, token: token)
        }
    }
}
