import Foundation
import Ports
import Testing

/// The checks behind `AuthRemoteAPIContract`'s promises, on one adapter and
/// its server: here the declarations, the sign-in and the refresh on the
/// seed alone; the sign-up's in `AuthSignUpChecks.swift`, the switches' in
/// `AuthSwitchChecks.swift`.
struct AuthChecks {
    let auth: any AuthRemoteAPI
    let server: any AuthBackendControl
    let verdicts: RemoteCallVerdicts
    var sourceLocation: SourceLocation { verdicts.sourceLocation }

    init(auth: any AuthRemoteAPI, server: any AuthBackendControl, sourceLocation: SourceLocation) {
        self.auth = auth
        self.server = server
        verdicts = RemoteCallVerdicts(sourceLocation: sourceLocation)
    }

    // MARK: - What every check shares

    /// Ends the check with a warning: the adapter declares `declaration`,
    /// so the promise does not apply; `proof` is the promise that checks
    /// the refusal going with it.
    func doesNotApply(_ declaration: String, proof: AuthRemoteAPIContract.Promise?) throws -> Never {
        let proved = proof.map { "; \($0.rawValue) proves what it does instead" } ?? ""
        let comment: Comment = "does not apply: the adapter declares \(declaration)\(proved)"
        Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
        try Test.cancel(comment, sourceLocation: sourceLocation)
    }

    /// The first seeded person's credentials as the adapter takes them.
    func firstPersonsCredentials(password: Password? = nil) throws -> Credentials {
        guard let credentials = server.credentials(of: .first).credentials(for: auth, password: password) else {
            try doesNotApply(
                "no identifier kind the seed knows the first person by (signsInByCPF \(auth.signsInByCPF), signsInByEmail \(auth.signsInByEmail))",
                proof: nil)
        }
        return credentials
    }

    /// Signs the first seeded person in.
    func signInTheFirstPerson() async throws -> IssuedTokens {
        try await auth.signIn(try firstPersonsCredentials())
    }

    /// The secrets a call with these values sends, which no error may say.
    static func secrets(
        _ credentials: Credentials? = nil, _ issued: IssuedTokens? = nil, _ registration: Registration? = nil
    ) -> [SecretSent] {
        var secrets: [SecretSent] = []
        if let credentials { secrets.append(SecretSent(kind: "password", value: credentials.password.reveal())) }
        if let registration { secrets.append(SecretSent(kind: "password", value: registration.password.reveal())) }
        if let issued {
            secrets.append(.token(issued.accessToken.reveal()))
            if let refresh = issued.refreshToken {
                secrets.append(SecretSent(kind: "refresh token", value: refresh.reveal()))
            }
        }
        return secrets
    }

    /// The error a sign-in with `credentials` throws, recorded when it throws none.
    func signInRefusal(_ credentials: Credentials) async -> RemoteError? {
        await verdicts.refusal(saying: Self.secrets(credentials)) { () async throws(RemoteError) in
            _ = try await auth.signIn(credentials)
        }
    }

    /// The error a refresh with `credential` (from `issued`) throws, recorded when it throws none.
    func refreshRefusal(_ credential: RefreshCredential, of issued: IssuedTokens) async -> RemoteError? {
        await verdicts.refusal(saying: Self.secrets(nil, issued)) { () async throws(RemoteError) in
            _ = try await auth.refresh(credential)
        }
    }

    /// Records an issue unless `error` refuses credentials: 401 with
    /// INVALID_CREDENTIALS, or no code (a backend that sends no body).
    func expectInvalidCredentials(_ error: RemoteError?, _ context: String) {
        guard case .rejected(401, let code, _)? = error, code == .invalidCredentials || code == nil else {
            Issue.record(
                "\(context): expected 401 INVALID_CREDENTIALS, got \(String(describing: error))",
                sourceLocation: sourceLocation)
            return
        }
    }

    /// Records an issue unless `error` is exactly `expected`.
    func expect(_ error: RemoteError?, is expected: RemoteError, _ context: String) {
        guard error != expected else { return }
        Issue.record(
            "\(context): expected \(expected), got \(String(describing: error))", sourceLocation: sourceLocation)
    }

