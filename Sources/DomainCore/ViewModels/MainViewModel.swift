public import Observation
public import Ports

/// The root of the graph (Koober's `MainViewModel`). Its screen is derived
/// from the auth state and the health status; it adopts the responders (the
/// container makes it the session's responder) so that each transition gets
/// fresh child models from the container — a new onboarding after every
/// logout, a new signed-in area for every user.
@MainActor
@Observable
public final class MainViewModel: SignedInResponder, NotSignedInResponder, SessionExpiredResponder {
    public enum Screen: Sendable, Hashable {
        case startup
        case systemUnavailable(HealthStatus)
        case onboarding
        case sessionExpired
        case signedIn
    }

    public let launch: LaunchViewModel
    public private(set) var onboarding: OnboardingViewModel?
    public private(set) var sessionExpired: SessionExpiredViewModel?
    /// The signed-in area, made fresh for every signed-in user.
    public private(set) var signedInArea: SignedInCoordinator?
    /// The signed-in area's home.
    public var dashboard: DashboardViewModel? { signedInArea?.dashboard }

    @ObservationIgnored private let authState: any AuthStateReading
    @ObservationIgnored private let health: any HealthStatusReading & HealthChecking
    @ObservationIgnored private let factory: any MainViewModelFactory

    public init(
        authState: any AuthStateReading, health: any HealthStatusReading & HealthChecking,
        factory: any MainViewModelFactory
    ) {
        self.authState = authState
        self.health = health
        self.factory = factory
        launch = factory.makeLaunchViewModel()
    }

    /// Shown on every screen while the device cannot keep the session.
    public var storageProblem: SessionStorageProblem? { authState.storageProblem }

    public var screen: Screen {
        let health = self.health.status
        switch authState.state {
        case .loading:
            return health.isDown ? .systemUnavailable(health) : .startup
        case .unauthenticated:
            return health.isDown ? .systemUnavailable(health) : .onboarding
        case .authenticated:
            return .signedIn
        case .sessionExpired:
            return .sessionExpired
        }
    }

    /// "Retry" on the system-unavailable screen: check now (it also polls by itself).
    public func retryHealthCheck() async {
        await health.checkNow()
    }

    public func signedIn(to user: UserProfile) {
        onboarding = nil
        sessionExpired = nil
        signedInArea = factory.makeSignedInCoordinator(user: user)
    }

    public func notSignedIn(reason: SignedOutReason?) {
        signedInArea = nil
        sessionExpired = nil
        onboarding = factory.makeOnboardingViewModel(reason: reason)
    }

    public func sessionExpired(reason: SessionExpiredReason) {
        signedInArea = nil
        onboarding = nil
        sessionExpired = factory.makeSessionExpiredViewModel(reason: reason)
    }
}

/// What the root needs from the app container.
@MainActor
public protocol MainViewModelFactory: AnyObject {
    func makeLaunchViewModel() -> LaunchViewModel
    func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel
    func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel
    func makeSignedInCoordinator(user: UserProfile) -> SignedInCoordinator
}
