import Ports
import Testing

/// The checks behind `UserRemoteAPIContract`'s promises, on one adapter and
/// its server.
struct UserChecks {
    let users: any UserRemoteAPI
    let server: any UserBackendControl
    let verdicts: RemoteCallVerdicts
    var sourceLocation: SourceLocation { verdicts.sourceLocation }

    init(users: any UserRemoteAPI, server: any UserBackendControl, sourceLocation: SourceLocation) {
        self.users = users
        self.server = server
        verdicts = RemoteCallVerdicts(sourceLocation: sourceLocation)
    }

    /// Profile changes with malformed fields, and the fields a server must name.
    static let malformedChanges: [(changes: ProfileChanges, badFields: Set<String>)] = [
        (ProfileChanges(name: " "), ["name"]),
        (ProfileChanges(email: "maria-at-example"), ["email"]),
        (ProfileChanges(name: "", email: "@example.com"), ["name", "email"]),
        (ProfileChanges(name: "Maria", email: "maria@"), ["email"]),
    ]

    private var offeredCalls: [UserCall] { UserCall.allCases.filter { $0.isOffered(by: users) } }

    // MARK: - Seeded data

    func currentUserIsTheTokensPerson() async throws {
        var ids: [String] = []
        for person in SeededPerson.allCases {
            let seeded = server.profile(of: person)
            let profile = try await users.currentUser(token: try await server.signIn(person))
            #expect(profile.name == seeded.name, "\(person)", sourceLocation: sourceLocation)
            if let email = seeded.email { #expect(profile.email == email, sourceLocation: sourceLocation) }
            #expect(profile.active && !profile.isDeleted, "\(person)", sourceLocation: sourceLocation)
            #expect(profile.source == .server, sourceLocation: sourceLocation)
            #expect(
                profile.cpf == (users.profileCarriesCPF ? seeded.cpf : ""),
                "a profile carries the CPF exactly where profileCarriesCPF says so", sourceLocation: sourceLocation)
            ids.append(profile.id)
        }
        #expect(Set(ids).count == ids.count, "each person has an id of their own", sourceLocation: sourceLocation)
    }

    func declaredRoutesAreConstant() async throws {
        let before = (users.offersCurrentUser, users.offersAccountRoutes)
        // A token the server never issued: a call that is sent after all
        // (the promise broken) changes nothing of the seed.
        let stranger = AccessToken("not-a-token-this-server-issued-Lm40")
        for call in UserCall.allCases where !call.isOffered(by: users) {
            let error = await verdicts.refusal(stranger) { () async throws(RemoteError) in
                try await call.perform(on: users, token: stranger)
            }
            verdicts.expectRejection(error, 404, .notFound, "\(call), a route not declared:")
        }
        #expect(users.offersCurrentUser == before.0, sourceLocation: sourceLocation)
        #expect(users.offersAccountRoutes == before.1, sourceLocation: sourceLocation)
        #expect(!users.offersAccountRoutes || users.offersCurrentUser, sourceLocation: sourceLocation)
    }

    func unknownTokenIsInvalid() async throws {
        let stranger = AccessToken("not-a-token-this-server-issued-Pv18")
        for call in offeredCalls {
            let error = await verdicts.refusal(stranger) { () async throws(RemoteError) in
                try await call.perform(on: users, token: stranger)
            }
            verdicts.expectRejection(error, 401, .tokenInvalid, "\(call)")
        }
    }

