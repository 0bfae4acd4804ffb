import Ports
import Testing

/// The part of `UserRemoteAPI`'s contract that needs the control API:
/// revocation, the server's clock, account states, faults, and changes to
/// the seeded accounts that only a reset undoes.
@Suite(
    "UserRemoteAPI contract, control switches", .needsControlAPI,
    .needsRoutes(
        RemoteRoute.currentUser, RemoteRoute.updateCurrentUser, RemoteRoute.deleteCurrentUser, RemoteRoute.relatedUsers,
        RemoteRoute.saveSharedWith, RemoteRoute.register))
struct UserRemoteAPIControlContractTests {
    @Test(
        "every call refuses a revoked token as TOKEN_INVALID", arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallRefusesRevokedToken(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(call.operation, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        try await server.revokeAllTokens()

        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }

        #expect(error == .tokenInvalid)
    }

    @Test(
        "every call refuses a token past its lifetime as TOKEN_EXPIRED where the adapter tells it apart, TOKEN_INVALID otherwise",
        arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallRefusesExpiredToken(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(call.operation, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))

        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }

        #expect(error == (users.tellsExpiredTokenApart ? .tokenExpired : .tokenInvalid))
    }

    @Test(
        "every call on an inactive account answers USER_INACTIVE",
        arguments: RemoteAdapters.users, RemoteUserCall.allCases)
    func everyCallOnInactiveAccountAnswersInactive(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(call.operation, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
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
        try adapter.requireOffered(call.operation, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)

        if call == .currentUser, let user = try? await users.currentUser(token: token) {
            #expect(user.isDeleted, "a 200 answer must say the account is deleted")
            return
        }
        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }
        #expect(error == .userDeleted)
    }

    @Test("updating only the name leaves the e-mail as it was", arguments: RemoteAdapters.users)
    func updatingNameOnlyKeepsEmail(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.updateCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        let updated = try await users.updateCurrentUser(ProfileChanges(name: "Maria S. Oliveira"), token: token)

        #expect(updated.name == "Maria S. Oliveira")
        #expect(updated.email == RemoteSeed.maria.email)
        #expect(updated.cpf == RemoteSeed.maria.cpf)
        #expect(try await users.currentUser(token: token) == updated)
    }

    @Test("updating only the e-mail leaves the name as it was", arguments: RemoteAdapters.users)
    func updatingEmailOnlyKeepsName(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.updateCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        let updated = try await users.updateCurrentUser(
            ProfileChanges(email: "maria.oliveira@example.com"), token: token)

        #expect(updated.email == "maria.oliveira@example.com")
        #expect(updated.name == RemoteSeed.maria.name)
        #expect(try await users.currentUser(token: token) == updated)
    }

    @Test("after deleteCurrentUser the account's tokens are refused", arguments: RemoteAdapters.users)
    func deletedAccountsTokensAreRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.deleteCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let otherToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        try await users.deleteCurrentUser(token: token)

        for used in [token, otherToken] {
            let error = await #expect(throws: RemoteError.self) { try await users.currentUser(token: used) }
            #expect(error?.isTokenRefused == true, "got \(String(describing: error))")
            let refreshError = await #expect(throws: RemoteError.self) {
                try await server.auth.refresh(.accessToken(used))
            }
            #expect(refreshError?.isTokenRefused == true, "got \(String(describing: refreshError))")
        }
    }

    @Test("after deleteCurrentUser the account's credentials no longer sign in", arguments: RemoteAdapters.users)
    func deletedAccountsCredentialsAreRefused(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.deleteCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        try await users.deleteCurrentUser(token: token)

        for credentials in [RemoteSeed.maria.byCPF, RemoteSeed.maria.byEmail].compactMap(\.self) {
            let error = await #expect(throws: RemoteError.self) { try await server.auth.signIn(credentials) }
            expectInvalidCredentials(error)
        }
    }

    @Test("relatedUsers of an account with no relations is empty", arguments: RemoteAdapters.users)
    func relatedUsersMayBeEmpty(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.relatedUsers, by: users)
        let registration = RemoteSeed.newcomer()
        _ = try await server.auth.register(registration)
        let token = try await server.auth.signIn(
            Credentials(identifier: .cpf(registration.cpf), password: registration.password)
        ).accessToken

        #expect(try await users.relatedUsers(token: token).isEmpty)
    }

    @Test(
        "a saved choice is what relatedUsers answers next, on a new sign-in too, for that user only; deselecting undoes it",
        arguments: RemoteAdapters.users)
    func savedChoiceIsKeptByTheServer(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.saveSharedWith, by: users)
        let mariaToken = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let joaoToken = try await server.auth.signIn(RemoteSeed.joao.byCPF).accessToken
        let joao = try await users.currentUser(token: joaoToken)
        let joaoSeesBefore = try await users.relatedUsers(token: joaoToken)

        let answer = try await users.saveSharedWith([joao.id], token: mariaToken)

        #expect(answer.first { $0.id == joao.id }?.isShared == true)
        #expect(answer.filter(\.isShared).map(\.id) == [joao.id])
        let later = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        #expect(try await users.relatedUsers(token: later) == answer)
        #expect(try await users.relatedUsers(token: joaoToken) == joaoSeesBefore, "João's own choice is his")

        let undone = try await users.saveSharedWith([], token: mariaToken)
        #expect(!undone.contains { $0.isShared })
        #expect(try await users.relatedUsers(token: mariaToken) == undone)
    }

    @Test(
        "network failures throw transport, timeout or malformedResponse",
        arguments: RemoteAdapters.users, RemoteFault.networkFailures)
    func networkFailuresAreMapped(_ adapter: UserAdapter, _ fault: RemoteFault) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        // The calls a backend lacks send nothing (the user-routes suite proves it).
        for call in RemoteUserCall.allCases where users.offers(call.operation) {
            try await server.injectFault(fault, on: call.operation)
            let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }
            expectNetworkFailure(error, for: fault)
        }
    }
}
