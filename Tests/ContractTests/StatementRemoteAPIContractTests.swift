import Ports
import Testing

/// `StatementRemoteAPI`'s contract, for every adapter in `RemoteAdapters.statements`.
@Suite("StatementRemoteAPI contract")
struct StatementRemoteAPIContractTests {
    static let activeAccounts = [RemoteSeed.maria, RemoteSeed.joao]

    @Test(
        "statement has sections by date, each with an item, and itemsTotal equal to the item count",
        arguments: RemoteAdapters.statements)
    func statementSectionsAndTotal(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()

        for account in Self.activeAccounts {
            let token = try await server.auth.signIn(account.byCPF)

            let statement = try await statements.statement(token: token)

            #expect(!statement.sections.isEmpty)
            #expect(statement.sections.allSatisfy { !$0.items.isEmpty })
            #expect(statement.itemsTotal == statement.sections.map(\.items.count).reduce(0, +))
            #expect(Set(statement.sections.map(\.date)).count == statement.sections.count)
        }
    }

    @Test(
        "every listed id has details with the listed amount, description and date",
        arguments: RemoteAdapters.statements)
    func everyListedIdHasMatchingDetails(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()

        for account in Self.activeAccounts {
            let token = try await server.auth.signIn(account.byCPF)
            let items = try await statements.statement(token: token).sections.flatMap(\.items)

            for item in items {
                let details = try await statements.entryDetails(id: item.id, token: token)
                #expect(details.id == item.id)
                #expect(details.amount == item.amount, "\(item.id)")
                #expect(details.description == item.description, "\(item.id)")
                #expect(details.dateEvent == item.dateEvent, "\(item.id)")
            }
        }
    }

    @Test("details of an unknown id are refused as NOT_FOUND", arguments: RemoteAdapters.statements)
    func unknownIdIsNotFound(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        let error = await #expect(throws: RemoteError.self) {
            try await statements.entryDetails(id: "no-such-entry", token: token)
        }

        #expect(error == .notFound)
    }

    @Test("details of another user's entry are refused as NOT_FOUND", arguments: RemoteAdapters.statements)
    func otherUsersIdIsNotFound(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF)
        let mariaIDs = try await statements.statement(token: mariaToken).sections.flatMap(\.items).map(\.id)
        let joaoIDs = try await statements.statement(token: joaoToken).sections.flatMap(\.items).map(\.id)
        let mariaFirst = try #require(mariaIDs.first)
        let joaoFirst = try #require(joaoIDs.first)
        #expect(Set(mariaIDs).isDisjoint(with: joaoIDs))

        let joaoAsksMaria = await #expect(throws: RemoteError.self) {
            try await statements.entryDetails(id: mariaFirst, token: joaoToken)
        }
        let mariaAsksJoao = await #expect(throws: RemoteError.self) {
            try await statements.entryDetails(id: joaoFirst, token: mariaToken)
        }

        #expect(joaoAsksMaria == .notFound)
        #expect(mariaAsksJoao == .notFound)
    }

    // MARK: token and account failures, every call

    @Test(
        "every call refuses an unknown or revoked token as TOKEN_INVALID",
        arguments: RemoteAdapters.statements, RemoteStatementCall.allCases)
    func everyCallRefusesInvalidToken(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let id = try await call.listedID(statements, token: token)
        try await server.revokeAllTokens()

        for refused in [token, AccessToken("not-a-token-this-server-issued")] {
            let error = await #expect(throws: RemoteError.self) {
                try await call.perform(on: statements, id: id, token: refused)
            }
            #expect(error == .tokenInvalid)
        }
    }

    @Test(
        "every call refuses a token past its lifetime as TOKEN_EXPIRED",
        arguments: RemoteAdapters.statements, RemoteStatementCall.allCases)
    func everyCallRefusesExpiredToken(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let id = try await call.listedID(statements, token: token)
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: id, token: token)
        }

        #expect(error == .tokenExpired)
    }

    @Test(
        "every call on an inactive account answers USER_INACTIVE, on a deleted one USER_DELETED",
        arguments: RemoteAdapters.statements, RemoteStatementCall.allCases)
    func everyCallAnswersAccountState(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
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

    // MARK: network

    @Test(
        "network failures throw transport, timeout or malformedResponse",
        arguments: RemoteAdapters.statements, RemoteFault.networkFailures)
    func networkFailuresAreMapped(_ adapter: StatementAdapter, _ fault: RemoteFault) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        for call in RemoteStatementCall.allCases {
            let id = try await call.listedID(statements, token: token)
            try await server.injectFault(fault, on: call.route)
            let error = await #expect(throws: RemoteError.self) {
                try await call.perform(on: statements, id: id, token: token)
            }
            expectNetworkFailure(error, for: fault)
        }
    }
}

/// Each call of `StatementRemoteAPI`, to test what they share.
enum RemoteStatementCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case statement, entryDetails

    var testDescription: String { rawValue }

    var route: String {
        switch self {
        case .statement: RemoteRoute.statementList
        case .entryDetails: RemoteRoute.statementDetails
        }
    }

    /// An id the statement lists, for `entryDetails` (fetched while the token still works).
    func listedID(_ statements: any StatementRemoteAPI, token: AccessToken) async throws -> String {
        guard self == .entryDetails else { return "" }
        let first = try await statements.statement(token: token).sections.first?.items.first?.id
        return try #require(first)
    }

    func perform(on statements: any StatementRemoteAPI, id: String, token: AccessToken) async throws(RemoteError) {
        switch self {
        case .statement: _ = try await statements.statement(token: token)
        case .entryDetails: _ = try await statements.entryDetails(id: id, token: token)
        }
    }
}
