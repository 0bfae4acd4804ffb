import Composition
import Ports

/// The storm's rival: the pattern of most public solutions to the Cora
/// challenge. It keeps one token, sends every call with it, and when a call
/// is refused for its token it refreshes by itself and retries once — no
/// single flight, no barrier, no expiry known in advance.
actor NaiveRefreshingClient {
    private var token: AccessToken
    private let auth: any AuthRemoteAPI
    private let user: any UserRemoteAPI

    init(token: AccessToken, auth: any AuthRemoteAPI, user: any UserRemoteAPI) {
        self.token = token
        self.auth = auth
        self.user = user
    }

    /// `GET /users/me` with the token it has; on a refused token, refreshes
    /// that token itself and retries once with the new one.
    nonisolated func currentUser() async throws(RemoteError) -> UserProfile {
        let user = self.user
        return try await authorized { token throws(RemoteError) in try await user.currentUser(token: token) }
    }

    /// `call` with the token it has; on a refused token, refreshes that token
    /// itself and retries once with the new one (the overhead scenario calls
    /// the statement adapter through it).
    nonisolated func authorized<Value: Sendable>(
        _ call: @Sendable (AccessToken) async throws(RemoteError) -> Value
    ) async throws(RemoteError) -> Value {
        let used = await token
        do {
            return try await call(used)
        } catch  where error.isTokenRefused {
            let fresh = try await auth.refresh(.accessToken(used)).accessToken
            await keep(fresh)
            return try await call(fresh)
        }
    }

    private func keep(_ fresh: AccessToken) {
        token = fresh
    }
}
