/// One thing that happened to the session, as a team would ask about it
/// afterwards ("why was this person signed out?"): the domain reports one at
/// each transition, through a `SessionEventSink`.
///
/// No case can hold a secret, by type: every payload is one of the enums
/// below, a `SignInMethod`, a `HealthStatus`, a reason the domain names, or
/// a `Duration` —
/// never a token, a password, a PIN, a code, a verifier, a key or a text
/// from outside. `SessionEventSinkContract` walks a sample of every kind
/// and checks each field's type.
public enum SessionEvent: Sendable, Hashable {
    /// The launch decided: the screen it opened on, and why when it was not
    /// the session going on (`SessionEvent.Launch`); when a stored session
    /// was checked, the row of the bootstrap decision table that decided.
    case launched(Launch, row: BootstrapRow?)
    /// Someone signed in: how.
    case signedIn(SignInRoute)
    /// The access token was refreshed: what asked for it, how long this
    /// process waited for another's hold of the session, and how long the
    /// call took.
    case tokenRefreshed(RefreshTrigger, lockWaited: Duration, took: Duration)
    /// A refresh did not give a new token: what asked for it, and why
    /// (`RefreshFailure`). When the backend refused the session itself, a
    /// `sessionEnded` follows with the same reason.
    case refreshFailed(RefreshTrigger, RefreshFailure)
    /// The session ended: every reason the domain has (`SignedOutReason`).
    case sessionEnded(SignedOutReason)
    /// The session expired with its data kept (`SessionExpiredReason`).
    case sessionExpired(SessionExpiredReason)
    /// The session store could not do what was asked (`StoreProblem`).
    case storeProblem(StoreProblem)
    /// The backend's health changed.
    case healthChanged(from: HealthStatus, to: HealthStatus)
    /// A sign-in was refused (`SignInFailureKind`).
    case signInRefused(SignInFailureKind)
    /// A sign-in outside the app ended without a session
    /// (`ExternalSignInEnd`), or with one (`.completed`).
    case externalSignInEnded(SignInMethod, ExternalSignInEnd)

    /// What a launch opened on.
    public enum Launch: Sendable, Hashable {
        /// No session was stored (a first launch, or signed out before).
        case noSession
        /// The stored session goes on: the signed-in area.
        case sessionRestored
        /// The stored session goes on behind the PIN screen.
        case sessionRestoredLocked
        /// The stored session ended at launch, for this reason.
        case sessionEnded(SignedOutReason)
        /// The stored session expired at launch, its data kept, for this reason.
        case sessionExpired(SessionExpiredReason)
    }

    /// The name of each kind of event, as records and scripts write it
    /// (`expect event session-ended …`).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `SessionEvent.launched`.
        case launched
        /// `SessionEvent.signedIn`.
        case signedIn = "signed-in"
        /// `SessionEvent.tokenRefreshed`.
        case tokenRefreshed = "token-refreshed"
        /// `SessionEvent.refreshFailed`.
        case refreshFailed = "refresh-failed"
        /// `SessionEvent.sessionEnded`.
        case sessionEnded = "session-ended"
        /// `SessionEvent.sessionExpired`.
        case sessionExpired = "session-expired"
        /// `SessionEvent.storeProblem`.
        case storeProblem = "store-problem"
        /// `SessionEvent.healthChanged`.
        case healthChanged = "health-changed"
        /// `SessionEvent.signInRefused`.
        case signInRefused = "sign-in-refused"
        /// `SessionEvent.externalSignInEnded`.
        case externalSignInEnded = "external-sign-in-ended"
    }

    /// This event's kind.
    public var kind: Kind {
        switch self {
        case .launched: .launched
        case .signedIn: .signedIn
        case .tokenRefreshed: .tokenRefreshed
        case .refreshFailed: .refreshFailed
        case .sessionEnded: .sessionEnded
        case .sessionExpired: .sessionExpired
        case .storeProblem: .storeProblem
        case .healthChanged: .healthChanged
        case .signInRefused: .signInRefused
        case .externalSignInEnded: .externalSignInEnded
        }
    }
}

