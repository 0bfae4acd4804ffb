import Ports
import Testing

/// `UserRemoteAPI`'s contract, for every adapter in `RemoteAdapters.users`.
@Suite("UserRemoteAPI contract")
struct UserRemoteAPIContractTests {
    // MARK: currentUser

    @Test("currentUser returns the token's user", arguments: RemoteAdapters.users)
    func currentUserReturnsTokensUser(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF)

        let maria = try await users.currentUser(token: mariaToken)
        let joao = try await users.currentUser(token: joaoToken)

        #expect(maria.name == RemoteSeed.maria.name)
        #expect(maria.email == RemoteSeed.maria.email)
        #expect(maria.cpf == RemoteSeed.maria.cpf)
        #expect(maria.active)
        #expect(!maria.isDeleted)
        #expect(joao.name == RemoteSeed.joao.name)
        #expect(joao.cpf == RemoteSeed.joao.cpf)
        #expect(joao.id != maria.id)
    }

    // MARK: token and account failures, every call

    @Test("every call refuses an unknown token as TOKEN_INVALID", arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallRefusesUnknownToken(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await call.perform(on: users, token: AccessToken("not-a-token-this-server-issued"))
        }

        #expect(error == .tokenInvalid)
    }

    @Test("every call refuses a revoked token as TOKEN_INVALID", arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallRefusesRevokedToken(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        try await server.revokeAllTokens()

        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }

        #expect(error == .tokenInvalid)
    }

    @Test(
        "every call refuses a token past its lifetime as TOKEN_EXPIRED",
        arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallRefusesExpiredToken(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))

        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }

        #expect(error == .tokenExpired)
    }

    @Test(
        "every call on an inactive account answers USER_INACTIVE",
        arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallOnInactiveAccountAnswersInactive(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)

        if call == .currentUser, let user = try? await users.currentUser(token: token) {
            #expect(!user.active, "a 200 answer must say the account is inactive")
            return
        }
        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }
        #expect(error == .userInactive)
    }

    @Test(
        "every call on a deleted account answers USER_DELETED",
        arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallOnDeletedAccountAnswersDeleted(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)

        if call == .currentUser, let user = try? await users.currentUser(token: token) {
            #expect(user.isDeleted, "a 200 answer must say the account is deleted")
            return
        }
        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }
        #expect(error == .userDeleted)
    }

    // MARK: updateCurrentUser

    @Test("updating only the name leaves the e-mail as it was", arguments: RemoteAdapters.users)
    func updatingNameOnlyKeepsEmail(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        let updated = try await users.updateCurrentUser(ProfileChanges(name: "Maria S. Oliveira"), token: token)

        #expect(updated.name == "Maria S. Oliveira")
        #expect(updated.email == RemoteSeed.maria.email)
        #expect(updated.cpf == RemoteSeed.maria.cpf)
        #expect(try await users.currentUser(token: token) == updated)
    }

    @Test("updating only the e-mail leaves the name as it was", arguments: RemoteAdapters.users)
    func updatingEmailOnlyKeepsName(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        let updated = try await users.updateCurrentUser(ProfileChanges(email: "maria.oliveira@example.com"), token: token)

        #expect(updated.email == "maria.oliveira@example.com")
        #expect(updated.name == RemoteSeed.maria.name)
        #expect(try await users.currentUser(token: token) == updated)
    }

    @Test("updating with no fields changes nothing", arguments: RemoteAdapters.users)
    func updatingNothingChangesNothing(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let before = try await users.currentUser(token: token)

        let updated = try await users.updateCurrentUser(ProfileChanges(), token: token)

        #expect(updated == before)
    }

    @Test(
        "updating with malformed fields is refused as VALIDATION_FAILED naming each, changing nothing",
        arguments: RemoteAdapters.users, RemoteProfileChangeCase.all)
    func updatingWithMalformedFieldsIsRefused(_ adapter: UserAdapter, _ badCase: RemoteProfileChangeCase) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
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

    @Test("updating to another account's e-mail is refused as ALREADY_REGISTERED", arguments: RemoteAdapters.users)
    func updatingToTakenEmailIsRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF)
        let joaoEmail = try await users.currentUser(token: joaoToken).email
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        let error = await #expect(throws: RemoteError.self) {
            try await users.updateCurrentUser(ProfileChanges(email: joaoEmail), token: token)
        }

        #expect(error == .alreadyRegistered)
    }

    // MARK: deleteCurrentUser

    @Test("after deleteCurrentUser the account's tokens are refused", arguments: RemoteAdapters.users)
    func deletedAccountsTokensAreRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let otherToken = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        try await users.deleteCurrentUser(token: token)

        for used in [token, otherToken] {
            let error = await #expect(throws: RemoteError.self) { try await users.currentUser(token: used) }
            #expect(error?.isTokenRefused == true, "got \(String(describing: error))")
            let refreshError = await #expect(throws: RemoteError.self) { try await server.auth.refresh(used) }
            #expect(refreshError?.isTokenRefused == true, "got \(String(describing: refreshError))")
        }
    }

    @Test("after deleteCurrentUser the account's credentials no longer sign in", arguments: RemoteAdapters.users)
    func deletedAccountsCredentialsAreRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        try await users.deleteCurrentUser(token: token)

        for credentials in [RemoteSeed.maria.byCPF, RemoteSeed.maria.byEmail].compactMap(\.self) {
            let error = await #expect(throws: RemoteError.self) { try await server.auth.signIn(credentials) }
            expectInvalidCredentials(error)
        }
    }

    // MARK: relatedUsers

    @Test("relatedUsers returns the users related to the token's user", arguments: RemoteAdapters.users)
    func relatedUsersReturnsRelatedUsers(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF)
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF)
        let maria = try await users.currentUser(token: mariaToken)
        let joao = try await users.currentUser(token: joaoToken)

        let relatedToMaria = try await users.relatedUsers(token: mariaToken)
        let relatedToJoao = try await users.relatedUsers(token: joaoToken)

        #expect(relatedToMaria.contains(RelatedUser(id: joao.id, name: joao.name, email: joao.email)))
        #expect(relatedToJoao.contains(RelatedUser(id: maria.id, name: maria.name, email: maria.email)))
        #expect(!relatedToMaria.contains { $0.id == maria.id })
    }

    @Test("relatedUsers of an account with no relations is empty", arguments: RemoteAdapters.users)
    func relatedUsersMayBeEmpty(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let registration = RemoteSeed.newcomer()
        _ = try await server.auth.register(registration)
        let token = try await server.auth.signIn(
            Credentials(identifier: .cpf(registration.cpf), password: registration.password))

        #expect(try await users.relatedUsers(token: token).isEmpty)
    }

    // MARK: network

    @Test(
        "network failures throw transport, timeout or malformedResponse",
        arguments: RemoteAdapters.users, RemoteFault.networkFailures)
    func networkFailuresAreMapped(_ adapter: UserAdapter, _ fault: RemoteFault) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF)

        for call in RemoteUserCall.allCases {
            try await server.injectFault(fault, on: call.route)
            let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }
            expectNetworkFailure(error, for: fault)
        }
    }
}