    func emptyChangesChangeNothing() async throws {
        let token = try await server.signIn(.first)
        let before = try await users.currentUser(token: token)
        #expect(
            try await users.updateCurrentUser(ProfileChanges(), token: token) == before, sourceLocation: sourceLocation)
    }

    func malformedFieldsAreNamed() async throws {
        let token = try await server.signIn(.first)
        let before = try await users.currentUser(token: token)
        for bad in Self.malformedChanges {
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                _ = try await users.updateCurrentUser(bad.changes, token: token)
            }
            guard case .rejected(let status, let code, let fields)? = error else {
                Issue.record("\(bad.changes) gave \(String(describing: error))", sourceLocation: sourceLocation)
                continue
            }
            #expect(status == 400 && code == .validationFailed, "\(bad.changes)", sourceLocation: sourceLocation)
            #expect(Set(fields.keys) == bad.badFields, "\(bad.changes)", sourceLocation: sourceLocation)
        }
        #expect(try await users.currentUser(token: token) == before, "nothing changed", sourceLocation: sourceLocation)
    }

    func takenEmailIsAlreadyRegistered() async throws {
        let secondsEmail = try await users.currentUser(token: try await server.signIn(.second)).email
        let token = try await server.signIn(.first)
        let error = await verdicts.refusal(token) { () async throws(RemoteError) in
            _ = try await users.updateCurrentUser(ProfileChanges(email: secondsEmail), token: token)
        }
        verdicts.expectRejection(error, 409, .alreadyRegistered)
    }

    func relatedPeopleAreEachOther() async throws {
        let firstToken = try await server.signIn(.first)
        let secondToken = try await server.signIn(.second)
        let first = try await users.currentUser(token: firstToken)
        let second = try await users.currentUser(token: secondToken)
        let relatedToFirst = try await users.relatedUsers(token: firstToken)
        let relatedToSecond = try await users.relatedUsers(token: secondToken)
        #expect(
            relatedToFirst.contains(RelatedUser(id: second.id, name: second.name, email: second.email)),
            sourceLocation: sourceLocation)
        #expect(
            relatedToSecond.contains(RelatedUser(id: first.id, name: first.name, email: first.email)),
            sourceLocation: sourceLocation)
        #expect(!relatedToFirst.contains { $0.id == first.id }, "never one's own", sourceLocation: sourceLocation)
    }

    func savingTheChoiceAsItIsChangesNothing() async throws {
        let token = try await server.signIn(.first)
        let before = try await users.relatedUsers(token: token)
        let answer = try await users.saveSharedWith(Set(before.filter(\.isShared).map(\.id)), token: token)
        #expect(answer == before, sourceLocation: sourceLocation)
        #expect(try await users.relatedUsers(token: token) == before, sourceLocation: sourceLocation)
    }

    func sharingWithSomeoneNotRelatedIsRefused() async throws {
        let token = try await server.signIn(.first)
        let me = try await users.currentUser(token: token)
        let before = try await users.relatedUsers(token: token)
        let everyRelated = Set(before.map(\.id))
        for ids in [[me.id], ["no-such-user"], everyRelated.union(["no-such-user"])] as [Set<String>] {
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                _ = try await users.saveSharedWith(ids, token: token)
            }
            guard case .rejected(let status, let code, let fields)? = error else {
                Issue.record("sharing with \(ids) gave \(String(describing: error))", sourceLocation: sourceLocation)
                continue
            }
            #expect(status == 400 && code == .validationFailed, sourceLocation: sourceLocation)
            #expect(Set(fields.keys) == ["shared"], sourceLocation: sourceLocation)
        }
        #expect(try await users.relatedUsers(token: token) == before, "nothing changed", sourceLocation: sourceLocation)
    }

    // MARK: - The server's switches

    func undeclaredRouteSendsNothing() async throws {
        guard UserCall.allCases.contains(where: { !$0.isOffered(by: users) }) else {
            let comment: Comment = "does not apply: the adapter declares every user route"
            Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
            try Test.cancel(comment, sourceLocation: sourceLocation)
        }
        let token = try await server.signIn(.first)
        for call in UserCall.allCases where !call.isOffered(by: users) {
            let sentBefore = try await server.requestCount()
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                try await call.perform(on: users, token: token)
            }
            verdicts.expectRejection(error, 404, .notFound, "\(call)")
            #expect(
                try await server.requestCount() == sentBefore, "\(call) sent a request", sourceLocation: sourceLocation)
        }
    }

    func revokedTokenIsInvalid() async throws {
        for call in offeredCalls {
            let token = try await server.signIn(.first)
            try await server.revokeAllTokens()
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                try await call.perform(on: users, token: token)
            }
            verdicts.expectRejection(error, 401, .tokenInvalid, "\(call)")
        }
    }

    func expiredTokenIsRefusedAsDeclared() async throws {
        for call in offeredCalls {
            let token = try await server.signIn(.first)
            try await server.expireIssuedTokens()
            let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                try await call.perform(on: users, token: token)
            }
            verdicts.expectRejection(
                error, 401, users.tellsExpiredTokenApart ? .tokenExpired : .tokenInvalid, "\(call)")
        }
    }

    func accountStateIsSaid(_ state: RemoteAccountSwitch) async throws {
        let expected: (status: Int, code: RemoteErrorCode) =
            state == .inactive ? (403, .userInactive) : (410, .userDeleted)
        // The deletion last: a backend that wrongly honoured it would end
        // the account the calls after it sign in.
        for call in offeredCalls.sorted(by: { $1 == .deleteCurrentUser && $0 != .deleteCurrentUser }) {
            let token = try await server.signIn(.first)
            try await server.withAccount(.first, in: state) {
                if call == .currentUser, let profile = try? await users.currentUser(token: token) {
                    // The port lets a backend answer 200 with a profile that says so.
                    #expect(
                        state == .inactive ? !profile.active : profile.isDeleted,
                        "a 200 answer must say the account is \(state)", sourceLocation: sourceLocation)
                    return
                }
                let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                    try await call.perform(on: users, token: token)
                }
                verdicts.expectRejection(error, expected.status, expected.code, "\(call)")
            }
        }
    }

    func updatingOneFieldKeepsTheOthers() async throws {
        let token = try await server.signIn(.first)
        let before = try await users.currentUser(token: token)
        let renamed = try await users.updateCurrentUser(ProfileChanges(name: "Maria S. Oliveira"), token: token)
        #expect(renamed.name == "Maria S. Oliveira", sourceLocation: sourceLocation)
        #expect(renamed.email == before.email && renamed.cpf == before.cpf, sourceLocation: sourceLocation)
        #expect(try await users.currentUser(token: token) == renamed, sourceLocation: sourceLocation)

        let moved = try await users.updateCurrentUser(ProfileChanges(email: "maria.oliveira@example.com"), token: token)
        #expect(moved.email == "maria.oliveira@example.com", sourceLocation: sourceLocation)
        #expect(moved.name == renamed.name && moved.cpf == before.cpf, sourceLocation: sourceLocation)
        #expect(try await users.currentUser(token: token) == moved, sourceLocation: sourceLocation)
    }

    func deletedAccountIsGone() async throws {
        let token = try await server.signIn(.first)
        let otherToken = try await server.signIn(.first)
        try await users.deleteCurrentUser(token: token)
        for used in [token, otherToken] {
            let error = await verdicts.refusal(used) { () async throws(RemoteError) in
                _ = try await users.currentUser(token: used)
            }
            #expect(error?.isTokenRefused == true, "got \(String(describing: error))", sourceLocation: sourceLocation)
        }
        do {
            _ = try await server.signIn(.first)
            Issue.record("the deleted account's credentials still sign in", sourceLocation: sourceLocation)
        } catch let error as RemoteError {
            #expect(
                error.status == 401 && (error.code == .invalidCredentials || error.code == nil),
                "a sign-in of the deleted account gave \(error)", sourceLocation: sourceLocation)
        }
    }

    func noRelationsMeansNone() async throws {
        let token = try await server.signInANewAccount()
        #expect(try await users.relatedUsers(token: token).isEmpty, sourceLocation: sourceLocation)
    }

    func savedChoiceIsKeptByTheServer() async throws {
        let firstToken = try await server.signIn(.first)
        let secondToken = try await server.signIn(.second)
        let second = try await users.currentUser(token: secondToken)
        let secondSeesBefore = try await users.relatedUsers(token: secondToken)

        let answer = try await users.saveSharedWith([second.id], token: firstToken)
        #expect(answer.first { $0.id == second.id }?.isShared == true, sourceLocation: sourceLocation)
        #expect(answer.filter(\.isShared).map(\.id) == [second.id], sourceLocation: sourceLocation)
        let later = try await server.signIn(.first)
        #expect(
            try await users.relatedUsers(token: later) == answer, "on a new sign-in", sourceLocation: sourceLocation)
        #expect(
            try await users.relatedUsers(token: secondToken) == secondSeesBefore, "the other's own choice is theirs",
            sourceLocation: sourceLocation)

        let undone = try await users.saveSharedWith([], token: firstToken)
        #expect(!undone.contains { $0.isShared }, sourceLocation: sourceLocation)
        #expect(try await users.relatedUsers(token: firstToken) == undone, sourceLocation: sourceLocation)
    }

    func networkFailuresAreTheServers() async throws {
        let token = try await server.signIn(.first)
        for call in offeredCalls {
            for failure in RemoteCallVerdicts.infrastructureFailures {
                try await server.failNextCall(call, failure)
                let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                    try await call.perform(on: users, token: token)
                }
                verdicts.expectInfrastructureFailure(error, for: failure, "\(call)")
            }
        }
    }

    func everyErrorStatusMapsAsRemoteErrorSays() async throws {
        let token = try await server.signIn(.first)
        for status in errorStatusesOnTheWire {
            for body in ErrorAnswerBody.allCases {
                for call in offeredCalls {
                    try await server.failNextCall(call, .status(status, body: body))
                    let error = await verdicts.refusal(token) { () async throws(RemoteError) in
                        try await call.perform(on: users, token: token)
                    }
                    if let error { verdicts.expectMapped(error, answering: status, body: body, "\(call)") }
                }
            }
        }
    }
}
