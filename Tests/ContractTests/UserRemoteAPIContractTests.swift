import OAuth2ServerAccess
import Ports
import Testing

/// The part of `UserRemoteAPI`'s contract any backend with these routes
/// passes with its seeded data alone, changing none of it (the control
/// switches are in `UserRemoteAPIControlContractTests`), for every adapter in
/// `SeededAdapters.users`.
@Suite(
    "UserRemoteAPI contract, seeded data",
    .needsRoutes(
        RemoteRoute.auth, RemoteRoute.currentUser, RemoteRoute.updateCurrentUser, RemoteRoute.deleteCurrentUser,
        RemoteRoute.relatedUsers, RemoteRoute.saveSharedWith),
    .sharesTheOAuth2Server)
struct UserRemoteAPIContractTests {
    // MARK: currentUser

    @Test("currentUser returns the token's user", arguments: SeededAdapters.users)
    func currentUserReturnsTokensUser(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken

        let maria = try await users.currentUser(token: mariaToken)
        let joao = try await users.currentUser(token: joaoToken)

        #expect(maria.name == RemoteSeed.maria.name)
        #expect(maria.email == RemoteSeed.maria.email)
        #expect(maria.active)
        #expect(!maria.isDeleted)
        #expect(joao.name == RemoteSeed.joao.name)
        #expect(joao.id != maria.id)
        if users.profileCarriesCPF {
            #expect(maria.cpf == RemoteSeed.maria.cpf)
            #expect(joao.cpf == RemoteSeed.joao.cpf)
        } else {
            #expect(maria.cpf.isEmpty && joao.cpf.isEmpty, "a backend without CPFs answers none")
        }
    }

    @Test(
        "every call refuses an unknown token as TOKEN_INVALID", arguments: SeededAdapters.users, RemoteUserCall.allCases
    )
    func everyCallRefusesUnknownToken(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, _) = try await adapter.make()
        try adapter.requireOffered(call.operation, by: users)

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: users, token: AccessToken("not-a-token-this-server-issued"))
        }

        #expect(error == .tokenInvalid)
    }

    // MARK: updateCurrentUser

    @Test("updating with no fields changes nothing", arguments: SeededAdapters.users)
    func updatingNothingChangesNothing(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.updateCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let before = try await users.currentUser(token: token)

        let updated = try await users.updateCurrentUser(ProfileChanges(), token: token)

        #expect(updated == before)
    }

    @Test(
        "updating with malformed fields is refused as VALIDATION_FAILED naming each, changing nothing",
        arguments: SeededAdapters.users, RemoteProfileChangeCase.all)
    func updatingWithMalformedFieldsIsRefused(_ adapter: UserAdapter, _ badCase: RemoteProfileChangeCase) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.updateCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let before = try await users.currentUser(token: token)

        let error = await #expect(throws: RemoteError.self) {
            try await users.updateCurrentUser(badCase.changes, token: token)
        }

        guard case .rejected(let status, let code, let fields)? = error else { return }
        #expect(status == 400)
        #expect(code == .validationFailed)
        #expect(Set(fields.keys) == badCase.badFields)
        #expect(try await users.currentUser(token: token) == before)
    }

    @Test("updating to another account's e-mail is refused as ALREADY_REGISTERED", arguments: SeededAdapters.users)
    func updatingToTakenEmailIsRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.updateCurrentUser, by: users)
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
        let joaoEmail = try await users.currentUser(token: joaoToken).email
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        let error = await #expect(throws: RemoteError.self) {
            try await users.updateCurrentUser(ProfileChanges(email: joaoEmail), token: token)
        }

        #expect(error == .alreadyRegistered)
    }

    // MARK: relatedUsers

    @Test("relatedUsers returns the users related to the token's user", arguments: SeededAdapters.users)
    func relatedUsersReturnsRelatedUsers(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.relatedUsers, by: users)
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
        let maria = try await users.currentUser(token: mariaToken)
        let joao = try await users.currentUser(token: joaoToken)

        let relatedToMaria = try await users.relatedUsers(token: mariaToken)
        let relatedToJoao = try await users.relatedUsers(token: joaoToken)

        #expect(relatedToMaria.contains(RelatedUser(id: joao.id, name: joao.name, email: joao.email)))
        #expect(relatedToJoao.contains(RelatedUser(id: maria.id, name: maria.name, email: maria.email)))
        #expect(!relatedToMaria.contains { $0.id == maria.id })
    }

    // MARK: saveSharedWith (changing nothing: the seeded choice is sent back as it is)

    @Test("saveSharedWith of the choice as it is answers what relatedUsers answers", arguments: SeededAdapters.users)
    func savingTheSameChoiceAnswersTheList(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.saveSharedWith, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let before = try await users.relatedUsers(token: token)

        let answer = try await users.saveSharedWith(Set(before.filter(\.isShared).map(\.id)), token: token)

        #expect(answer == before)
        #expect(try await users.relatedUsers(token: token) == before)
    }

    @Test(
        "saveSharedWith naming someone not related is refused as VALIDATION_FAILED on shared, changing nothing",
        arguments: SeededAdapters.users)
    func sharingWithSomeoneNotRelatedIsRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.saveSharedWith, by: users)
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let maria = try await users.currentUser(token: mariaToken)
        let before = try await users.relatedUsers(token: mariaToken)
        let everyRelated = Set(before.map(\.id))

        for ids in [[maria.id], ["no-such-user"], everyRelated.union(["no-such-user"])] as [Set<String>] {
            let error = await #expect(throws: RemoteError.self) {
                try await users.saveSharedWith(ids, token: mariaToken)
            }
            guard case .rejected(let status, let code, let fields)? = error else { continue }
            #expect(status == 400)
            #expect(code == .validationFailed)
            #expect(Set(fields.keys) == ["shared"])
        }
        #expect(try await users.relatedUsers(token: mariaToken) == before)
    }
}

