import Ports
import Testing

/// The checks behind `StatementRemoteAPIContract`'s promises, on one adapter
/// and its server.
struct StatementChecks {
    let api: any StatementRemoteAPI
    let server: any StatementBackendControl
    let sourceLocation: SourceLocation

    func sectionsByDateAndTotal() async throws {
        for holder in SeededPerson.allCases {
            let statement = try await api.statement(token: try await server.signIn(holder))
            #expect(!statement.sections.isEmpty, "\(holder)", sourceLocation: sourceLocation)
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
        for holder in SeededPerson.allCases {
            let token = try await server.signIn(holder)
            for item in try await api.statement(token: token).sections.flatMap(\.items) {
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
        let error = await refusal(token) { () async throws(RemoteError) in
            _ = try await api.entryDetails(id: "no-such-entry", token: token)
        }
        #expect(Self.isRejection(error, 404, .notFound), "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    func anotherPersonsEntryIsNotFound() async throws {
        let first = try await server.signIn(.first)
        let second = try await server.signIn(.second)
        let firstIDs = try await api.statement(token: first).sections.flatMap(\.items).map(\.id)
        let secondIDs = try await api.statement(token: second).sections.flatMap(\.items).map(\.id)
        let firstID = try #require(firstIDs.first, sourceLocation: sourceLocation)
        let secondID = try #require(secondIDs.first, sourceLocation: sourceLocation)
        #expect(Set(firstIDs).isDisjoint(with: secondIDs), sourceLocation: sourceLocation)

        let secondAsksFirst = await refusal(second) { () async throws(RemoteError) in
            _ = try await api.entryDetails(id: firstID, token: second)
        }
        let firstAsksSecond = await refusal(first) { () async throws(RemoteError) in
            _ = try await api.entryDetails(id: secondID, token: first)
        }
        #expect(
            Self.isRejection(secondAsksFirst, 404, .notFound), "\(String(describing: secondAsksFirst))",
            sourceLocation: sourceLocation)
        #expect(
            Self.isRejection(firstAsksSecond, 404, .notFound), "\(String(describing: firstAsksSecond))",
            sourceLocation: sourceLocation)
    }

    func unknownTokenIsInvalid() async throws {
        let token = try await server.signIn(.first)
        let stranger = AccessToken("not-a-token-this-server-issued-Qw72")
        for call in StatementCall.allCases {
            let id = try await listedID(for: call, token: token)
            let error = await refusal(stranger) { () async throws(RemoteError) in
                try await perform(call, id: id, token: stranger)
            }
            #expect(
                Self.isRejection(error, 401, .tokenInvalid), "\(call): \(String(describing: error))",
                sourceLocation: sourceLocation)
        }
    }

    func revokedTokenIsInvalid() async throws {
        for call in StatementCall.allCases {
            let token = try await server.signIn(.first)
            let id = try await listedID(for: call, token: token)
            try await server.revokeAllTokens()
            let error = await refusal(token) { () async throws(RemoteError) in
                try await perform(call, id: id, token: token)
            }
            #expect(
                Self.isRejection(error, 401, .tokenInvalid), "\(call): \(String(describing: error))",
                sourceLocation: sourceLocation)
        }
    }

    func expiredTokenIsRefused() async throws {
        for call in StatementCall.allCases {
            let token = try await server.signIn(.first)
            let id = try await listedID(for: call, token: token)
            try await server.expireIssuedTokens()
            let error = await refusal(token) { () async throws(RemoteError) in
                try await perform(call, id: id, token: token)
            }
            // The port: a refused token is 401 TOKEN_INVALID or TOKEN_EXPIRED;
            // a backend that cannot tell an expired token apart says invalid.
            #expect(
                Self.isRejection(error, 401, .tokenExpired)
                    || Self.isRejection(error, 401, .tokenInvalid),
                "\(call): \(String(describing: error))", sourceLocation: sourceLocation)
        }
    }

    func accountStateIsSaid() async throws {
        for call in StatementCall.allCases {
            let token = try await server.signIn(.first)
            let id = try await listedID(for: call, token: token)
            try await server.setAccount(.first, to: .inactive)
            let inactive = await refusal(token) { () async throws(RemoteError) in
                try await perform(call, id: id, token: token)
            }
            try await server.setAccount(.first, to: .deleted)
            let deleted = await refusal(token) { () async throws(RemoteError) in
                try await perform(call, id: id, token: token)
            }
            try await server.setAccount(.first, to: .active)
            #expect(
                Self.isRejection(inactive, 403, .userInactive), "\(call): \(String(describing: inactive))",
                sourceLocation: sourceLocation)
            #expect(
                Self.isRejection(deleted, 410, .userDeleted), "\(call): \(String(describing: deleted))",
                sourceLocation: sourceLocation)
        }
    }

    func networkFailuresAreTheServers() async throws {
        let token = try await server.signIn(.first)
        let failures: [RemoteCallFailure] = [.drop, .malformed, .status(500, body: .empty)]
        for call in StatementCall.allCases {
            for failure in failures {
                let id = try await listedID(for: call, token: token)
                try await server.failNextCall(call, failure)
                let error = await refusal(token) { () async throws(RemoteError) in
                    try await perform(call, id: id, token: token)
                }
                switch (failure, error) {
                case (.drop, .transport?), (.malformed, .malformedResponse?), (.status(500, _), .rejected(500, _, _)?):
                    break
                default:
                    Issue.record(
                        "\(call), \(failure): gave \(String(describing: error))", sourceLocation: sourceLocation)
                }
                #expect(error?.isInfrastructure == true, "\(call), \(failure)", sourceLocation: sourceLocation)
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
                    guard
                        let error = await refusal(
                            token, { () async throws(RemoteError) in try await perform(call, id: id, token: token) })
                    else {
                        continue
                    }
                    for problem in RemoteErrorStatusMapping.problems(of: error, answering: status) {
                        Issue.record(
                            "\(call) answered \(status) with a \(body.rawValue) body gave \(error): \(problem)",
                            sourceLocation: sourceLocation)
                    }
                }
            }
        }
    }

    // MARK: - Helpers

    /// Whether `error` is a rejection with `status` and `code` (whatever its fields).
    private static func isRejection(_ error: RemoteError?, _ status: Int, _ code: RemoteErrorCode) -> Bool {
        guard case .rejected(let given, let givenCode, _)? = error else { return false }
        return given == status && givenCode == code
    }

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

    /// The error `body` throws — recorded as an issue when it throws none —
    /// checked to say nothing of the token it was called with.
    private func refusal(
        _ token: AccessToken, _ body: () async throws(RemoteError) -> Void
    ) async -> RemoteError? {
        do throws(RemoteError) {
            try await body()
            Issue.record("the call succeeded; a refusal was expected", sourceLocation: sourceLocation)
            return nil
        } catch {
            for text in everyTextOf(error) where text.contains(token.reveal()) {
                Issue.record("the error's text says the token: \(text)", sourceLocation: sourceLocation)
            }
            return error
        }
    }
}