/// Each call of `UserRemoteAPI`, to test what they all share.
enum RemoteUserCall: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case currentUser, updateCurrentUser, deleteCurrentUser, relatedUsers

    var testDescription: String { rawValue }

    var route: String {
        switch self {
        case .currentUser: RemoteRoute.currentUser
        case .updateCurrentUser: RemoteRoute.updateCurrentUser
        case .deleteCurrentUser: RemoteRoute.deleteCurrentUser
        case .relatedUsers: RemoteRoute.relatedUsers
        }
    }

    func perform(on users: any UserRemoteAPI, token: AccessToken) async throws(RemoteError) {
        switch self {
        case .currentUser: _ = try await users.currentUser(token: token)
        case .updateCurrentUser: _ = try await users.updateCurrentUser(ProfileChanges(name: "Renamed"), token: token)
        case .deleteCurrentUser: try await users.deleteCurrentUser(token: token)
        case .relatedUsers: _ = try await users.relatedUsers(token: token)
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
            testDescription: "malformed e-mail", changes: ProfileChanges(email: "maria-at-example"), badFields: ["email"]),
        RemoteProfileChangeCase(
            testDescription: "both malformed", changes: ProfileChanges(name: "", email: "@example.com"),
            badFields: ["name", "email"]),
        RemoteProfileChangeCase(
            testDescription: "good name, malformed e-mail", changes: ProfileChanges(name: "Maria", email: "maria@"),
            badFields: ["email"]),
    ]
}
