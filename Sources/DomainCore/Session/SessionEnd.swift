public import Ports

/// The end of a session: logout, the way back to sign-in from the
/// session-expired screen, and a session the backend ended
/// (docs/spec/explicit-actions.md).
@MainActor
public final class SessionEnd {
    private let session: AuthSession
    private let authAPI: any AuthRemoteAPI
    private let repository: UserSessionRepository
    private let tokenManager: TokenManager
    private let pins: SessionPIN
    /// A logout's last step, the server's sign-in in the browser ended; nil: none.
    public let browserSignOut: BrowserSignOut?

    /// A session end. The container attaches it to the token manager's
    /// ``SessionEndRelay``, so it hears when the backend ends a session (a
    /// refused token a refresh cannot cure, an inactive or deleted account).
    ///
    /// - Parameters:
    ///   - session: the state an end makes unauthenticated.
    ///   - authAPI: the best-effort sign-out call.
    ///   - repository: the stored session, wiped.
    ///   - tokenManager: stopped; it reports the ends the backend decides.
    ///   - pins: the PIN, removed with the session it locks.
    ///   - browserSignOut: a logout's last step: the server's sign-in in the
    ///     browser ended, where the backend has an end-session endpoint (it
    ///     asks the backend). Nil: no such step.
    public init(
        session: AuthSession, authAPI: any AuthRemoteAPI, repository: UserSessionRepository,
        tokenManager: TokenManager, pins: SessionPIN, browserSignOut: BrowserSignOut? = nil
    ) {
        self.session = session
        self.authAPI = authAPI
        self.repository = repository
        self.tokenManager = tokenManager
        self.pins = pins
        self.browserSignOut = browserSignOut
    }

    /// The signed-in user, when there is one.
    public var user: UserProfile? { session.user }

    /// Ends the session: tokens cleared, local data wiped, state
    /// unauthenticated. Anything still in flight is discarded when it lands.
    /// Then, best effort, the backend revokes the tokens; and where it has an
    /// end-session endpoint the browser is sent there (`BrowserSignOut`),
    /// whose outcome the welcome screen shows: the session on the device is
    /// already over whatever becomes of it.
    public func logout() async {
        await endSession(reason: .loggedOut)
    }

    /// From the session-expired screen: go to sign-in, keeping the local data
    /// until the next sign-in decides whose it is.
    public func beginReauthentication() {
        guard case .sessionExpired = session.state else { return }
        session.transition(to: .unauthenticated(.reauthenticating))
    }

    /// Tokens cleared, stored session wiped, PIN removed, state
    /// unauthenticated for `reason`; then, when asked and offered, the
    /// backend is told (best effort).
    func endSession(reason: SignedOutReason, signOutRemotely: Bool = true) async {
        let token = await tokenManager.currentToken
        await tokenManager.stop()
        await repository.endSession()
        await pins.discard()
        session.transition(to: .unauthenticated(reason))
        guard signOutRemotely, let token else { return }
        if authAPI.offersSignOut {
            // Best effort: the session is already over here whatever the backend says.
            try? await authAPI.signOut(token)
        }
        // After the revocation, so the server's tokens are gone even when the
        // browser never comes back; its outcome is shown, never dropped.
        await browserSignOut?.run(for: token)
    }

    /// The token manager reports, through its relay, that the backend ended
    /// the session mid-session (refused token a refresh cannot cure, inactive
    /// or deleted account): as the bootstrap table, tokens cleared and local
    /// data wiped, at once. An end of a generation that is no longer current
    /// changes nothing.
    public func backendEndedSession(generation: SessionGeneration, reason: SignedOutReason) async {
        guard session.state.isSignedIn, await repository.generation == generation else { return }
        guard reason != .endedElsewhere else {
            await letGoOfSessionEndedElsewhere()
            return
        }
        await endSession(reason: reason, signOutRemotely: false)
    }

    /// Another process ended the session: this one forgets it and writes
    /// nothing — not the store, whose session (none, or a newer sign-in's)
    /// is that process's word, nor the PIN, which the newer session may own.
    func letGoOfSessionEndedElsewhere() async {
        await tokenManager.stop()
        await repository.forgetSessionEndedElsewhere()
        session.transition(to: .unauthenticated(.endedElsewhere))
    }
}

extension SessionEnd: LogoutUseCase, ReauthenticateUseCase, SignedInUserReading, SessionEndListener {}