/// Each call of `UserRemoteAPI`, to test what they all share.
enum RemoteUserCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case currentUser, updateCurrentUser, deleteCurrentUser, relatedUsers, saveSharedWith

    var testDescription: String { rawValue }

    var operation: RemoteOperation {
        switch self {
        case .currentUser: .currentUser
        case .updateCurrentUser: .updateCurrentUser
        case .deleteCurrentUser: .deleteCurrentUser
        case .relatedUsers: .relatedUsers
        case .saveSharedWith: .saveSharedWith
        }
    }

    func perform(on users: any UserRemoteAPI, token: AccessToken) async throws(RemoteError) {
        switch self {
        case .currentUser: _ = try await users.currentUser(token: token)
        case .updateCurrentUser: _ = try await users.updateCurrentUser(ProfileChanges(name: "Renamed"), token: token)
        case .deleteCurrentUser: try await users.deleteCurrentUser(token: token)
        case .relatedUsers: _ = try await users.relatedUsers(token: token)
        // Sharing with nobody: valid for every account, related users or not.
        case .saveSharedWith: _ = try await users.saveSharedWith([], token: token)
        }
    }
}

/// Profile changes with malformed fields and the fields the server must name.
struct RemoteProfileChangeCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let changes: ProfileChanges
    let badFields: Set<String>

    static let all: [RemoteProfileChangeCase] = [
        RemoteProfileChangeCase(testDescription: "blank name", changes: ProfileChanges(name: " "), badFields: ["name"]),
        RemoteProfileChangeCase(
            testDescription: "malformed e-mail", changes: ProfileChanges(email: "maria-at-example"),
            badFields: ["email"]),
        RemoteProfileChangeCase(
            testDescription: "both malformed", changes: ProfileChanges(name: "", email: "@example.com"),
            badFields: ["name", "email"]),
        RemoteProfileChangeCase(
            testDescription: "good name, malformed e-mail", changes: ProfileChanges(name: "Maria", email: "maria@"),
            badFields: ["email"]),
    ]
}
