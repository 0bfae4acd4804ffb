public import Ports

/// `UserRemoteAPI` over an `InMemoryBackend`.
public struct InMemoryUserRemoteAPI: UserRemoteAPI {
    private let backend: InMemoryBackend

    public init(backend: InMemoryBackend) {
        self.backend = backend
    }

    /// This backend has the current user's routes and the related users'.
    public var offersCurrentUser: Bool { true }
    public var offersAccountRoutes: Bool { true }
    /// The wire contract's: an expired token is `TOKEN_EXPIRED`.
    public var tellsExpiredTokenApart: Bool { true }
    /// The wire contract's profile has the CPF.
    public var profileCarriesCPF: Bool { true }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await backend.admitOrThrow(BackendRoute.currentUser)
        do { return try await backend.currentUser(token: token) } catch { throw error.remoteError }
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    {
        try await backend.admitOrThrow(BackendRoute.updateCurrentUser)
        do { return try await backend.updateCurrentUser(changes, token: token) } catch { throw error.remoteError }
    }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        try await backend.admitOrThrow(BackendRoute.deleteCurrentUser)
        do { try await backend.deleteCurrentUser(token: token) } catch { throw error.remoteError }
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await backend.admitOrThrow(BackendRoute.relatedUsers)
        do { return try await backend.relatedUsers(token: token) } catch { throw error.remoteError }
    }

    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await backend.admitOrThrow(BackendRoute.saveSharedWith)
        do { return try await backend.saveSharedWith(ids, token: token) } catch { throw error.remoteError }
    }
}
