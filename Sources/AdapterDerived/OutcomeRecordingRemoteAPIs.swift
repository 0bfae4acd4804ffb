public import Ports

/// `AuthRemoteAPI` that records how each call to `inner` ended in `recorder`;
/// otherwise exactly `inner` (same answers, same errors, same sign-out).
public struct OutcomeRecordingAuthRemoteAPI: AuthRemoteAPI {
    private let inner: any AuthRemoteAPI
    private let recorder: CallOutcomeRecorder

    public init(_ inner: any AuthRemoteAPI, recorder: CallOutcomeRecorder) {
        self.inner = inner
        self.recorder = recorder
    }

    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        try await recorder.recording { () throws(RemoteError) in try await inner.signIn(credentials) }
    }

    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        try await recorder.recording { () throws(RemoteError) in try await inner.refresh(credential) }
    }

    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        try await recorder.recording { () throws(RemoteError) in try await inner.register(registration) }
    }

    public var capabilities: AuthCapabilities { inner.capabilities }

    /// The beginning and each poll are recorded; the wait for the person is
    /// not a call to the backend.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        let attempt = try await recorder.recording { () throws(RemoteError) in try await inner.beginSignIn(method) }
        return OutcomeRecordingExternalSignInAttempt(attempt: attempt, recorder: recorder)
    }

    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        try await recorder.recording { () throws(RemoteError) in try await inner.signOut(token) }
    }

    /// The beginning is recorded (it may read the discovery document); the
    /// wait for the browser is not a call to the backend.
    public func beginBrowserSignOut(_ token: SessionToken) async throws(RemoteError) -> (any BrowserSignOutAttempt)? {
        try await recorder.recording { () throws(RemoteError) in try await inner.beginBrowserSignOut(token) }
    }

    public func proveKeptSignIn(_ token: SessionToken) async throws(RemoteError) -> KeptSignInProof {
        try await recorder.recording { () throws(RemoteError) in try await inner.proveKeptSignIn(token) }
    }
}

/// An `ExternalSignInAttempt` whose polls are recorded.
struct OutcomeRecordingExternalSignInAttempt: ExternalSignInAttempt {
    let attempt: any ExternalSignInAttempt
    let recorder: CallOutcomeRecorder

    var instructions: ExternalSignInInstructions { attempt.instructions }

    func awaitPerson() async throws(RemoteError) { try await attempt.awaitPerson() }

    func poll() async throws(RemoteError) -> ExternalSignInProgress {
        try await recorder.recording { () throws(RemoteError) in try await attempt.poll() }
    }

    func end() async { await attempt.end() }
}

/// `UserRemoteAPI` that records how each call to `inner` ended in `recorder`;
/// otherwise exactly `inner`.
public struct OutcomeRecordingUserRemoteAPI: UserRemoteAPI {
    private let inner: any UserRemoteAPI
    private let recorder: CallOutcomeRecorder

    public init(_ inner: any UserRemoteAPI, recorder: CallOutcomeRecorder) {
        self.inner = inner
        self.recorder = recorder
    }

    public var offersCurrentUser: Bool { inner.offersCurrentUser }
    public var offersAccountRoutes: Bool { inner.offersAccountRoutes }
    public var tellsExpiredTokenApart: Bool { inner.tellsExpiredTokenApart }
    public var profileCarriesCPF: Bool { inner.profileCarriesCPF }

    public func currentUser(token: AccessToken) async throws(RemoteError) -> UserProfile {
        try await recorder.recording { () throws(RemoteError) in try await inner.currentUser(token: token) }
    }

    public func updateCurrentUser(_ changes: ProfileChanges, token: AccessToken) async throws(RemoteError)
        -> UserProfile
    {
        try await recorder.recording { () throws(RemoteError) in
            try await inner.updateCurrentUser(changes, token: token)
        }
    }

    public func deleteCurrentUser(token: AccessToken) async throws(RemoteError) {
        try await recorder.recording { () throws(RemoteError) in try await inner.deleteCurrentUser(token: token) }
    }

    public func relatedUsers(token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await recorder.recording { () throws(RemoteError) in try await inner.relatedUsers(token: token) }
    }

    public func saveSharedWith(_ ids: Set<String>, token: AccessToken) async throws(RemoteError) -> [RelatedUser] {
        try await recorder.recording { () throws(RemoteError) in try await inner.saveSharedWith(ids, token: token) }
    }
}

/// `StatementRemoteAPI` that records how each call to `inner` ended in
/// `recorder`; otherwise exactly `inner`.
public struct OutcomeRecordingStatementRemoteAPI: StatementRemoteAPI {
    private let inner: any StatementRemoteAPI
    private let recorder: CallOutcomeRecorder

    public init(_ inner: any StatementRemoteAPI, recorder: CallOutcomeRecorder) {
        self.inner = inner
        self.recorder = recorder
    }

    public func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        try await recorder.recording { () throws(RemoteError) in try await inner.statement(token: token) }
    }

    public func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        try await recorder.recording { () throws(RemoteError) in try await inner.entryDetails(id: id, token: token) }
    }
}
