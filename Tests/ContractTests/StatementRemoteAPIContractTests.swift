import OAuth2ServerAccess
import Ports
import Testing

/// The part of `StatementRemoteAPI`'s contract any backend passes with its
/// seeded data alone (the control switches are in
/// `StatementRemoteAPIControlContractTests`), for every adapter in
/// `SeededAdapters.statements` and against a server playing Cora.
@Suite(
    "StatementRemoteAPI contract, seeded data",
    .needsRoutes(RemoteRoute.auth, RemoteRoute.statementList, RemoteRoute.statementDetails),
    .sharesTheOAuth2Server)
struct StatementRemoteAPIContractTests {
    static let activeAccounts = [RemoteSeed.maria, RemoteSeed.joao]

    @Test(
        "statement has sections by date, each with an item, and itemsTotal equal to the item count",
        arguments: SeededAdapters.statementsOnCoraRoutes)
    func statementSectionsAndTotal(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()

        for account in Self.activeAccounts {
            let token = try await server.auth.signIn(account.byCPF).accessToken

            let statement = try await statements.statement(token: token)

            #expect(!statement.sections.isEmpty)
            #expect(statement.sections.allSatisfy { !$0.items.isEmpty })
            #expect(statement.itemsTotal == statement.sections.map(\.items.count).reduce(0, +))
            #expect(Set(statement.sections.map(\.date)).count == statement.sections.count)
        }
    }

    @Test(
        "every listed id has details with the listed amount, description and date",
        arguments: SeededAdapters.statementsOnCoraRoutes)
    func everyListedIdHasMatchingDetails(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()

        for account in Self.activeAccounts {
            let token = try await server.auth.signIn(account.byCPF).accessToken
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

    @Test("details of an unknown id are refused as NOT_FOUND", arguments: SeededAdapters.statementsOnCoraRoutes)
    func unknownIdIsNotFound(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        let error = await #expect(throws: RemoteError.self) {
            try await statements.entryDetails(id: "no-such-entry", token: token)
        }

        #expect(error == .notFound)
    }

    @Test("details of another user's entry are refused as NOT_FOUND", arguments: SeededAdapters.statementsOnCoraRoutes)
    func otherUsersIdIsNotFound(_ adapter: StatementAdapter) async throws {
        let (statements, server) = try await adapter.make()
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
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

    @Test(
        "every call refuses a token this server never issued as TOKEN_INVALID",
        arguments: SeededAdapters.statementsOnCoraRoutes, RemoteStatementCall.allCases)
    func everyCallRefusesUnknownToken(_ adapter: StatementAdapter, _ call: RemoteStatementCall) async throws {
        let (statements, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let id = try await call.listedID(statements, token: token)

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: statements, id: id, token: AccessToken("not-a-token-this-server-issued"))
        }

        #expect(error == .tokenInvalid)
    }

}

/// Each call of `StatementRemoteAPI`, to test what they share.
enum RemoteStatementCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case statement, entryDetails

    var testDescription: String { rawValue }

    var operation: RemoteOperation {
        switch self {
        case .statement: .statement
        case .entryDetails: .entryDetails
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
