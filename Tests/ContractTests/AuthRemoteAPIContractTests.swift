import Ports
import Testing

/// `AuthRemoteAPI`'s contract, for every adapter in `RemoteAdapters.auth`.
@Suite("AuthRemoteAPI contract")
struct AuthRemoteAPIContractTests {
    // MARK: signIn

    @Test("signIn by CPF with the right password returns a token for that user", arguments: RemoteAdapters.auth)
    func signInByCPFReturnsTokenForThatUser(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()

        let token = try await auth.signIn(RemoteSeed.maria.byCPF)

        #expect(try await server.users.currentUser(token: token).cpf == RemoteSeed.maria.cpf)
    }

    @Test("signIn by e-mail with the right password returns a token for that user", arguments: RemoteAdapters.auth)
    func signInByEmailReturnsTokenForThatUser(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let credentials = try #require(RemoteSeed.maria.byEmail)

        let token = try await auth.signIn(credentials)

        #expect(try await server.users.currentUser(token: token).cpf == RemoteSeed.maria.cpf)
    }

    @Test("every signIn returns a new token", arguments: RemoteAdapters.auth)
    func everySignInReturnsNewToken(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let first = try await auth.signIn(RemoteSeed.maria.byCPF)
        let second = try await auth.signIn(RemoteSeed.maria.byCPF)

        #expect(first != second)
    }

    @Test("signIn with a wrong password is refused as INVALID_CREDENTIALS", arguments: RemoteAdapters.auth)
    func signInWithWrongPasswordIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.maria.withWrongPassword())
        }

        expectInvalidCredentials(error)
    }

    @Test("signIn with an unknown CPF or e-mail is refused as INVALID_CREDENTIALS", arguments: RemoteAdapters.auth)
    func signInWithUnknownIdentifierIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let strangers: [LoginIdentifier] = [.cpf("11144477735"), .email("nobody@example.com")]

        for identifier in strangers {
            let error = await #expect(throws: RemoteError.self) {
                try await auth.signIn(Credentials(identifier: identifier, password: Password("123456")))
            }
            expectInvalidCredentials(error)
        }
    }

    @Test("signIn to an inactive account is refused as USER_INACTIVE", arguments: RemoteAdapters.auth)
    func signInToInactiveAccountIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.inactive.byCPF)
        }

        #expect(error == .userInactive)
    }

    @Test("signIn to a deleted account is refused like wrong credentials", arguments: RemoteAdapters.auth)
    func signInToDeletedAccountIsRefusedLikeWrongCredentials(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.maria.byCPF)
        }

        expectInvalidCredentials(error)
    }

    // MARK: refresh

    @Test("refresh returns a new, different token that serves requests", arguments: RemoteAdapters.auth)
    func refreshReturnsNewDifferentToken(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.byCPF)

        let new = try await auth.refresh(old)

        #expect(new != old)
        #expect(try await server.users.currentUser(token: new).cpf == RemoteSeed.maria.cpf)
    }

    @Test("a token already exchanged cannot be exchanged again: TOKEN_INVALID", arguments: RemoteAdapters.auth)
    func exchangedTokenCannotBeRefreshedAgain(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.byCPF)
        _ = try await auth.refresh(old)

        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(old) }

        #expect(error == .tokenInvalid)
    }

    @Test("a token past its lifetime but inside its refresh window can be refreshed", arguments: RemoteAdapters.auth)
    func tokenPastLifetimeInsideWindowCanBeRefreshed(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.byCPF)
        try await server.advanceServerClock(by: server.tokenLifetime + .seconds(1))

        let new = try await auth.refresh(old)

        #expect(try await server.users.currentUser(token: new).cpf == RemoteSeed.maria.cpf)
    }

    @Test("a token past its refresh window is refused as TOKEN_EXPIRED", arguments: RemoteAdapters.auth)
    func tokenPastRefreshWindowIsRefusedAsExpired(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.byCPF)
        try await server.advanceServerClock(by: server.refreshWindow + .seconds(1))

        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(old) }

        #expect(error == .tokenExpired)
    }

    @Test("refresh of an unknown token is refused as TOKEN_INVALID", arguments: RemoteAdapters.auth)
    func unknownTokenIsRefusedAsInvalid(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.refresh(AccessToken("not-a-token-this-server-issued"))
        }

        #expect(error == .tokenInvalid)
    }

    @Test("refresh of a revoked token is refused as TOKEN_INVALID", arguments: RemoteAdapters.auth)
    func revokedTokenIsRefusedAsInvalid(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let token = try await auth.signIn(RemoteSeed.maria.byCPF)
        try await server.revokeAllTokens()

        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(token) }

        #expect(error == .tokenInvalid)
    }

    @Test("refresh for an inactive account is refused as USER_INACTIVE", arguments: RemoteAdapters.auth)
    func refreshForInactiveAccountIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let token = try await auth.signIn(RemoteSeed.maria.byCPF)
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)

        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(token) }

        #expect(error == .userInactive)
    }

    @Test("refresh for a deleted account is refused as USER_DELETED", arguments: RemoteAdapters.auth)
    func refreshForDeletedAccountIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let token = try await auth.signIn(RemoteSeed.maria.byCPF)
        try await server.setAccountState(cpf: RemoteSeed.maria.cpf, .deleted)

        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(token) }

        #expect(error == .userDeleted)
    }

    // MARK: register

    @Test("register returns the new account's id, never a token, and signs no one in", arguments: RemoteAdapters.auth)
    func registerReturnsIdAndNoSession(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let before = try await server.metrics()

        let id = try await auth.register(RemoteSeed.newcomer())

        #expect(!id.isEmpty)
        let after = try await server.metrics()
        #expect(after.logins == before.logins)
        #expect(after.tokensLive == before.tokensLive)
        let error = await #expect(throws: RemoteError.self) { try await auth.refresh(AccessToken(id)) }
        #expect(error == .tokenInvalid)
    }

    @Test("a registered account signs in by CPF and by e-mail", arguments: RemoteAdapters.auth)
    func registeredAccountSignsIn(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let registration = RemoteSeed.newcomer()
        let id = try await auth.register(registration)

        let byCPF = try await auth.signIn(
            Credentials(identifier: .cpf(registration.cpf), password: registration.password))
        let byEmail = try await auth.signIn(
            Credentials(identifier: .email(registration.email), password: registration.password))

        let user = try await server.users.currentUser(token: byCPF)
        #expect(user.id == id)
        #expect(user.name == registration.name)
        #expect(user.email == registration.email)
        #expect(user.cpf == registration.cpf)
        #expect(try await server.users.currentUser(token: byEmail).id == id)
    }

    @Test("register with a CPF already in use is refused as ALREADY_REGISTERED", arguments: RemoteAdapters.auth)
    func registerWithTakenCPFIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(RemoteSeed.newcomer(cpf: RemoteSeed.maria.cpf))
        }

        #expect(error == .alreadyRegistered)
    }

    @Test("register with an e-mail already in use is refused as ALREADY_REGISTERED", arguments: RemoteAdapters.auth)
    func registerWithTakenEmailIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let email = try #require(RemoteSeed.maria.email)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(RemoteSeed.newcomer(email: email))
        }

        #expect(error == .alreadyRegistered)
    }

    @Test(
        "register with malformed fields is refused as VALIDATION_FAILED naming each",
        arguments: RemoteAdapters.auth, RemoteRegistrationCase.all)
    func registerWithMalformedFieldsIsRefused(_ adapter: AuthAdapter, _ badCase: RemoteRegistrationCase) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) { try await auth.register(badCase.registration) }

        guard case .rejected(let status, let code, let fields)? = error else { return }
        #expect(status == 400)
        #expect(code == .validationFailed)
        #expect(Set(fields.keys) == badCase.badFields)
    }

    // MARK: signOut

    @Test("signOut ends the token when offered, and sends nothing when not", arguments: RemoteAdapters.auth)
    func signOutEndsTokenWhenOffered(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let token = try await auth.signIn(RemoteSeed.maria.byCPF)
        let before = try await server.metrics()

        try await auth.signOut(token)

        if auth.offersSignOut {
            let error = await #expect(throws: RemoteError.self) { try await auth.refresh(token) }
            #expect(error == .tokenInvalid)
        } else {
            #expect(try await server.metrics().requests == before.requests)
            _ = try await auth.refresh(token)
        }
    }

    // MARK: network

    @Test(
        "network failures throw transport, timeout or malformedResponse",
        arguments: RemoteAdapters.auth, RemoteFault.networkFailures)
    func networkFailuresAreMapped(_ adapter: AuthAdapter, _ fault: RemoteFault) async throws {
        let (auth, server) = try await adapter.make()
        let token = try await auth.signIn(RemoteSeed.maria.byCPF)

        try await server.injectFault(fault, on: RemoteRoute.auth)
        let signInError = await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSeed.maria.byCPF) }
        expectNetworkFailure(signInError, for: fault)

        try await server.injectFault(fault, on: RemoteRoute.auth)
        let refreshError = await #expect(throws: RemoteError.self) { try await auth.refresh(token) }
        expectNetworkFailure(refreshError, for: fault)

        try await server.injectFault(fault, on: RemoteRoute.register)
        let registerError = await #expect(throws: RemoteError.self) { try await auth.register(RemoteSeed.newcomer()) }
        expectNetworkFailure(registerError, for: fault)
    }
}

