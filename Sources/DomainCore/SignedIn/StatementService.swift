public import Ports

/// The statement of the signed-in user, through the token manager: view
/// models ask for data and never see a token or the remote API.
public struct StatementService: StatementReading, EntryDetailsReading {
    private let tokenManager: TokenManager
    private let api: any StatementRemoteAPI

    /// A service calling `api` through `tokenManager`.
    ///
    /// - Parameters:
    ///   - tokenManager: adds the token to each call and keeps it fresh.
    ///   - api: the environment's statement adapter.
    public init(tokenManager: TokenManager, api: any StatementRemoteAPI) {
        self.tokenManager = tokenManager
        self.api = api
    }

    /// The signed-in user's statement.
    ///
    /// - Throws: the call's failure in the area's terms (`.sessionEnded` once
    ///   the backend ended the session).
    public func statement() async throws(SignedInFailure) -> Statement {
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in try await api.statement(token: token)
        }
    }

    /// Entry `id` of the statement in full.
    ///
    /// - Throws: `.notFound` when the server does not know the entry; otherwise
    ///   the call's failure in the area's terms.
    public func details(id: String) async throws(SignedInFailure) -> StatementEntryDetails {
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in
            try await api.entryDetails(id: id, token: token)
        }
    }
}