/// The row of the bootstrap decision table (docs/spec/root-screen-and-bootstrap.md
/// §3) that decided a launch on a stored session: what the check of that
/// session found. Row 6 — health down at launch — decides nothing by
/// itself: the launch waits for health, then one of these rows decides.
public enum BootstrapRow: String, Sendable, Hashable, CaseIterable {
    /// Row 1: the backend confirmed an active user; the session goes on.
    case userConfirmed = "user-confirmed"
    /// Row 2: the token was refused (and no refresh cured it), or the user is deleted.
    case sessionRefused = "session-refused"
    /// Row 3: the user is inactive.
    case userInactive = "user-inactive"
    /// Row 4: the user's profile says it is deleted.
    case userMarkedDeleted = "user-marked-deleted"
    /// Row 5: the check failed (network, timeout, the server) or could not be made.
    case checkFailed = "check-failed"
    /// Row 7: the ID token the session kept was not proved the provider's for this user.
    case keptSignInUnproved = "kept-sign-in-unproved"

    /// The row's number in the table.
    public var number: Int {
        switch self {
        case .userConfirmed: 1
        case .sessionRefused: 2
        case .userInactive: 3
        case .userMarkedDeleted: 4
        case .checkFailed: 5
        case .keptSignInUnproved: 7
        }
    }
}

/// How someone signed in.
public enum SignInRoute: String, Sendable, Hashable, CaseIterable {
    /// A password, with a CPF.
    case passwordByCPF = "password-cpf"
    /// A password, with an e-mail address.
    case passwordByEmail = "password-email"
    /// Through the system browser.
    case browser
    /// On another device (the device flow).
    case device
    /// A sign-up that opened a session at once.
    case signUp = "sign-up"
}

/// What asked for a refresh.
public enum RefreshTrigger: String, Sendable, Hashable, CaseIterable {
    /// Ahead of the expiry, while signed in (`ProactiveRefresh`).
    case proactive
    /// A call found the token expired, or the backend refused it.
    case reactive
    /// The launch's check of a stored session, on a backend that does not
    /// tell whose a token is.
    case launch
}

/// Why a refresh gave no new token: the auth port's answer, by kind, or
/// the session held elsewhere.
public enum RefreshFailure: String, Sendable, Hashable, CaseIterable {
    /// The backend refused the token (`TOKEN_INVALID`, or a 401 with no code).
    case tokenInvalid = "token-invalid"
    /// The backend refused the token as expired, past its refresh window.
    case tokenExpired = "token-expired"
    /// The account is inactive.
    case userInactive = "user-inactive"
    /// The account was deleted.
    case userDeleted = "user-deleted"
    /// The backend refused the request otherwise (a 4xx: the API key, the
    /// request itself) or the app's configuration does not fit it.
    case refused
    /// The backend failed (a 5xx) or answered with something unreadable.
    case server
    /// The backend could not be reached.
    case network
    /// No answer within the request deadline.
    case timedOut = "timed-out"
    /// Another process held the session longer than this one waits.
    case busyElsewhere = "busy-elsewhere"
}

/// What the session store could not do.
public enum StoreProblem: String, Sendable, Hashable, CaseIterable {
    /// A write (sign-in, refresh, profile) was not saved.
    case notSaved = "not-saved"
    /// A delete (logout, session end) did not happen: remembered in the
    /// sign-out ledger.
    case notDeleted = "not-deleted"
    /// The store could not be read at launch.
    case unreadable
    /// A stored value that is no session was set aside.
    case setAside = "set-aside"
}

/// Why a sign-in failed, as the person was told (the domain's `LoginFailure`, by kind).
public enum SignInFailureKind: String, Sendable, Hashable, CaseIterable {
    /// Wrong identifier or password.
    case invalidCredentials = "invalid-credentials"
    /// The account is inactive.
    case accountInactive = "account-inactive"
    /// The sign-in did not prove who signed in (an ID token refused).
    case identityNotProved = "identity-not-proved"
    /// The backend refused it otherwise (the method, the identifier's
    /// kind, an unconfirmed e-mail, the app itself).
    case refused
    /// The backend could not be reached or failed.
    case unreachable
    /// The backend did not answer within the request deadline: what the
    /// screen says ("did not answer in time"), not a failure to reach it.
    case timedOut = "timed-out"
}

/// How a sign-in outside the app ended.
public enum ExternalSignInEnd: String, Sendable, Hashable, CaseIterable {
    /// A session was opened.
    case completed
    /// The person cancelled it in the app.
    case cancelled
    /// The person said no at the provider.
    case denied
    /// It was not completed in time.
    case timedOut = "timed-out"
    /// It failed otherwise (the provider, the network, an answer refused).
    case failed
}