/// A registration with malformed fields and the fields the server must name.
struct RemoteRegistrationCase: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let registration: Registration
    let badFields: Set<String>

    private init(_ description: String, badFields: Set<String>, change: (inout Registration) -> Void) {
        testDescription = description
        var registration = RemoteSeed.newcomer()
        change(&registration)
        self.registration = registration
        self.badFields = badFields
    }

    static let all: [RemoteRegistrationCase] = [
        RemoteRegistrationCase("blank name", badFields: ["name"]) { $0.name = "   " },
        RemoteRegistrationCase("e-mail without @", badFields: ["email"]) { $0.email = "beatriz.example.com" },
        RemoteRegistrationCase("e-mail without a domain", badFields: ["email"]) { $0.email = "beatriz@" },
        RemoteRegistrationCase("CPF with a wrong check digit", badFields: ["cpf"]) { $0.cpf = "11144477736" },
        RemoteRegistrationCase("CPF of ten digits", badFields: ["cpf"]) { $0.cpf = "1114447773" },
        RemoteRegistrationCase("CPF of equal digits", badFields: ["cpf"]) { $0.cpf = "11111111111" },
        RemoteRegistrationCase("password of five digits", badFields: ["password"]) { $0.password = Password("24681") },
        RemoteRegistrationCase("password of letters", badFields: ["password"]) { $0.password = Password("abcdef") },
        RemoteRegistrationCase("every field malformed", badFields: ["name", "email", "cpf", "password"]) {
            $0 = Registration(name: "", email: "no", cpf: "123", password: Password("1"))
        },
    ]
}
