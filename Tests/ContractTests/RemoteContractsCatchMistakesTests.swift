import Foundation
import PortContracts
import Ports
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The remote contracts of `PortContracts` fail an adapter that breaks a
/// promise: each test passes only if the check records the issue it must
/// (`withKnownIssue` fails when none comes).
@Suite("The remote contracts catch what they must", .needsControlAPI)
struct RemoteContractsCatchMistakesTests {
    @Test("An adapter that maps a 503 to wrong credentials breaks the error-status promise, naming the status")
    func aServerFailureTakenForTheCredentialsFails() async throws {
        let adapter = try #require(RemoteAdapters.statementsOnCoraRoutes.first)
        try await withKnownIssue {
            try await StatementRemoteAPIContract.check(.everyErrorStatusMapsAsRemoteErrorSays) {
                let sut = try await adapter.underTest()
                return StatementAPIUnderTest(
                    api: ServiceUnavailableAsWrongCredentials(base: sut.api), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("answered 503")
        }
    }

    @Test("An adapter whose refusal says the token it was sent breaks every refusal's promise")
    func aRefusalThatSaysTheTokenFails() async throws {
        let adapter = try #require(RemoteAdapters.statementsOnCoraRoutes.first)
        try await withKnownIssue {
            try await StatementRemoteAPIContract.check(.unknownTokenIsInvalid) {
                let sut = try await adapter.underTest()
                return StatementAPIUnderTest(api: RefusalSaysTheToken(base: sut.api), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("says the token")
        }
    }

    @Test("A user adapter that takes a deleted account for an invalid token breaks the deleted-account promise")
    func aDeletedAccountTakenForAnInvalidTokenFails() async throws {
        let adapter = try #require(RemoteAdapters.users.first)
        try await withKnownIssue {
            try await UserRemoteAPIContract.check(.deletedAccountIsSaid) {
                let sut = try await adapter.underTest()
                return UserAPIUnderTest(api: DeletedAccountAsInvalidToken(base: sut.api), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("expected 410 USER_DELETED")
        }
    }

    @Test("An auth adapter that maps a 503 at sign-in to wrong credentials breaks the error-status promise")
    func anAuthServerFailureTakenForTheCredentialsFails() async throws {
        let adapter = try #require(RemoteAdapters.auth.first)
        try await withKnownIssue {
            try await AuthRemoteAPIContract.check(.everyErrorStatusMapsAsRemoteErrorSays) {
                let sut = try await adapter.underTest()
                return AuthAPIUnderTest(
                    api: PlantedAuthMistake(base: sut.api, mistake: .busyAsWrongPassword), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("signIn answered 503")
        }
    }

    @Test("An auth adapter that declares it always rotates, on a backend that never does, breaks the rotation promise")
    func aRotationDeclaredWronglyFails() async throws {
        var neverRotating: AuthAdapter?
        for adapter in RemoteAdapters.auth where try await adapter.make().0.refreshRotation == .never {
            neverRotating = adapter
        }
        let adapter = try #require(neverRotating, "an adapter of a backend that never rotates")
        try await withKnownIssue {
            try await AuthRemoteAPIContract.check(.spentCredentialIsAsTheRotationSays) {
                let sut = try await adapter.underTest()
                return AuthAPIUnderTest(
                    api: PlantedAuthMistake(base: sut.api, mistake: .claimsToAlwaysRotate), server: sut.server)
            }
        } matching: { issue in
            let said = issue.comments.map(\.rawValue).joined()
            return ["a rotated refresh token is new", "a refusal was expected", "a backend that always rotates"]
                .contains {
                    said.contains($0)
                }
        }
    }
}

extension RemoteContractsCatchMistakesTests {
    /// Each wrong password rule, on a backend whose sign-up takes a password
    /// of the other rule: six digits where passphrases are taken (Google's
    /// Identity Toolkit), and at least six characters where only digits are
    /// (the wire contract).
    @Test(
        "An auth adapter that declares another backend's password rule breaks the password-rule promise",
        arguments: [PasswordRule.digits(6), .atLeast(6)])
    func aPasswordRuleDeclaredWronglyFails(_ wrongRule: PasswordRule) async throws {
        var otherRule: AuthAdapter?
        for adapter in RemoteAdapters.auth {
            let api = try await adapter.make().0
            if api.passwordRule != wrongRule, api.registrationOffer.fields.contains(.password) { otherRule = adapter }
        }
        let adapter = try #require(otherRule, "an adapter whose sign-up takes a password of another rule")
        try await withKnownIssue {
            try await AuthRemoteAPIContract.check(.passwordRuleIsTheBackends) {
                let sut = try await adapter.underTest()
                return AuthAPIUnderTest(
                    api: PlantedAuthMistake(base: sut.api, mistake: .declaresPasswordRule(wrongRule)),
                    server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("the declared rule (\(wrongRule))")
        }
    }
}

extension RemoteContractsCatchMistakesTests {
    /// The Identity Toolkit throttles with a 400 that carries its code.
    @Test(
        "An auth adapter that reads its dialect's throttle (a 400 with its code) as wrong credentials breaks the dialect-refusal promise"
    )
    func aThrottleTakenForTheCredentialsFails() async throws {
        let adapter = try #require(RemoteAdapters.auth.first { $0.fixtureDialect == .firebase })
        try await withKnownIssue {
            try await AuthRemoteAPIContract.check(.dialectRefusalsAreTheirKind) {
                let sut = try await adapter.underTest()
                return AuthAPIUnderTest(
                    api: PlantedAuthMistake(base: sut.api, mistake: .throttleAsWrongPassword), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains(
                "signIn, the dialect's throttled answer gave rejected (401")
        }
    }

    /// An adapter of a backend whose accounts must be confirmed that says its
    /// sign-up makes an account ready to sign in: the app would send the
    /// person to a sign-in that cannot work, saying nothing of the e-mail.
    @Test("An auth adapter that ignores a sign-up's confirmation breaks the registered-account promise")
    func aConfirmationIgnoredFails() async throws {
        var toConfirm: AuthAdapter?
        for adapter in RemoteAdapters.auth {
            if case .createsAnAccountToConfirm = try await adapter.make().0.registrationOffer { toConfirm = adapter }
        }
        let adapter = try #require(toConfirm, "an adapter whose sign-up makes an account to confirm")
        try await withKnownIssue {
            try await AuthRemoteAPIContract.check(.registeredAccountSignsIn) {
                let sut = try await adapter.underTest()
                return AuthAPIUnderTest(
                    api: PlantedAuthMistake(base: sut.api, mistake: .ignoresConfirmation), server: sut.server)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("email-not-confirmed")
                || String(describing: issue).contains("email-not-confirmed")
        }
    }

    /// URLSession as it comes: no bound on an answer, every redirect
    /// followed, password and token included. Each fault is seen, on each call.
    @Test("An auth adapter on an unguarded URLSession breaks the transport promise on every fault and call")
    func anUnguardedTransportFails() async throws {
        let fixture = try HTTPRemoteFixture.inProcess()
        let base = try #require(URL(string: fixture.baseURL))
        let seen = SaidTexts()
        try await withKnownIssue {
            try await AuthRemoteAPIContract.check(.transportRefusesHostileAnswers) {
                AuthAPIUnderTest(
                    api: PlantedAuthMistake(base: fixture.auth, mistake: .unguardedTransport(base)),
                    server: FixtureRemoteControl(fixture: fixture))
            }
        } matching: { issue in
            let said = issue.comments.map(\.rawValue).joined()
            seen.add(said)
            return said.contains("took an answer of 16 MiB") || said.contains("followed a redirect to another origin")
        }
        for call in ["signIn", "refresh"] {
            for fault in TransportFault.allCases {
                #expect(seen.any { $0.contains("\(call), \(fault.rawValue): ") }, "\(call), \(fault)")
            }
        }
    }
}

/// The texts of the issues a check recorded.
private final class SaidTexts: Sendable {
    private let texts = Mutex<[String]>([])

    func add(_ text: String) { texts.withLock { $0.append(text) } }

    func any(_ predicate: (String) -> Bool) -> Bool { texts.withLock { $0.contains(where: predicate) } }
}

/// The planted mistakes of an auth adapter, one at a time.
private struct PlantedAuthMistake: AuthRemoteAPI {
    enum Mistake: Equatable {
        /// A 503 at sign-in (the server busy) read as a wrong password:
        /// the app would ask for the password again.
        case busyAsWrongPassword
        /// `refreshRotation` says `.always` where the backend keeps its
        /// refresh token: the app would throw a good one away.
        case claimsToAlwaysRotate
        /// `passwordRule` says another backend's rule: the screens would
        /// refuse passwords the backend takes, or send ones it refuses.
        case declaresPasswordRule(PasswordRule)
        /// A throttle the dialect names (the adapter's 429) read as a wrong
        /// password: the app would ask for the password again, and again.
        case throttleAsWrongPassword
        /// Sign-in and refresh of the wire contract at this root over
        /// URLSession as it comes: no bound on an answer, every redirect
        /// followed with the password or token it carries.
        case unguardedTransport(URL)
        /// A sign-up whose account must be confirmed declared and answered
        /// as one ready to sign in.
        case ignoresConfirmation
    }

    let base: any AuthRemoteAPI
    let mistake: Mistake

    func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        if case .unguardedTransport(let root) = mistake, case .cpf(let cpf) = credentials.identifier {
            return try await Self.unguardedAuth(root, ["cpf": cpf, "password": credentials.password.reveal()])
        }
        do {
            return try await base.signIn(credentials)
        } catch .rejected(503, _, _) where mistake == .busyAsWrongPassword {
            throw .rejected(status: 401, code: .invalidCredentials)
        } catch .rejected(429, nil, _) where mistake == .throttleAsWrongPassword {
            throw .rejected(status: 401, code: .invalidCredentials)
        }
    }

    /// The wire contract's `POST /auth` with `object`, on URLSession as it comes.
    private static func unguardedAuth(_ root: URL, _ object: [String: String]) async throws(RemoteError) -> IssuedTokens
    {
        var request = URLRequest(url: root.appendingPathComponent("challenge").appendingPathComponent("auth"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(RemoteSecrets.apiKey, forHTTPHeaderField: "apikey")
        request.httpBody = try? JSONSerialization.data(withJSONObject: object)
        let answer: (Data, URLResponse)
        do {
            answer = try await URLSession.shared.data(for: request)
        } catch {
            throw .transport("the request failed")
        }
        let status = (answer.1 as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw .rejected(status: status, code: nil) }
        guard let token = ((try? JSONSerialization.jsonObject(with: answer.0)) as? [String: Any])?["token"] as? String
        else { throw .malformedResponse("no token") }
        return IssuedTokens(accessToken: AccessToken(token))
    }

    func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        try await base.beginSignIn(method)
    }
    func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        if case .unguardedTransport(let root) = mistake, case .accessToken(let token) = credential {
            return try await Self.unguardedAuth(root, ["token": token.reveal()])
        }
        return try await base.refresh(credential)
    }
    /// The adapter's, but for what the mistake declares wrongly.
    var capabilities: AuthCapabilities {
        var capabilities = base.capabilities
        switch mistake {
        case .claimsToAlwaysRotate: capabilities.refreshRotation = .always
        case .declaresPasswordRule(let rule): capabilities.passwordRule = rule
        case .ignoresConfirmation:
            capabilities.registrationOffer = .createsAnAccount(taking: base.registrationOffer.fields)
        case .busyAsWrongPassword, .throttleAsWrongPassword, .unguardedTransport: break
        }
        return capabilities
    }
    func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        let outcome = try await base.register(registration)
        guard mistake == .ignoresConfirmation, case .accountAwaitsConfirmation(let id) = outcome else { return outcome }
        return .accountCreated(id: id)
    }
    func signOut(_ token: SessionToken) async throws(RemoteError) { try await base.signOut(token) }
}

/// The planted mistake: a user adapter that reads a deleted account's
/// refusal as a token it could not verify — the app would then try to
/// refresh, not say the account is gone.
private struct DeletedAccountAsInvalidToken: UserRemoteAPI {
    let base: any UserRemoteAPI

    var offersCurrentUser: Bool { base.offersCurrentUser }
    var offersAccountRoutes: Bool { base.offersAccountRoutes }
    var tellsExpiredTokenApart: Bool { base.tellsExpiredTokenApart }
    var profileCarriesCPF: Bool { base.profileCarriesCPF }

    private func mapped<Value>(_ call: () async throws(RemoteError) -> Value) async throws(RemoteError) -> Value {
        do {
            return try await call()
        } catch .rejected(410, _, _) {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
    }

    func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await mapped { () async throws(RemoteError) in try await base.currentUser(token: token) }
    }

    func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await mapped { () async throws(RemoteError) in try await base.updateCurrentUser(changes, token: token) }
    }

    func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        try await mapped { () async throws(RemoteError) in try await base.deleteCurrentUser(token: token) }
    }

    func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await mapped { () async throws(RemoteError) in try await base.relatedUsers(token: token) }
    }

    func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await mapped { () async throws(RemoteError) in try await base.saveSharedWith(ids, token: token) }
    }
}

/// The planted mistake: a 503 (the server busy) read as the person's wrong
/// credentials — the app would then ask for the password again.
private struct ServiceUnavailableAsWrongCredentials: StatementRemoteAPI {
    let base: any StatementRemoteAPI

    private func mapped<Value>(_ call: () async throws(RemoteError) -> Value) async throws(RemoteError) -> Value {
        do {
            return try await call()
        } catch .rejected(503, _, _) {
            throw .rejected(status: 401, code: .invalidCredentials)
        }
    }

    func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        try await mapped { () async throws(RemoteError) in try await base.statement(token: token) }
    }

    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await mapped { () async throws(RemoteError) in try await base.entryDetails(id: id, token: token) }
    }
}

/// The planted mistake: a refusal whose text carries the token it refused.
private struct RefusalSaysTheToken: StatementRemoteAPI {
    let base: any StatementRemoteAPI

    func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        do {
            return try await base.statement(token: token)
        } catch .rejected(let status, let code, _) {
            throw .rejected(status: status, code: code, fields: ["token": token.reveal()])
        }
    }

    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await base.entryDetails(id: id, token: token)
    }
}
