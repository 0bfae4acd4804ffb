public import Ports

/// The statement of the signed-in user, through the token manager: view
/// models ask for data and never see a token or the remote API.
public struct StatementService: StatementReading, EntryDetailsReading {
    private let tokenManager: TokenManager
    private let api: any StatementRemoteAPI

    public init(tokenManager: TokenManager, api: any StatementRemoteAPI) {
        self.tokenManager = tokenManager
        self.api = api
    }

    public func statement() async throws(SignedInFailure) -> Statement {
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in try await api.statement(token: token) }
    }

    public func details(id: String) async throws(SignedInFailure) -> StatementEntryDetails {
        let api = self.api
        return try await tokenManager.signedInCall { token throws(RemoteError) in
            try await api.entryDetails(id: id, token: token)
        }
    }
}
