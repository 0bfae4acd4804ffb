import Ports
import Testing

/// The part of `StatementRemoteAPI`'s contract that needs the control API:
/// revocation, the server's clock, account states and faults.
@Suite(
    "StatementRemoteAPI contract, control switches", .needsControlAPI,
    .needsRoutes(RemoteRoute.auth, RemoteRoute.statementList, RemoteRoute.statementDetails))
struct StatementRemoteAPIControlContractTests {
    @Test(
        "every call refuses a revoked token as TOKEN_INVALID",
        arguments: RemoteAdapters.statementsOnCoraRoutes, RemoteStatementCall.allCases)
    func everyCallRefusesRevokedToken(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let id = try await call.listedID(statements, token: token)
        try await server.revokeAllTokens()

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: id, token: token)
        }

        #expect(error == .tokenInvalid)
    }

    @Test(
        "every call refuses a token past its lifetime as TOKEN_EXPIRED",
        arguments: RemoteAdapters.statementsOnCoraRoutes, RemoteStatementCall.allCases)
    func everyCallRefusesExpiredToken(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let id = try await call.listedID(statements, token: token)
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: id, token: token)
        }

        #expect(error == .tokenExpired)
    }

    @Test(
        "every call on an inactive account answers USER_INACTIVE, on a deleted one USER_DELETED",
        arguments: RemoteAdapters.statementsOnCoraRoutes, RemoteStatementCall.allCases)
    func everyCallAnswersAccountState(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let id = try await call.listedID(statements, token: token)

        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)
        let inactiveError = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: id, token: token)
        }
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)
        let deletedError = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: id, token: token)
        }

        #expect(inactiveError == .userInactive)
        #expect(deletedError == .userDeleted)
    }

    @Test(
        "network failures throw transport, timeout or malformedResponse",
        arguments: RemoteAdapters.statementsOnCoraRoutes, RemoteFault.networkFailures)
    func networkFailuresAreMapped(_ adapter: StatementAdapter, _ fault: RemoteFault) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        for call in RemoteStatementCall.allCases {
            let id = try await call.listedID(statements, token: token)
            try await server.injectFault(fault, on: call.operation)
            let error = await #expect(throws: RemoteError.self) {
                try await call.perform(on: statements, id: id, token: token)
            }
            expectNetworkFailure(error, for: fault)
        }
    }
}
