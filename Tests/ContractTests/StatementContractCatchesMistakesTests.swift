import PortContracts
import Ports
import Testing

/// `StatementRemoteAPIContract` fails an adapter that breaks a promise: each
/// test passes only if the check records the issue it must
/// (`withKnownIssue` fails when none comes).
@Suite("The statement contract catches what it must", .needsControlAPI)
struct StatementContractCatchesMistakesTests {
    @Test("An adapter that maps a 503 to wrong credentials breaks the error-status promise, naming the status")
    func aServerFailureTakenForTheCredentialsFails() async throws {
        let adapter = try #require(RemoteAdapters.statementsOnCoraRoutes.first)
        try await withKnownIssue {
            try await StatementRemoteAPIContract.check(.everyErrorStatusMapsAsRemoteErrorSays) {
                let sut = try await adapter.underTest()
                return StatementAPIUnderTest(
                    api: ServiceUnavailableAsWrongCredentials(base: sut.api), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("answered 503")
        }
    }

    @Test("An adapter whose refusal says the token it was sent breaks every refusal's promise")
    func aRefusalThatSaysTheTokenFails() async throws {
        let adapter = try #require(RemoteAdapters.statementsOnCoraRoutes.first)
        try await withKnownIssue {
            try await StatementRemoteAPIContract.check(.unknownTokenIsInvalid) {
                let sut = try await adapter.underTest()
                return StatementAPIUnderTest(api: RefusalSaysTheToken(base: sut.api), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("says the token")
        }
    }
}

/// The planted mistake: a 503 (the server busy) read as the person's wrong
/// credentials — the app would then ask for the password again.
private struct ServiceUnavailableAsWrongCredentials: StatementRemoteAPI {
    let base: any StatementRemoteAPI

    private func mapped<Value>(_ call: () async throws(RemoteError) -> Value) async throws(RemoteError) -> Value {
        do {
            return try await call()
        } catch .rejected(503, _, _) {
            throw .rejected(status: 401, code: .invalidCredentials)
        }
    }

    func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        try await mapped { () async throws(RemoteError) in try await base.statement(token: token) }
    }

    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await mapped { () async throws(RemoteError) in try await base.entryDetails(id: id, token: token) }
    }
}

/// The planted mistake: a refusal whose text carries the token it refused.
private struct RefusalSaysTheToken: StatementRemoteAPI {
    let base: any StatementRemoteAPI

    func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        do {
            return try await base.statement(token: token)
        } catch .rejected(let status, let code, _) {
            throw .rejected(status: status, code: code, fields: ["token": token.reveal()])
        }
    }

    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await base.entryDetails(id: id, token: token)
    }
}
