import Foundation
public import Observation
public import Ports

/// The session state and its one owner: what the auth state is, whose data is
/// kept for a sign-in again, and what the device could not store. The use-case
/// objects (``Launcher``, ``SignIn``, ``SessionEnd``, ``AccountManagement``,
/// ``PINLock``, ``AppLifecycle``) change it only through `transition(to:)`
/// and the few setters below; each transition is told to the root through the
/// responder, and every root screen derives from `state`.
@MainActor
@Observable
public final class AuthSession {
    /// The global auth state. `loading` until the launch has decided; every
    /// root screen is derived from it.
    public private(set) var state: AuthState = .loading
    /// While launching: the session store answered "unavailable" (a keychain
    /// still locked) and the launch waits for it to open, reading it again
    /// (``LockedStoreWaitPolicy``). The start-up screen says so. False once
    /// the launch has decided, and whenever the store was readable.
    public internal(set) var isWaitingForStorage = false
    /// While the session is expired or being re-authenticated: the identifier
    /// of the user whose data is kept, as the sign-in field shows it, so that
    /// signing in again starts with it filled in. Nil otherwise.
    public internal(set) var keptUserIdentifier: String?
    /// Set when the session store refused the last write, until one goes through.
    private var sessionStoreProblem: SessionStorageProblem?
    /// Set when the PIN store refused to remove a PIN (at logout, account
    /// deletion, an expiry or a sign-in), until a later removal or set goes
    /// through.
    public internal(set) var pinStorageProblem: SessionStorageProblem?
    /// What every screen says first while the device cannot keep (or remove)
    /// what it should: the session store's problem, else the PIN store's.
    public var storageProblem: SessionStorageProblem? { sessionStoreProblem ?? pinStorageProblem }

    /// The root of the graph (Koober's `MainViewModel`), told of each transition.
    @ObservationIgnored public weak var responder: (any AuthStateResponder)?

    /// Runs while signed in and in the foreground; each transition starts or stops it.
    @ObservationIgnored let refresh: ProactiveRefresh

    /// Where what happens to the session is reported: the ends and expiries
    /// of `transition(to:)` and the store's problems here, the rest by the
    /// use case it happens in.
    @ObservationIgnored let events: SessionEvents

    /// A session state in `loading`. The container attaches it to the
    /// repository's ``SessionStoreWriteRelay``, so the store's write outcomes
    /// become ``storageProblem``.
    ///
    /// - Parameters:
    ///   - refresh: the proactive refresh a transition starts or stops.
    ///   - events: where what happens to the session is reported;
    ///     `.discarded` reports to no one.
    public init(refresh: ProactiveRefresh, events: SessionEvents = .discarded) {
        self.refresh = refresh
        self.events = events
    }

    /// The signed-in user, when there is one.
    public var user: UserProfile? {
        if case .authenticated(let user) = state { return user }
        return nil
    }

    /// Whether the proactive refresh loop is alive (tests check nothing is left behind).
    public var isRefreshingProactively: Bool { refresh.isRunning }

    /// A write of the session store ran (told by the repository, through the
    /// relay): its problem, or nil, is what ``storageProblem`` says next.
    public func sessionStoreWriteEnded(_ problem: SessionStorageProblem?) {
        sessionStoreProblem = problem
        switch problem {
        case .notSaved: events.report(.storeProblem(.notSaved))
        case .notDeleted: events.report(.storeProblem(.notDeleted))
        case .pinNotRemoved, .removalWaiting, .anotherWindowBusy, nil: break
        }
    }

    /// Moves to `newState`: the proactive refresh runs only while signed in
    /// (and in the foreground), and the responder shows the root screen.
    func transition(to newState: AuthState) {
        let changed = newState != state
        state = newState
        if changed { reportEnd(of: newState) }
        // Only a launch waits for the store: whatever it decided, it no longer does.
        if newState != .loading { isWaitingForStorage = false }
        switch newState {
        case .loading:
            refresh.stop()
        case .authenticated(let user):
            keptUserIdentifier = nil
            refresh.startIfInForeground()
            responder?.signedIn(to: user)
        case .pinLocked(let user):
            // Nothing refreshes behind the PIN screen (docs/spec/tokens.md):
            // a locked session nobody unlocks is not kept alive, so its
            // refresh window bounds how long a lost device holds a live
            // session. The right PIN starts the refresh again, at once for a
            // token that came due meanwhile.
            refresh.stop()
            responder?.pinLocked(as: user)
        case .unauthenticated(let reason):
            // Re-authenticating keeps the identifier for the sign-in it opens;
            // any other way out of a session forgets whose data was kept.
            if reason != .reauthenticating { keptUserIdentifier = nil }
            refresh.stop()
            responder?.notSignedIn(reason: reason)
        case .sessionExpired(let reason):
            refresh.stop()
            responder?.sessionExpired(reason: reason)
        }
    }

    /// A session that ended or expired is reported with its reason; a
    /// return to sign-in from the session-expired screen ends nothing.
    private func reportEnd(of newState: AuthState) {
        switch newState {
        case .unauthenticated(let reason?) where reason != .reauthenticating:
            events.report(.sessionEnded(reason))
        case .sessionExpired(let reason):
            events.report(.sessionExpired(reason))
        case .loading, .authenticated, .pinLocked, .unauthenticated:
            break
        }
    }

    /// Reports `event` (the use cases that change this session report through it).
    func report(_ event: SessionEvent) {
        events.report(event)
    }

    /// The signed-in user's profile changed on the server: the state follows,
    /// without a new signed-in area (no transition). False when no user is
    /// signed in any more.
    func replaceSignedInUser(with user: UserProfile) -> Bool {
        guard case .authenticated = state else { return false }
        state = .authenticated(user)
        return true
    }

    /// How the sign-in field writes a user's identifier: the CPF formatted,
    /// or the e-mail when the CPF cannot be read.
    static func signInIdentifier(of user: UserProfile) -> String {
        CPF(user.cpf)?.formatted ?? user.email
    }
}

extension AuthSession: AuthStateReading, SignedInUserReading, SessionStoreWriteListener {}
