import Ports

/// The port faces of `ScriptedServer`.
struct ScriptedAuthAPI: AuthRemoteAPI {
    let server: ScriptedServer
    /// The wire contract's, with the sign-up, identifier kinds and methods
    /// a test sets below.
    var capabilities: AuthCapabilities {
        AuthCapabilities(
            signInMethods: signInMethods, signsInByCPF: signsInByCPF, signsInByEmail: signsInByEmail,
            refreshRotation: .always, refusalsToldApart: .all, passwordRule: .digits(6),
            registrationOffer: registrationOffer, offersSignOut: true)
    }
    /// `.none` plays a backend that creates no accounts. Its `register` still
    /// reaches the scripted server (unlike a real adapter's), so a test sees
    /// whether the domain called it at all. `.createsASession` answers the
    /// scripted server's sign-in after its registration, as Google's Identity Toolkit's
    /// sign-up does.
    var registrationOffer: RegistrationOffer = .createsAnAccount(taking: .everyField)
    /// False plays a backend that signs in by e-mail only. Its `signIn` still
    /// reaches the scripted server with a CPF (unlike a real adapter's), so a
    /// test sees whether the domain called it at all.
    var signsInByCPF = true
    /// False plays a backend that signs in by CPF only (the Cora API). Its
    /// `signIn` still reaches the scripted server with an e-mail, so a test
    /// sees whether the domain called it at all.
    var signsInByEmail = true
    /// The ways it signs in. `beginSignIn` takes the attempts a test queued
    /// in `attempts` (whatever the method: the domain's own checks are what
    /// a test watches); with none queued it refuses, as an adapter that
    /// does not offer the method.
    var signInMethods: [SignInMethod] = [.password]
    var attempts = ScriptedAttempts()
    /// The logouts in the browser a test queued; none: no browser step.
    var browserSignOuts = ScriptedBrowserSignOuts()

    func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        guard let attempt = attempts.next() else { throw .signInRefused(.methodNotOffered) }
        return attempt
    }

    func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        try await server.signIn(credentials)
    }

    func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        try await server.refresh(credential)
    }

    func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        let id = try await server.register(registration)
        guard case .createsASession = registrationOffer else { return .accountCreated(id: id) }
        return .signedIn(
            try await server.signIn(
                Credentials(identifier: .email(registration.email), password: registration.password)))
    }

    func signOut(_ token: SessionToken) async throws(RemoteError) {
        await server.signOut(token)
    }

    func beginBrowserSignOut(_ token: SessionToken) async throws(RemoteError) -> (any BrowserSignOutAttempt)? {
        try browserSignOuts.begin(token)
    }

    func proveKeptSignIn(_ token: SessionToken) async throws(RemoteError) -> KeptSignInProof {
        try await server.proveKeptSignIn(token)
    }
}

struct ScriptedUserAPI: UserRemoteAPI {
    /// Which user routes the scripted backend has (the port's two flags).
    enum Routes: Sendable {
        /// `/users/me` and the account routes: the wire contract.
        case all
        /// `GET /users/me` only (Supabase Auth's shape).
        case currentUserOnly
        /// None: a backend that only issues tokens (the Cora API).
        case none
    }

    let server: ScriptedServer
    var routes = Routes.all

    var offersCurrentUser: Bool { routes != .none }
    var offersAccountRoutes: Bool { routes == .all }
    var tellsExpiredTokenApart: Bool { true }
    var profileCarriesCPF: Bool { true }

    func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await server.userCall(token: token)
    }

    func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError) -> UserProfile {
        var user = try await server.userCall(token: token)
        if let name = changes.name { user.name = name }
        if let email = changes.email { user.email = email }
        return user
    }

    func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        _ = try await server.userCall(token: token)
        await server.revokeAll()
    }

    func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        _ = try await server.userCall(token: token)
        return []
    }

    func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        _ = try await server.userCall(token: token)
        return []
    }
}

struct ScriptedStatementAPI: StatementRemoteAPI {
    let server: ScriptedServer

    func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        try await server.statementCall(token: token)
    }

    /// The details of a listed entry, made from its list item (the parties are fixed).
    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        let statement = try await server.statementCall(token: token)
        guard let item = statement.sections.flatMap(\.items).first(where: { $0.id == id }) else {
            throw .rejected(status: 404, code: .notFound)
        }
        let party = { (name: String, document: String, type: DocumentType) in
            StatementParty(
                name: name, bankName: "Banco XYZ", bankNumber: "001", agencyNumber: "1234", agencyNumberDigit: "7",
                accountNumber: "987654", accountNumberDigit: "9", documentNumber: document, documentType: type)
        }
        return StatementEntryDetails(
            id: item.id, description: item.description, label: item.label, amount: item.amount,
            counterPartyName: item.name, dateEvent: item.dateEvent, status: item.status,
            sender: party("Maria Silva", "12345678909", .cpf), recipient: party(item.name, "11223344000155", .cnpj))
    }
}

/// A health probe whose answer the test sets, with a gate to hold a check open.
actor ScriptedHealthProbe: HealthProbe {
    nonisolated let source = HealthSource.healthRoute
    private(set) var checks = 0
    private var answer: Result<ServerHealth, RemoteError> = .success(.healthy)
    private var holding = false
    private var held: [CheckedContinuation<Void, Never>] = []

    func set(_ answer: Result<ServerHealth, RemoteError>) { self.answer = answer }
    func setHealthy(_ healthy: Bool) { answer = .success(healthy ? .healthy : .unhealthy) }
    func hold() { holding = true }

    func release() {
        holding = false
        let waiting = held
        held = []
        waiting.forEach { $0.resume() }
    }

    var heldCount: Int { held.count }

    func check() async throws(RemoteError) -> ServerHealth {
        checks += 1
        if holding { await withCheckedContinuation { held.append($0) } }
        return try answer.get()
    }
}
