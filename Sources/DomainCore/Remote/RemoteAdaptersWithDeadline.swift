public import Ports

// The four remote ports with the app's request deadline in front: each call
// of the adapter runs under `RequestDeadline`. Composition puts them
// in front of whichever adapters an environment chose, so every remote call
// the app makes (auth, user, statement, health) ends by the deadline.

/// `AuthRemoteAPI` whose every call ends by the deadline.
public struct DeadlineAuthRemoteAPI: AuthRemoteAPI {
    /// The adapter behind the deadline, as the environment chose it.
    public let adapter: any AuthRemoteAPI
    private let deadline: RequestDeadline

    /// Puts `deadline` in front of every call of `adapter`.
    ///
    /// - Parameters:
    ///   - adapter: the environment's auth adapter.
    ///   - deadline: the limit each call runs under.
    public init(_ adapter: any AuthRemoteAPI, deadline: RequestDeadline) {
        self.adapter = adapter
        self.deadline = deadline
    }

    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.signIn(credentials) }
    }

    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.refresh(credential) }
    }

    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.register(registration) }
    }

    public var capabilities: AuthCapabilities { adapter.capabilities }

    /// The request that begins the attempt runs under the deadline; so does
    /// each of the attempt's polls, but not its wait for the person.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        let attempt = try await deadline.run { [adapter] () async throws(RemoteError) in
            try await adapter.beginSignIn(method)
        }
        return DeadlineExternalSignInAttempt(attempt, deadline: deadline)
    }

    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.signOut(token) }
    }

    /// The request that begins it (discovery, when not done yet) runs under
    /// the deadline; the wait for the browser is the caller's to bound.
    public func beginBrowserSignOut(_ token: SessionToken) async throws(RemoteError) -> (any BrowserSignOutAttempt)? {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.beginBrowserSignOut(token)
        }
    }

    public func proveKeptSignIn(_ token: SessionToken) async throws(RemoteError) -> KeptSignInProof {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.proveKeptSignIn(token) }
    }
}

/// An `ExternalSignInAttempt` whose every request ends by the deadline: its
/// polls. Waiting for the person is the caller's to bound.
struct DeadlineExternalSignInAttempt: ExternalSignInAttempt {
    let attempt: any ExternalSignInAttempt
    let deadline: RequestDeadline

    init(_ attempt: any ExternalSignInAttempt, deadline: RequestDeadline) {
        self.attempt = attempt
        self.deadline = deadline
    }

    var instructions: ExternalSignInInstructions { attempt.instructions }

    func awaitPerson() async throws(RemoteError) { try await attempt.awaitPerson() }

    func poll() async throws(RemoteError) -> ExternalSignInProgress {
        try await deadline.run { [attempt] () async throws(RemoteError) in try await attempt.poll() }
    }

    func end() async { await attempt.end() }
}

/// `UserRemoteAPI` whose every call ends by the deadline.
public struct DeadlineUserRemoteAPI: UserRemoteAPI {
    /// The adapter behind the deadline, as the environment chose it.
    public let adapter: any UserRemoteAPI
    private let deadline: RequestDeadline

    /// Puts `deadline` in front of every call of `adapter`.
    ///
    /// - Parameters:
    ///   - adapter: the environment's user adapter.
    ///   - deadline: the limit each call runs under.
    public init(_ adapter: any UserRemoteAPI, deadline: RequestDeadline) {
        self.adapter = adapter
        self.deadline = deadline
    }

    public var offersCurrentUser: Bool { adapter.offersCurrentUser }
    public var offersAccountRoutes: Bool { adapter.offersAccountRoutes }
    public var tellsExpiredTokenApart: Bool { adapter.tellsExpiredTokenApart }
    public var profileCarriesCPF: Bool { adapter.profileCarriesCPF }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.currentUser(token: token) }
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    {
        try await deadline.run { [adapter] () async throws(RemoteError) in
            try await adapter.updateCurrentUser(changes, token: token)
        }
    }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        try await deadline.run { [adapter] () async throws(RemoteError) in
            try await adapter.deleteCurrentUser(token: token)
        }
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.relatedUsers(token: token)
        }
    }

    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await deadline.run { [adapter] () async throws(RemoteError) in
            try await adapter.saveSharedWith(ids, token: token)
        }
    }
}

/// `StatementRemoteAPI` whose every call ends by the deadline.
public struct DeadlineStatementRemoteAPI: StatementRemoteAPI {
    /// The adapter behind the deadline, as the environment chose it.
    public let adapter: any StatementRemoteAPI
    private let deadline: RequestDeadline

    /// Puts `deadline` in front of every call of `adapter`.
    ///
    /// - Parameters:
    ///   - adapter: the environment's statement adapter.
    ///   - deadline: the limit each call runs under.
    public init(_ adapter: any StatementRemoteAPI, deadline: RequestDeadline) {
        self.adapter = adapter
        self.deadline = deadline
    }

    public func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.statement(token: token) }
    }

    public func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await deadline.run { [adapter] () async throws(RemoteError) in
            try await adapter.entryDetails(id: id, token: token)
        }
    }
}

/// `HealthProbe` whose every check ends by the deadline.
public struct DeadlineHealthProbe: HealthProbe {
    public var source: HealthSource { adapter.source }
    /// The adapter behind the deadline, as the environment chose it.
    public let adapter: any HealthProbe
    private let deadline: RequestDeadline

    /// Puts `deadline` in front of every check of `adapter`; its reports pass
    /// through unbounded.
    ///
    /// - Parameters:
    ///   - adapter: the environment's health probe.
    ///   - deadline: the limit each check runs under.
    public init(_ adapter: any HealthProbe, deadline: RequestDeadline) {
        self.adapter = adapter
        self.deadline = deadline
    }

    /// What the adapter reports between checks reaches the handler unchanged:
    /// only calls are bounded by the deadline.
    public func onReport(_ handler: @escaping @Sendable (ServerHealth) async -> Void) {
        adapter.onReport(handler)
    }

    public func check() async throws(RemoteError) -> ServerHealth {
        try await deadline.run { [adapter] () async throws(RemoteError) in try await adapter.check() }
    }
}
