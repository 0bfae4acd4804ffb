import Ports
import Testing

/// The checks behind `StatementRemoteAPIContract`'s promises, on one adapter
/// and its server.
struct StatementChecks {
    let api: any StatementRemoteAPI
    let server: any StatementBackendControl
    let verdicts: RemoteCallVerdicts
    var sourceLocation: SourceLocation { verdicts.sourceLocation }

    init(api: any StatementRemoteAPI, server: any StatementBackendControl, sourceLocation: SourceLocation) {
        self.api = api
        self.server = server
        verdicts = RemoteCallVerdicts(sourceLocation: sourceLocation)
    }

    func sectionsByDateAndTotal() async throws {
        for person in SeededPerson.allCases {
            let statement = try await api.statement(token: try await server.signIn(person))
            #expect(!statement.sections.isEmpty, "\(person)", sourceLocation: sourceLocation)
            #expect(statement.sections.allSatisfy { !$0.items.isEmpty }, sourceLocation: sourceLocation)
            #expect(
                statement.itemsTotal == statement.sections.map(\.items.count).reduce(0, +),
                sourceLocation: sourceLocation)
            #expect(
                Set(statement.sections.map(\.date)).count == statement.sections.count, "one section a date",
                sourceLocation: sourceLocation)
        }
    }

    func listedEntriesHaveMatchingDetails() async throws {
        for person in SeededPerson.allCases {
            let token = try await server.signIn(person)
            let items = try await api.statement(token: token).sections.flatMap(\.items)
            #expect(!items.isEmpty, "\(person)'s statement lists entries", sourceLocation: sourceLocation)
            for item in items {
                let details = try await api.entryDetails(id: item.id, token: token)
                #expect(details.id == item.id, sourceLocation: sourceLocation)
                #expect(details.amount == item.amount, "\(item.id)", sourceLocation: sourceLocation)
                #expect(details.description == item.description, "\(item.id)", sourceLocation: sourceLocation)
                #expect(details.dateEvent == item.dateEvent, "\(item.id)", sourceLocation: sourceLocation)
            }
        }
    }

    func unknownEntryIsNotFound() async throws {
        let token = try await server.signIn(.first)
        let error = await verdicts.refusal(token) { () async throws(RemoteError) in
            _ = try await api.entryDetails(id: "no-such-entry", token: token)
        }
        verdicts.expectRejection(error, 404, .notFound)
    }

    func anotherPersonsEntryIsNotFound() async throws {
        let first = try await server.signIn(.first)
        let second = try await server.signIn(.second)
        let firstIDs = try await api.statement(token: first).sections.flatMap(\.items).map(\.id)
        let secondIDs = try await api.statement(token: second).sections.flatMap(\.items).map(\.id)
        let firstID = try #require(firstIDs.first, sourceLocation: sourceLocation)
        let secondID = try #require(secondIDs.first, sourceLocation: sourceLocation)
        #expect(Set(firstIDs).isDisjoint(with: secondIDs), sourceLocation: sourceLocation)

        let secondAsksFirst = await verdicts.refusal(second) { () async throws(RemoteError) in
            _ = try await api.entryDetails(id: firstID, token: second)
        }
        let firstAsksSecond = await verdicts.refusal(first) { () async throws(RemoteError) in
            _ = try await api.entryDetails(id: secondID, token: first)
        }
        verdicts.expectRejection(secondAsksFirst, 404, .notFound, "the second asking the first's entry:")
        verdicts.expectRejection(firstAsksSecond, 404, .notFound, "the first asking the second's entry:")
    }

    func unknownTokenIsInvalid() async throws {
        let token = try await server.signIn(.first)
        let stranger = AccessToken("not-a-token-this-server-issued-Qw72")
        for call in StatementCall.allCases {
            let id = try await listedID(for: call, token: token)
            let error = await verdicts.refusal(stranger) { () async throws(RemoteError) in
                try await perform(call, id: id, token: stranger)
            }
            verdicts.expectRejection(error, 401, .tokenInvalid, "\(call):")
        }
    }

    func revokedTokenIsInvalid() async throws {
        for call in StatementCall.allCases {
            let token = try await server.signIn(.first)
            let id = try await listedID(for: call, token: token)
            try await server.revokeAllTokens()
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                try await perform(call, id: id, token: token)
            }
            verdicts.expectRejection(error, 401, .tokenInvalid, "\(call):")
        }
    }

    func expiredTokenIsRefused() async throws {
        for call in StatementCall.allCases {
            let token = try await server.signIn(.first)
            let id = try await listedID(for: call, token: token)
            try await server.expireIssuedTokens()
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                try await perform(call, id: id, token: token)
            }
            // The port: a refused token is 401 TOKEN_INVALID or TOKEN_EXPIRED;
            // a backend that cannot tell an expired token apart says invalid.
            #expect(
                RemoteCallVerdicts.isRejection(error, 401, .tokenExpired)
                    || RemoteCallVerdicts.isRejection(error, 401, .tokenInvalid),
                "\(call): \(String(describing: error))", sourceLocation: sourceLocation)
        }
    }

    func accountStateIsSaid() async throws {
        let states: [(RemoteAccountSwitch, status: Int, code: RemoteErrorCode)] = [
            (.inactive, 403, .userInactive), (.deleted, 410, .userDeleted),
        ]
        for call in StatementCall.allCases {
            for (state, status, code) in states {
                let token = try await server.signIn(.first)
                let id = try await listedID(for: call, token: token)
                try await server.withAccount(.first, in: state) {
                    let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                        try await perform(call, id: id, token: token)
                    }
                    verdicts.expectRejection(error, status, code, "\(call), the account \(state):")
                }
            }
        }
    }

    func networkFailuresAreTheServers() async throws {
        let token = try await server.signIn(.first)
        for call in StatementCall.allCases {
            for failure in RemoteCallVerdicts.infrastructureFailures {
                let id = try await listedID(for: call, token: token)
                try await server.failNextCall(call, failure)
                let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                    try await perform(call, id: id, token: token)
                }
                verdicts.expectInfrastructureFailure(error, for: failure, "\(call)")
            }
        }
    }

    func everyErrorStatusMapsAsRemoteErrorSays() async throws {
        let token = try await server.signIn(.first)
        for status in errorStatusesOnTheWire {
            for body in ErrorAnswerBody.allCases {
                for call in StatementCall.allCases {
                    let id = try await listedID(for: call, token: token)
                    try await server.failNextCall(call, .status(status, body: body))
                    let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                        try await perform(call, id: id, token: token)
                    }
                    if let error { verdicts.expectMapped(error, answering: status, body: body, "\(call)") }
                }
            }
        }
    }

    // MARK: - Helpers

    /// An id the statement lists, for `entryDetails` (fetched while the token works).
    private func listedID(for call: StatementCall, token: AccessToken) async throws -> String {
        guard call == .entryDetails else { return "" }
        let first = try await api.statement(token: token).sections.first?.items.first?.id
        return try #require(first, "the statement lists an entry", sourceLocation: sourceLocation)
    }

    private func perform(_ call: StatementCall, id: String, token: AccessToken) async throws(RemoteError) {
        switch call {
        case .statement: _ = try await api.statement(token: token)
        case .entryDetails: _ = try await api.entryDetails(id: id, token: token)
        }
    }
}
