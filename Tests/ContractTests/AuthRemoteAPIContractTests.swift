import OAuth2ServerAccess
import Ports
import Testing

/// The part of `AuthRemoteAPI`'s contract any backend passes with its seeded
/// data alone (the control switches are in
/// `AuthRemoteAPIControlContractTests`), for every adapter in
/// `SeededAdapters.auth`; the tests on Cora's route alone also against a
/// server playing Cora.
@Suite("AuthRemoteAPI contract, seeded data", .needsRoutes(RemoteRoute.auth), .sharesTheOAuth2Server)
struct AuthRemoteAPIContractTests {
    /// Where the refusal of a CPF by an adapter that signs in by e-mail only is proved.
    static let cpfRefusalProved =
        "\"AuthRemoteAPI contract: identifier kinds\" proves a CPF is refused at once, sending nothing"

    // MARK: signIn

    @Test(
        "signIn by CPF with the right password returns a token that can be refreshed",
        arguments: SeededAdapters.authOnCoraRoutes)
    func signInByCPFReturnsUsableToken(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        try adapter.requireDeclared(auth.signsInByCPF, "signsInByCPF", absence: Self.cpfRefusalProved)

        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))

        #expect(!issued.accessToken.reveal().isEmpty)
        _ = try await auth.refresh(RefreshCredential(issued: issued))
    }

    @Test(
        "signIn by CPF with the right password returns a token for that user", .needsRoutes(RemoteRoute.currentUser),
        arguments: SeededAdapters.auth)
    func signInByCPFReturnsTokenForThatUser(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        try adapter.requireDeclared(auth.signsInByCPF, "signsInByCPF", absence: Self.cpfRefusalProved)

        let token = try await auth.signIn(RemoteSeed.maria.credentials(for: auth)).accessToken

        #expect(try await server.users.currentUser(token: token).cpf == RemoteSeed.maria.cpf)
    }

    @Test(
        "signIn by e-mail with the right password returns a token for that user", .needsSignInByEmail,
        .needsRoutes(RemoteRoute.currentUser), arguments: SeededAdapters.auth)
    func signInByEmailReturnsTokenForThatUser(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let credentials = try #require(RemoteSeed.maria.byEmail)

        let token = try await auth.signIn(credentials).accessToken

        #expect(try await server.users.currentUser(token: token).email == RemoteSeed.maria.email)
    }

    @Test("every signIn returns a new token", arguments: SeededAdapters.authOnCoraRoutes)
    func everySignInReturnsNewToken(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let first = try await auth.signIn(RemoteSeed.maria.credentials(for: auth)).accessToken
        let second = try await auth.signIn(RemoteSeed.maria.credentials(for: auth)).accessToken

        #expect(first != second)
    }

    @Test("signIn with a wrong password is refused as INVALID_CREDENTIALS", arguments: SeededAdapters.authOnCoraRoutes)
    func signInWithWrongPasswordIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.maria.withWrongPassword(for: auth))
        }

        expectInvalidCredentials(error)
    }

    @Test("signIn with an unknown CPF is refused as INVALID_CREDENTIALS", arguments: SeededAdapters.authOnCoraRoutes)
    func signInWithUnknownCPFIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        try adapter.requireDeclared(auth.signsInByCPF, "signsInByCPF", absence: Self.cpfRefusalProved)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(Credentials(identifier: .cpf("11144477735"), password: Password("123456")))
        }

        expectInvalidCredentials(error)
    }

    @Test(
        "signIn with an unknown e-mail is refused as INVALID_CREDENTIALS", .needsSignInByEmail,
        arguments: SeededAdapters.auth)
    func signInWithUnknownEmailIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(Credentials(identifier: .email("nobody@example.com"), password: Password("123456")))
        }

        expectInvalidCredentials(error)
    }

    @Test(
        "signIn to an inactive account is refused as USER_INACTIVE where the adapter tells it apart, as wrong credentials otherwise",
        arguments: SeededAdapters.authOnCoraRoutes)
    func signInToInactiveAccountIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(RemoteSeed.inactive.credentials(for: auth))
        }

        if auth.refusalsToldApart.contains(.inactiveAccountAtSignIn) {
            #expect(error == .userInactive)
        } else {
            expectInvalidCredentials(error)
        }
    }

    // MARK: refresh (with what the sign-in issued: the refresh token where
    // the backend issues one, the access token where it refreshes by that)

    @Test(
        "refresh returns a new, different token that can be refreshed in turn",
        arguments: SeededAdapters.authOnCoraRoutes)
    func refreshReturnsNewDifferentToken(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))

        let new = try await auth.refresh(RefreshCredential(issued: old))

        #expect(new.accessToken != old.accessToken)
        _ = try await auth.refresh(RefreshCredential(issued: new))
    }

    @Test(
        "a spent credential is as the adapter's refreshRotation says: refused as TOKEN_INVALID where it always rotates, good again where it never does, and what the answer leaves refreshes again",
        arguments: SeededAdapters.authOnCoraRoutes)
    func spentCredentialIsAsTheRotationSays(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let old = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))
        let new = try await auth.refresh(RefreshCredential(issued: old))

        switch auth.refreshRotation {
        case .always:
            if let spent = old.refreshToken { #expect(new.refreshToken != spent, "a rotated refresh token is new") }
            let error = await #expect(throws: RemoteError.self) {
                try await auth.refresh(RefreshCredential(issued: old))
            }
            #expect(error == .tokenInvalid)
        case .never:
            let spent = try #require(old.refreshToken, "a backend that never rotates refreshes by a refresh token")
            #expect(new.refreshToken == nil || new.refreshToken == spent, "the same refresh token, or none")
            _ = try await auth.refresh(.refreshToken(spent))
        case .asTheServerChooses:
            // The credential the answer leaves the session: the new one, or the spent one when none came.
            let kept = new.refreshToken ?? old.refreshToken
            _ = try await auth.refresh(kept.map(RefreshCredential.refreshToken) ?? .accessToken(new.accessToken))
        }
    }

    @Test("refresh of an unknown token is refused as TOKEN_INVALID", arguments: SeededAdapters.authOnCoraRoutes)
    func unknownTokenIsRefusedAsInvalid(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let issued = try await auth.signIn(RemoteSeed.maria.credentials(for: auth))

        let error = await #expect(throws: RemoteError.self) {
            try await auth.refresh(.unknown(like: issued))
        }

        #expect(error == .tokenInvalid)
    }

    // MARK: register

    @Test(
        "register with a CPF already in use is refused as ALREADY_REGISTERED", .needsRoutes(RemoteRoute.register),
        arguments: SeededAdapters.auth)
    func registerWithTakenCPFIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        try adapter.requireDeclared(auth.offersRegistration, "offersRegistration", absence: registrationRefusalProved)
        try adapter.requireDeclared(
            auth.registrationOffer.fields.contains(.cpf), "a sign-up taking .cpf", absence: fieldsNotTakenProved)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(RemoteSeed.newcomer(cpf: RemoteSeed.maria.cpf))
        }

        #expect(error == .alreadyRegistered)
    }

    @Test(
        "register with an e-mail already in use is refused as ALREADY_REGISTERED", .needsRoutes(RemoteRoute.register),
        arguments: SeededAdapters.auth)
    func registerWithTakenEmailIsRefused(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        try adapter.requireDeclared(auth.offersRegistration, "offersRegistration", absence: registrationRefusalProved)
        try adapter.requireDeclared(
            auth.registrationOffer.fields.contains(.email), "a sign-up taking .email", absence: fieldsNotTakenProved)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(RemoteSeed.newcomer(email: RemoteSeed.maria.signInEmail))
        }

        #expect(error == .alreadyRegistered)
    }

    @Test(
        "register with malformed fields is refused as VALIDATION_FAILED naming one or more of them and no other",
        .needsRoutes(RemoteRoute.register),
        arguments: SeededAdapters.auth, RemoteRegistrationCase.all)
    func registerWithMalformedFieldsIsRefused(_ adapter: AuthAdapter, _ badCase: RemoteRegistrationCase) async throws {
        let (auth, _) = try await adapter.make()
        try adapter.requireDeclared(auth.offersRegistration, "offersRegistration", absence: registrationRefusalProved)
        let judged = Set(auth.registrationOffer.fields.map(\.rawValue)).intersection(badCase.badFields)
        try adapter.requireDeclared(
            !judged.isEmpty, "a sign-up taking one of \(badCase.badFields.sorted())", absence: fieldsNotTakenProved)

        let error = await #expect(throws: RemoteError.self) { try await auth.register(badCase.registration) }

        guard case .rejected(let status, let code, let fields)? = error else { return }
        #expect(status == 400)
        #expect(code == .validationFailed)
        #expect(!fields.isEmpty)
        #expect(Set(fields.keys).isSubset(of: judged))
    }

    @Test(
        "register neither sends nor judges a field its sign-up does not take", .needsRoutes(RemoteRoute.register),
        arguments: SeededAdapters.auth)
    func fieldsNotTakenAreNotJudged(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        try adapter.requireDeclared(auth.offersRegistration, "offersRegistration", absence: registrationRefusalProved)
        let notTaken = Set.everyField.subtracting(auth.registrationOffer.fields)
        try adapter.requireDeclared(
            !notTaken.isEmpty, "a sign-up leaving a field out",
            absence: "its sign-up takes every field, each judged by \"register with malformed fields…\"")
        // Each field left out is malformed, and one in use: none may count.
        var registration = RemoteSeed.newcomer()
        if notTaken.contains(.name) { registration.name = "" }
        if notTaken.contains(.cpf) { registration.cpf = RemoteSeed.maria.cpf }
        if notTaken.contains(.email) { registration.email = "no" }

        _ = try await auth.register(registration)
    }

}

/// Where a sign-up that leaves a field out is proved to neither send nor judge it.
let fieldsNotTakenProved =
    "\"AuthRemoteAPI contract, seeded data\" › \"register neither sends nor judges a field its sign-up does not take\" proves it"

/// A registration with fields every backend that takes them finds
/// malformed, and those fields (the port's doc comment: an e-mail without
/// `@` or a domain, a password shorter than six characters; a CPF whose
/// check digits are wrong; a blank name). A password of letters is the wire
/// contract's rule only (Google's Identity Toolkit takes one): `InMemoryBackendTests` keeps it.
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
        RemoteRegistrationCase("every field malformed", badFields: ["name", "email", "cpf", "password"]) {
            $0 = Registration(name: "", email: "no", cpf: "123", password: Password("1"))
        },
    ]
}
