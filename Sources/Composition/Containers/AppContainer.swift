public import DomainCore
public import Ports

/// The app's dependency container (Koober's `AppDependencyContainer`): the
/// long-lived shared objects of one launch, and a `make…()` for each model.
/// A fresh onboarding container is made for every onboarding and a fresh
/// signed-in container for every signed-in user. `relaunch` makes a new one
/// on the same `AppWorld`.
@MainActor
public final class AppContainer: MainViewModelFactory {
    public let world: AppWorld
    /// The language of the texts and formats (`--locale`, or the environment's).
    public let locale: AppLocale
    public let policy: TokenPolicy
    public let repository: UserSessionRepository
    public let tokenManager: TokenManager
    public let health: HealthMonitor
    public let authSession: AuthSession
    /// The preferences this launch read, and where the person's changes go.
    public let preferences: LaunchPreferences
    /// What the device's stores repaired or refused on their own, until the
    /// person has seen it.
    public let storageNotices: StorageNotices
    private var launchTask: (any TaskHandle<Void>)?

    /// - Parameters:
    ///   - world: What outlives the launch.
    ///   - locale: The language of the texts; nil for the environment's.
    ///   - preferences: What the launch read from the preferences store; nil
    ///     for the defaults (nothing read), saved to the world's store.
    public init(world: AppWorld, locale: AppLocale? = nil, preferences: LaunchPreferences? = nil) {
        self.world = world
        self.preferences =
            preferences ?? LaunchPreferences(PreferencesRead(preferences: .defaults), store: world.preferences)
        self.locale = locale ?? world.environment.settings.locale
        storageNotices = StorageNotices(sources: world.storageNoticeSources)
        let settings = world.environment.settings
        policy = TokenPolicy(
            lifetime: settings.tokenLifetime, refreshMargin: settings.refreshMargin,
            maxAuthorizedCallsInFlight: settings.connectionsPerHost)
        repository = UserSessionRepository(
            store: world.storeFaults, signOutLedger: world.signOutLedger, scheduler: world.scheduler)
        tokenManager = TokenManager(
            authAPI: world.remote.auth, clock: world.clock, scheduler: world.scheduler, policy: policy,
            repository: repository)
        health = HealthMonitor(
            probe: world.remote.health, connectivity: world.connectivity, clock: world.clock,
            scheduler: world.scheduler,
            policy: HealthPolicy(pollInterval: settings.healthPollInterval))
        authSession = AuthSession(
            authAPI: world.remote.auth, userAPI: world.remote.user, repository: repository, tokenManager: tokenManager,
            health: health, clock: world.clock, scheduler: world.scheduler, policy: policy, pinVault: world.pinVault,
            pinPolicy: PINLockPolicy(timeout: self.preferences.pinLockTimeout))
        // A timeout chosen on the security screen holds at once, not from the next launch.
        let session = authSession
        self.preferences.pinLockTimeoutSaved = { [weak session] timeout in session?.setPINLockTimeout(timeout) }
    }

    /// The root of the graph. Make it once per launch: it becomes the
    /// responder of this container's `AuthSession`.
    public func makeMainViewModel() -> MainViewModel {
        let main = MainViewModel(authState: authSession, health: health, factory: self)
        authSession.responder = main
        return main
    }

    /// Starts the launch of `main` (the start-up screen's: health monitoring,
    /// then the bootstrap) as work of this world's scheduler, so settling
    /// waits for it and `shutDown()` cancels it.
    public func launch(_ main: MainViewModel) {
        launchTask = world.scheduler.spawn { @MainActor in await main.launch.start() }
    }

    public func makeLaunchViewModel() -> LaunchViewModel {
        LaunchViewModel(launcher: authSession)
    }

    public func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        OnboardingContainer(app: self).makeOnboardingViewModel(reason: reason)
    }

    public func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel {
        SessionExpiredViewModel(reason: reason, session: authSession)
    }

    public func makePINLockViewModel() -> PINLockViewModel {
        PINLockViewModel(session: authSession)
    }

    /// The signed-in area of `user`; their identifier is remembered when the
    /// preferences say so (their CPF, else their e-mail).
    public func makeSignedInCoordinator(user: UserProfile) -> SignedInCoordinator {
        if preferences.remembersLastIdentifier {
            _ = world.scheduler.spawn { @MainActor [preferences] in await preferences.signedIn(user) }
        }
        return SignedInContainer(app: self, user: user).makeSignedInCoordinator()
    }

    /// The app is ending (quit or relaunch): nothing of it may keep polling or
    /// refreshing, and nothing it still has in flight may touch the session.
    public func shutDown() async {
        launchTask?.cancel()
        authSession.enterBackground()
        health.shutDown()
        await tokenManager.stop()
    }

    /// The app went to the background: nothing polls, nothing refreshes.
    public func enterBackground() {
        authSession.enterBackground()
        health.enterBackground()
    }

    /// Back in the foreground: a health check at once and a burst, and the
    /// token kept fresh again.
    public func enterForeground() {
        health.enterForeground()
        authSession.enterForeground()
    }
}
