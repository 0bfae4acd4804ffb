public import Observation
public import Ports

/// The root of the graph (Koober's `MainViewModel`). Its screen is derived
/// from the auth state and the health status; it adopts the responders (the
/// container makes it the session's responder) so that each transition gets
/// fresh child models from the container — a new onboarding after every
/// logout, a new signed-in area for every user.
@MainActor
@Observable
public final class MainViewModel: SignedInResponder, NotSignedInResponder, SessionExpiredResponder,
    PINLockedResponder
{
    /// The root screen on show.
    public enum Screen: Sendable, Hashable {
        /// The app is launching and the server is not known to be down: the
        /// spinner.
        case startup
        /// Launching while the server is down or the device offline (the status
        /// says which): the launch waits, with a retry. Once the launch has
        /// decided, an outage no longer replaces the screen: sign-in shows it
        /// in its badge, the dashboard in its banner.
        case systemUnavailable(HealthStatus)
        /// Nobody is signed in: welcome, sign-in or sign-up.
        case onboarding
        /// The session expired with the local data kept.
        case sessionExpired
        /// A user is signed in: the signed-in area.
        case signedIn
        /// A user is signed in but the PIN has to be entered first: the PIN
        /// screen, and nothing of the signed-in area.
        case pinLock
    }

    /// The start-up screen's model, made once with the root.
    public let launch: LaunchViewModel
    /// The onboarding, made fresh each time nobody is signed in; nil otherwise.
    public private(set) var onboarding: OnboardingViewModel?
    /// The session-expired screen, made fresh for each expiry; nil otherwise.
    public private(set) var sessionExpired: SessionExpiredViewModel?
    /// The signed-in area, made fresh for every signed-in user. Kept, not
    /// shown, while the PIN screen covers it after a return from the background.
    public private(set) var signedInArea: SignedInCoordinator?
    /// The PIN screen, made fresh each time the session is locked; nil otherwise.
    public private(set) var pinLock: PINLockViewModel?
    /// The signed-in area's home.
    public var dashboard: DashboardViewModel? { signedInArea?.dashboard }

    @ObservationIgnored private let authState: any AuthStateReading
    @ObservationIgnored private let health: any HealthStatusReading & HealthChecking
    @ObservationIgnored private let factory: any MainViewModelFactory

    /// A root on the start-up screen; it makes the launch model at once.
    ///
    /// - Parameters:
    ///   - authState: the auth state the screen derives from.
    ///   - health: the status the screen derives from, and the retry.
    ///   - factory: makes the child models at each transition.
    public init(
        authState: any AuthStateReading, health: any HealthStatusReading & HealthChecking,
        factory: any MainViewModelFactory
    ) {
        self.authState = authState
        self.health = health
        self.factory = factory
        launch = factory.makeLaunchViewModel()
    }

    /// While launching: the device's secure storage is not available yet (a
    /// keychain still locked) and the launch waits for it, reading it again
    /// by itself; the start-up screen (or system-unavailable) says so.
    public var waitsForSecureStorage: Bool {
        authState.state == .loading && authState.isWaitingForStorage
    }

    /// Shown on every screen while the device cannot keep the session.
    public var storageProblem: SessionStorageProblem? { authState.storageProblem }

    /// The screen derived from the auth state and the health status: while
    /// launching, a server that is down or a device offline shows
    /// `systemUnavailable` (the start-up flow spec blocks the start-up, and
    /// only it, while down); signed out, signed in or expired shows its screen
    /// whatever the health, each saying the outage its own way (the sign-in
    /// badge, the dashboard banner).
    public var screen: Screen {
        let health = self.health.status
        switch authState.state {
        case .loading:
            return health.isDown ? .systemUnavailable(health) : .startup
        case .unauthenticated:
            return .onboarding
        case .authenticated:
            return .signedIn
        case .pinLocked:
            return .pinLock
        case .sessionExpired:
            return .sessionExpired
        }
    }

    /// What the person's "retry" on the system-unavailable screen got: the
    /// check in flight, then — when the server is still unreachable — that
    /// answer, until the screen is left. Nil before any retry, and once a
    /// retry found the server back.
    public enum RetryAnswer: Sendable, Hashable {
        /// The check the retry asked for is in flight.
        case checking
        /// The check ended and found the server still unreachable for this reason.
        case stillDown(HealthStatus)
    }

    /// The answer of the last "retry", shown on the system-unavailable
    /// screen — and "still down" only while the health still says what
    /// that retry found: a later check that finds otherwise ends it.
    public var retryAnswer: RetryAnswer? {
        if case .stillDown(let found) = lastRetryAnswer, health.status != found { return nil }
        return lastRetryAnswer
    }
    private var lastRetryAnswer: RetryAnswer?

    /// "Retry" on the system-unavailable screen: checks now (it also polls
    /// by itself) and says so — `retryAnswer` is `checking`, then the
    /// answer when the server is still down.
    public func retryHealthCheck() async {
        lastRetryAnswer = .checking
        let answer = await health.checkNow()
        lastRetryAnswer = answer.isDown ? .stillDown(answer) : nil
    }

    /// Shows the signed-in area of `user` and drops the other screens'
    /// models. The area is made fresh unless the PIN screen was covering
    /// this same user's area: unlocking returns to the screen left.
    public func signedIn(to user: UserProfile) {
        onboarding = nil
        sessionExpired = nil
        let wasLocked = pinLock != nil
        pinLock = nil
        if wasLocked, let area = signedInArea, area.dashboard.user.id == user.id { return }
        signedInArea = factory.makeSignedInCoordinator(user: user)
    }

    /// Makes a fresh PIN screen; a signed-in area already made is kept
    /// behind it, never shown.
    public func pinLocked(as user: UserProfile) {
        onboarding = nil
        sessionExpired = nil
        if let area = signedInArea, area.dashboard.user.id != user.id { signedInArea = nil }
        pinLock = factory.makePINLockViewModel()
    }

    /// Makes a fresh onboarding for `reason` and drops the other screens'
    /// models (a half-typed form does not survive).
    public func notSignedIn(reason: SignedOutReason?) {
        signedInArea = nil
        pinLock = nil
        sessionExpired = nil
        onboarding = factory.makeOnboardingViewModel(reason: reason)
    }

    /// Makes a fresh session-expired screen for `reason` and drops the other
    /// screens' models.
    public func sessionExpired(reason: SessionExpiredReason) {
        signedInArea = nil
        pinLock = nil
        onboarding = nil
        sessionExpired = factory.makeSessionExpiredViewModel(reason: reason)
    }
}

/// What the root needs from the app container.
@MainActor
public protocol MainViewModelFactory: AnyObject {
    /// The start-up screen's model.
    func makeLaunchViewModel() -> LaunchViewModel
    /// A fresh onboarding showing `reason` (nil when there is none).
    func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel
    /// A fresh session-expired screen for `reason`.
    func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel
    /// A fresh signed-in area for `user`.
    func makeSignedInCoordinator(user: UserProfile) -> SignedInCoordinator
    /// A fresh PIN screen.
    func makePINLockViewModel() -> PINLockViewModel
}