    // MARK: - Declarations

    /// What every declaration says now, to compare.
    private var declarations: AuthDeclarations {
        AuthDeclarations(
            signsInByCPF: auth.signsInByCPF, signsInByEmail: auth.signsInByEmail, signInMethods: auth.signInMethods,
            refreshRotation: auth.refreshRotation, refusalsToldApart: auth.refusalsToldApart,
            registrationOffer: auth.registrationOffer, offersSignOut: auth.offersSignOut)
    }

    func declarationsAreConstant() async throws {
        let before = declarations
        let seeded = server.credentials(of: .first)
        for kind in IdentifierKind.allCases {
            guard let identifier = seeded.identifier(kind) else { continue }
            _ = try? await auth.signIn(Credentials(identifier: identifier, password: seeded.password))
        }
        var inUse = server.newRegistration()
        inUse.email = seeded.email ?? inUse.email
        inUse.cpf = seeded.cpf ?? inUse.cpf
        _ = try? await auth.register(inUse)
        for method in SignInMethod.allCases where method != .password {
            if let attempt = try? await auth.beginSignIn(method) { await attempt.end() }
        }
        #expect(declarations == before, "the declarations changed", sourceLocation: sourceLocation)
    }

    func declarationsAgree() {
        let methods = auth.signInMethods
        #expect(!methods.isEmpty, "signInMethods is never empty", sourceLocation: sourceLocation)
        #expect(Set(methods).count == methods.count, "no method listed twice", sourceLocation: sourceLocation)
        #expect(
            methods.contains(.password) == (auth.signsInByCPF || auth.signsInByEmail),
            "an identifier kind is declared exactly when .password is listed", sourceLocation: sourceLocation)
        #expect(auth.signsIn(by: IdentifierKind.cpf.unknown) == auth.signsInByCPF, sourceLocation: sourceLocation)
        #expect(auth.signsIn(by: IdentifierKind.email.unknown) == auth.signsInByEmail, sourceLocation: sourceLocation)
        let offer = auth.registrationOffer
        guard offer.isOffered else {
            #expect(offer.fields.isEmpty, "no sign-up takes no field", sourceLocation: sourceLocation)
            return
        }
        #expect(offer.fields.contains(.password), "a sign-up takes the password", sourceLocation: sourceLocation)
        #expect(
            (offer.fields.contains(.cpf) && auth.signsInByCPF)
                || (offer.fields.contains(.email) && auth.signsInByEmail),
            "a sign-up takes an identifier the backend signs in by", sourceLocation: sourceLocation)
    }

    func unlistedMethodsAreRefused() async {
        await SignInMethodChecks(auth: auth, sourceLocation: sourceLocation).unlistedMethodsAreRefused()
    }

    // MARK: - Sign-in

    func signInByEachDeclaredKindIsThatPerson() async throws {
        let seeded = server.credentials(of: .first)
        let kinds = IdentifierKind.allCases.filter { $0.isDeclared(by: auth) && seeded.identifier($0) != nil }
        if kinds.isEmpty { _ = try firstPersonsCredentials() }
        for kind in kinds {
            guard let identifier = seeded.identifier(kind) else { continue }
            let issued = try await auth.signIn(Credentials(identifier: identifier, password: seeded.password))
            #expect(!issued.accessToken.reveal().isEmpty, "by \(kind)", sourceLocation: sourceLocation)
            if let profile = try await server.profile(behind: issued.accessToken) {
                switch identifier {
                case .cpf(let cpf):
                    #expect(
                        profile.cpf == cpf, "the token is the person's signed in by CPF", sourceLocation: sourceLocation
                    )
                case .email(let email):
                    #expect(
                        profile.email == email, "the token is the person's signed in by e-mail",
                        sourceLocation: sourceLocation)
                }
            }
            _ = try await auth.refresh(RefreshCredential(issued: issued))
        }
    }

    func everySignInAnswersANewToken() async throws {
        let first = try await signInTheFirstPerson()
        let second = try await signInTheFirstPerson()
        #expect(first.accessToken != second.accessToken, sourceLocation: sourceLocation)
    }

    func wrongPasswordIsInvalidCredentials() async throws {
        let credentials = try firstPersonsCredentials(password: server.credentials(of: .first).wrongPassword)
        expectInvalidCredentials(await signInRefusal(credentials), "a wrong password")
    }

    func unknownIdentifierIsInvalidCredentials() async throws {
        let kinds = IdentifierKind.allCases.filter { $0.isDeclared(by: auth) }
        for kind in kinds {
            let credentials = Credentials(identifier: kind.unknown, password: Password("123456"))
            expectInvalidCredentials(await signInRefusal(credentials), "an unknown \(kind)")
        }
    }

    func inactiveAccountAtSignInIsAsDeclared() async throws {
        guard let inactive = server.inactiveAccount?.credentials(for: auth) else {
            try doesNotApply("a backend whose seed has no inactive account it can sign in", proof: nil)
        }
        let error = await signInRefusal(inactive)
        if auth.refusalsToldApart.contains(.inactiveAccountAtSignIn) {
            expect(error, is: .rejected(status: 403, code: .userInactive), "an inactive account, told apart")
        } else {
            expectInvalidCredentials(error, "an inactive account, not told apart")
        }
    }

    // MARK: - Refresh (with what the sign-in issued: the refresh token where
    // the backend issues one, the access token where it refreshes by that)

    func refreshAnswersANewToken() async throws {
        let old = try await signInTheFirstPerson()
        let new = try await auth.refresh(RefreshCredential(issued: old))
        #expect(new.accessToken != old.accessToken, "a new access token", sourceLocation: sourceLocation)
        _ = try await auth.refresh(RefreshCredential(issued: new, keeping: old))
    }

    func spentCredentialIsAsTheRotationSays() async throws {
        let old = try await signInTheFirstPerson()
        let new = try await auth.refresh(RefreshCredential(issued: old))
        switch auth.refreshRotation {
        case .always:
            if let spent = old.refreshToken {
                #expect(new.refreshToken != spent, "a rotated refresh token is new", sourceLocation: sourceLocation)
            }
            expect(
                await refreshRefusal(RefreshCredential(issued: old), of: old),
                is: .rejected(status: 401, code: .tokenInvalid),
                "a spent credential of a backend that always rotates")
        case .never:
            guard let spent = old.refreshToken else {
                Issue.record(
                    "a backend that never rotates refreshes by a refresh token", sourceLocation: sourceLocation)
                return
            }
            #expect(
                new.refreshToken == nil || new.refreshToken == spent, "the same refresh token, or none",
                sourceLocation: sourceLocation)
            _ = try await auth.refresh(.refreshToken(spent))
        case .asTheServerChooses:
            _ = try await auth.refresh(RefreshCredential(issued: new, keeping: old))
        }
    }

    func unknownCredentialIsInvalid() async throws {
        let issued = try await signInTheFirstPerson()
        let unknown: RefreshCredential =
            issued.refreshToken == nil
            ? .accessToken(AccessToken("not-a-token-this-server-issued-Rq52"))
            : .refreshToken(RefreshToken("not-a-token-this-server-issued-Rq52"))
        expect(
            await refreshRefusal(unknown, of: issued), is: .rejected(status: 401, code: .tokenInvalid),
            "a credential the server never issued")
    }
}

extension RefreshCredential {
    /// What a session signed in with `tokens` refreshes with, as the token
    /// manager does: the refresh token when the backend issued one, the
    /// access token otherwise; after a refresh that answered no refresh
    /// token, the one `earlier` left.
    init(issued tokens: IssuedTokens, keeping earlier: IssuedTokens? = nil) {
        if let refresh = tokens.refreshToken ?? earlier?.refreshToken {
            self = .refreshToken(refresh)
        } else {
            self = .accessToken(tokens.accessToken)
        }
    }
}

/// Every declaration of an `AuthRemoteAPI`, to compare before and after calls.
private struct AuthDeclarations: Equatable {
    let signsInByCPF: Bool
    let signsInByEmail: Bool
    let signInMethods: [SignInMethod]
    let refreshRotation: RefreshRotation
    let refusalsToldApart: AuthRefusalsToldApart
    let registrationOffer: RegistrationOffer
    let offersSignOut: Bool
}
