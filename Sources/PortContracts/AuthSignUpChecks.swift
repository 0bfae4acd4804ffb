import Ports
import Testing

/// A sign-up with fields every backend that takes them finds malformed,
/// and those fields (the port's doc comment: an e-mail without `@` or a
/// domain, a password shorter than six characters; a CPF whose check
/// digits are wrong; a blank name).
struct MalformedSignUp {
    let description: String
    let badFields: Set<RegistrationField>
    let change: @Sendable (inout Registration) -> Void

    static let all: [MalformedSignUp] = [
        MalformedSignUp(description: "blank name", badFields: [.name]) { $0.name = "   " },
        MalformedSignUp(description: "e-mail without @", badFields: [.email]) { $0.email = "beatriz.example.com" },
        MalformedSignUp(description: "e-mail without a domain", badFields: [.email]) { $0.email = "beatriz@" },
        MalformedSignUp(description: "CPF with a wrong check digit", badFields: [.cpf]) { $0.cpf = "11144477736" },
        MalformedSignUp(description: "CPF of ten digits", badFields: [.cpf]) { $0.cpf = "1114447773" },
        MalformedSignUp(description: "CPF of equal digits", badFields: [.cpf]) { $0.cpf = "11111111111" },
        MalformedSignUp(description: "password of five digits", badFields: [.password]) {
            $0.password = Password("24681")
        },
        MalformedSignUp(description: "every field malformed", badFields: Set<RegistrationField>.everyField) {
            $0 = Registration(name: "", email: "no", cpf: "123", password: Password("1"))
        },
    ]
}

extension AuthChecks {
    /// Ends the check unless the adapter offers a sign-up.
    func requireSignUp() throws -> RegistrationOffer {
        let offer = auth.registrationOffer
        if !offer.isOffered { try doesNotApply("registrationOffer .none", proof: .undeclaredCallsSendNothing) }
        return offer
    }

    /// A new registration whose identifiers the offer takes are the first
    /// seeded person's: in use, so the sign-up creates nothing.
    var registrationInUse: Registration {
        let seeded = server.credentials(of: .first)
        var registration = server.newRegistration()
        registration.cpf = seeded.cpf ?? registration.cpf
        registration.email = seeded.email ?? registration.email
        return registration
    }

    func identifierInUseIsAlreadyRegistered() async throws {
        let offer = try requireSignUp()
        let seeded = server.credentials(of: .first)
        var judged = 0
        if offer.fields.contains(.cpf), let cpf = seeded.cpf {
            var registration = server.newRegistration()
            registration.cpf = cpf
            expect(
                await signUpRefusal(registration), is: .rejected(status: 409, code: .alreadyRegistered), "a CPF in use")
            judged += 1
        }
        if offer.fields.contains(.email), let email = seeded.email {
            var registration = server.newRegistration()
            registration.email = email
            expect(
                await signUpRefusal(registration), is: .rejected(status: 409, code: .alreadyRegistered),
                "an e-mail in use")
            judged += 1
        }
        if judged == 0 {
            try doesNotApply("a sign-up taking no identifier the seed knows the first person by", proof: nil)
        }
    }

