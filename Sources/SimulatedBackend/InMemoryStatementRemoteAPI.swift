public import Ports

/// `StatementRemoteAPI` over an `InMemoryBackend`.
public struct InMemoryStatementRemoteAPI: StatementRemoteAPI {
    private let backend: InMemoryBackend

    public init(backend: InMemoryBackend) {
        self.backend = backend
    }

    public func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        try await backend.admitOrThrow(BackendRoute.statementList)
        do { return try await backend.statement(token: token) } catch { throw error.remoteError }
    }

    public func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await backend.admitOrThrow(BackendRoute.statementDetails)
        do { return try await backend.entryDetails(id: id, token: token) } catch { throw error.remoteError }
    }
}