    func malformedSignUpFieldsAreNamed() async throws {
        let offer = try requireSignUp()
        for bad in MalformedSignUp.all {
            let judged = offer.fields.intersection(bad.badFields)
            guard !judged.isEmpty else { continue }
            var registration = server.newRegistration()
            bad.change(&registration)
            let error = await signUpRefusal(registration)
            guard case .rejected(let status, let code, let fields)? = error else {
                Issue.record("\(bad.description) gave \(String(describing: error))", sourceLocation: sourceLocation)
                continue
            }
            #expect(status == 400 && code == .validationFailed, "\(bad.description)", sourceLocation: sourceLocation)
            #expect(!fields.isEmpty, "\(bad.description): some field named", sourceLocation: sourceLocation)
            #expect(
                Set(fields.keys).isSubset(of: Set(judged.map(\.rawValue))),
                "\(bad.description): only fields malformed and taken, named \(fields.keys.sorted())",
                sourceLocation: sourceLocation)
        }
    }

    /// The error a sign-up with `registration` throws; nil when it succeeds.
    func signUpError(_ registration: Registration) async -> RemoteError? {
        await verdicts.outcome(saying: Self.secrets(nil, nil, registration)) { () async throws(RemoteError) in
            _ = try await auth.register(registration)
        }
    }

    /// The error a sign-up with `registration` throws, recorded when it throws none.
    func signUpRefusal(_ registration: Registration) async -> RemoteError? {
        await verdicts.refusal(saying: Self.secrets(nil, nil, registration)) { () async throws(RemoteError) in
            _ = try await auth.register(registration)
        }
    }

    // MARK: - The server's counts, and sign-ups that create accounts

    func offeredSignUpReachesTheServer() async throws {
        _ = try requireSignUp()
        let sentBefore = try await server.requestCount()
        expect(
            await signUpRefusal(registrationInUse), is: .rejected(status: 409, code: .alreadyRegistered),
            "a sign-up with identifiers in use")
        #expect(
            try await server.requestCount() > sentBefore, "the sign-up reached the server",
            sourceLocation: sourceLocation)
    }

    func signUpAnswersAsOffered() async throws {
        let offer = try requireSignUp()
        let registration = server.newRegistration()
        let liveBefore = try await server.liveTokenCount()
        let outcome = try await auth.register(registration)
        switch (offer, outcome) {
        case (.createsAnAccount, .accountCreated(let id)):
            #expect(!id.isEmpty, "an account's id", sourceLocation: sourceLocation)
            #expect(
                try await server.liveTokenCount() == liveBefore, "no token issued", sourceLocation: sourceLocation)
            let error = await verdicts.refusal(saying: []) { () async throws(RemoteError) in
                _ = try await auth.refresh(.accessToken(AccessToken(id)))
            }
            expect(error, is: .rejected(status: 401, code: .tokenInvalid), "the account's id is no token")
        case (.createsAnAccountToConfirm, .accountAwaitsConfirmation(let id)):
            #expect(!id.isEmpty, "an account's id", sourceLocation: sourceLocation)
            #expect(
                try await server.liveTokenCount() == liveBefore, "no token issued", sourceLocation: sourceLocation)
            try await expectUnconfirmedSignInRefused(registration, taken: offer.fields)
        case (.createsASession, .signedIn(let issued)):
            let profile = try await server.profile(behind: issued.accessToken)
            if let profile, offer.fields.contains(.email) {
                #expect(profile.email == registration.email, sourceLocation: sourceLocation)
            }
            let refreshed = try await auth.refresh(RefreshCredential(issued: issued))
            #expect(refreshed.accessToken != issued.accessToken, sourceLocation: sourceLocation)
            if let profile {
                #expect(
                    try await server.profile(behind: refreshed.accessToken)?.id == profile.id,
                    "the refreshed token is the same account's", sourceLocation: sourceLocation)
            }
        case (let offer, .accountCreated):
            Issue.record(
                "an adapter whose offer is \(offer) answered an account and no session", sourceLocation: sourceLocation)
        case (let offer, .accountAwaitsConfirmation):
            Issue.record(
                "an adapter whose offer is \(offer) answered an account awaiting confirmation",
                sourceLocation: sourceLocation)
        case (let offer, .signedIn):
            Issue.record("an adapter whose offer is \(offer) answered a session", sourceLocation: sourceLocation)
        }
    }

    /// Records an issue unless a sign-in of `registration`'s account, not
    /// confirmed yet, is refused as `emailNotConfirmed`.
    private func expectUnconfirmedSignInRefused(_ registration: Registration, taken fields: Set<RegistrationField>)
        async throws
    {
        guard let identifier = signInIdentifier(of: registration, taken: fields) else { return }
        let error = await verdicts.refusal(saying: Self.secrets(nil, nil, registration)) {
            () async throws(RemoteError) in
            _ = try await auth.signIn(Credentials(identifier: identifier, password: registration.password))
        }
        expect(error, is: .signInRefused(.emailNotConfirmed), "a sign-in before the account is confirmed")
    }

    func registeredAccountSignsIn() async throws {
        let offer = try requireSignUp()
        let registration = server.newRegistration()
        let id: String?
        switch try await auth.register(registration) {
        case .accountCreated(let accountID): id = accountID
        case .accountAwaitsConfirmation(let accountID):
            id = accountID
            try await expectUnconfirmedSignInRefused(registration, taken: offer.fields)
            try await server.confirmRegistration(of: registration)
        case .signedIn(let issued): id = try await server.profile(behind: issued.accessToken)?.id
        }
        var identifiers: [LoginIdentifier] = []
        if offer.fields.contains(.cpf), auth.signsInByCPF { identifiers.append(.cpf(registration.cpf)) }
        if offer.fields.contains(.email), auth.signsInByEmail { identifiers.append(.email(registration.email)) }
        #expect(!identifiers.isEmpty, "its sign-up takes no identifier it signs in by", sourceLocation: sourceLocation)
        for identifier in identifiers {
            let issued = try await auth.signIn(Credentials(identifier: identifier, password: registration.password))
            guard let profile = try await server.profile(behind: issued.accessToken) else { continue }
            if let id { #expect(profile.id == id, "the account created", sourceLocation: sourceLocation) }
            if offer.fields.contains(.name) {
                #expect(profile.name == registration.name, sourceLocation: sourceLocation)
            }
            if offer.fields.contains(.email) {
                #expect(profile.email == registration.email, sourceLocation: sourceLocation)
            }
            if offer.fields.contains(.cpf) { #expect(profile.cpf == registration.cpf, sourceLocation: sourceLocation) }
        }
    }

    func passwordRuleIsTheBackends() async throws {
        let rule = auth.passwordRule
        #expect(
            rule.accepts(server.credentials(of: .first).password.reveal()),
            "the seeded person's password meets the declared rule (\(rule))", sourceLocation: sourceLocation)
        let offer = try requireSignUp()
        if !offer.fields.contains(.password) { try doesNotApply("a sign-up that takes no password", proof: nil) }
        var accepted = server.newRegistration()
        accepted.password = rule.acceptedExample
        if let refusal = await signUpError(accepted) {
            Issue.record(
                "a sign-up with a password the declared rule (\(rule)) takes gave \(refusal)",
                sourceLocation: sourceLocation)
        } else if let identifier = signInIdentifier(of: accepted, taken: offer.fields) {
            if case .createsAnAccountToConfirm = offer { try await server.confirmRegistration(of: accepted) }
            let issued = await verdicts.outcome(saying: Self.secrets(nil, nil, accepted)) {
                () async throws(RemoteError) in
                _ = try await auth.signIn(Credentials(identifier: identifier, password: accepted.password))
            }
            #expect(
                issued == nil, "the account signs in with that password (\(String(describing: issued)))",
                sourceLocation: sourceLocation)
        }
        for password in rule.refusedExamples {
            var refused = server.newRegistration()
            refused.password = password
            let error = await signUpRefusal(refused)
            guard case .rejected(400, .validationFailed, let fields)? = error, fields.keys.contains("password")
            else {
                let answer = String(describing: error)
                Issue.record(
                    "a sign-up with a password the declared rule (\(rule)) refuses gave \(answer), not VALIDATION_FAILED naming password",
                    sourceLocation: sourceLocation)
                continue
            }
        }
    }

    /// An identifier a registration of `fields` took that the adapter signs in by.
    private func signInIdentifier(of registration: Registration, taken fields: Set<RegistrationField>)
        -> LoginIdentifier?
    {
        if fields.contains(.email), auth.signsInByEmail { return .email(registration.email) }
        if fields.contains(.cpf), auth.signsInByCPF { return .cpf(registration.cpf) }
        return nil
    }

    func fieldsNotTakenAreNotJudged() async throws {
        let offer = try requireSignUp()
        let notTaken = Set<RegistrationField>.everyField.subtracting(offer.fields)
        if notTaken.isEmpty {
            try doesNotApply("a sign-up taking every field", proof: .malformedSignUpFieldsAreNamed)
        }
        // Each field left out is malformed, or one in use: none may count.
        let seeded = server.credentials(of: .first)
        var registration = server.newRegistration()
        if notTaken.contains(.name) { registration.name = "" }
        if notTaken.contains(.cpf) { registration.cpf = seeded.cpf ?? "123" }
        if notTaken.contains(.email) { registration.email = "no" }
        if let error = await signUpError(registration) {
            Issue.record(
                "a sign-up whose only faults are in fields it does not take (\(notTaken.map(\.rawValue).sorted())) gave \(error)",
                sourceLocation: sourceLocation)
        }
    }
}
