public import DomainCore
public import Foundation
public import Ports

/// The app's dependency container (Koober's `AppDependencyContainer`): the
/// long-lived shared objects of one launch, and a `make…()` for each model.
/// A fresh onboarding container is made for every onboarding and a fresh
/// signed-in container for every signed-in user. `relaunch` makes a new one
/// on the same `AppWorld`.
@MainActor
public final class AppContainer: MainViewModelFactory {
    public let world: AppWorld
    /// The language of the texts and formats: the one chosen in the
    /// preferences, from the moment it is saved — unless the run pins its
    /// own (`--locale`, a script's `# locale:`) — else `--locale`'s or the
    /// environment's.
    public var locale: AppLocale { pinsLocale ? baseLocale : preferences.language ?? baseLocale }
    /// The language when the preferences choose none (or the one pinned).
    public let baseLocale: AppLocale
    /// Whether `baseLocale` wins over the preferences' choice.
    public let pinsLocale: Bool
    /// The person's time zone: the times the screens say are in it.
    public let timeZone: TimeZone
    public let policy: TokenPolicy
    public let repository: UserSessionRepository
    public let tokenManager: TokenManager
    public let health: HealthMonitor
    /// The session state; the use-case objects below are its only writers.
    public let authSession: AuthSession
    /// The PIN as the session knows it (set or not, its removal, its policy).
    public let pins: SessionPIN
    /// Carries out a row of the bootstrap decision table.
    public let decisions: SessionDecisions
    /// The launch and its bootstrap decision.
    public let launcher: Launcher
    /// Signing in.
    public let signIn: SignIn
    /// Signing in outside the app: the browser, or a code on another device.
    public let externalSignIn: ExternalSignIn
    /// Registering an account.
    public let registration: AccountRegistration
    /// Logout, re-authentication, and a session the backend ended.
    public let sessionEnd: SessionEnd
    /// The profile update and the account's deletion.
    public let account: AccountManagement
    /// The PIN screen and the security screen.
    public let pinLock: PINLock
    /// Background and foreground, and the proactive refresh.
    public let lifecycle: AppLifecycle
    /// The preferences this launch read, and where the person's changes go.
    public let preferences: LaunchPreferences
    /// What the device's stores repaired or refused on their own, until the
    /// person has seen it.
    public let storageNotices: StorageNotices
    private var launchTask: (any TaskHandle<Void>)?
    /// How soon a session another window ended is let go here, at the latest.
    public static let endedElsewhereWatchInterval: Duration = .seconds(1)

    /// - Parameters:
    ///   - world: What outlives the launch.
    ///   - locale: The language of the texts when the preferences choose
    ///     none; nil for the environment's.
    ///   - pinsLocale: Whether `locale` wins over the preferences' language
    ///     (`--locale`, a script's `# locale:`); false by default.
    ///   - timeZone: The person's time zone; UTC by default (scripts).
    ///   - preferences: What the launch read from the preferences store; nil
    ///     for the defaults (nothing read), saved to the world's store.
    public init(
        world: AppWorld, locale: AppLocale? = nil, pinsLocale: Bool = false, timeZone: TimeZone = .gmt,
        preferences: LaunchPreferences? = nil
    ) {
        self.world = world
        self.preferences =
            preferences
            ?? LaunchPreferences(
                PreferencesRead(preferences: .defaults), store: world.preferences,
                identifiers: world.rememberedIdentifier, personsLanguage: world.personsLanguage)
        baseLocale = locale ?? world.environment.settings.locale
        self.pinsLocale = pinsLocale
        self.timeZone = timeZone
        storageNotices = StorageNotices(sources: world.storageNoticeSources)
        let settings = world.environment.settings
        policy = TokenPolicy(
            lifetime: settings.tokenLifetime, refreshMargin: settings.refreshMargin,
            maxAuthorizedCallsInFlight: settings.connectionsPerHost)
        // The two edges that run back against construction — the store's
        // write outcomes to the session state, a session the backend ended to
        // the session end — go through relays made first and attached at the
        // end of this initialiser, once both sides exist.
        let events = SessionEvents(
            sink: world.eventSink, clock: world.clock, process: ProcessInfo.processInfo.processIdentifier)
        let storeWrites = SessionStoreWriteRelay()
        let sessionEnds = SessionEndRelay()
        repository = UserSessionRepository(
            store: world.appStore, signOutLedger: world.signOutLedger, scheduler: world.scheduler,
            writeOutcomes: storeWrites, clock: world.clock)
        tokenManager = TokenManager(
            authAPI: world.remote.auth, clock: world.clock, scheduler: world.scheduler, policy: policy,
            repository: repository, sessionEnds: sessionEnds, events: events)
        health = HealthMonitor(
            probe: world.remote.health, connectivity: world.connectivity, clock: world.clock,
            scheduler: world.scheduler,
            policy: HealthPolicy(pollInterval: settings.healthPollInterval), events: events)
        // A logout in another window reaches this one within a second. Not
        // on virtual time: no other process lives in a run's own time, and a
        // scripted `wait 10m` would read the store six hundred times.
        let watchesOtherWindows = world.storeIsSharedBetweenProcesses && !world.hasVirtualTime
        let refresh = ProactiveRefresh(
            tokenManager: tokenManager, clock: world.clock, scheduler: world.scheduler, policy: policy,
            watchInterval: watchesOtherWindows ? Self.endedElsewhereWatchInterval : nil)
        authSession = AuthSession(refresh: refresh, events: events)
        // A timeout chosen on the security screen holds at once, not from the
        // next launch: the PIN record reads the saved preference.
        pins = SessionPIN(
            vault: world.pinVault, session: authSession,
            policy: PINLockPolicy(timeout: self.preferences.pinLockTimeout),
            timeoutSource: self.preferences)
        decisions = SessionDecisions(
            session: authSession, repository: repository, tokenManager: tokenManager, pins: pins, clock: world.clock)
        launcher = Launcher(
            session: authSession, decisions: decisions, repository: repository, tokenManager: tokenManager,
            authAPI: world.remote.auth, userAPI: world.remote.user, health: health, scheduler: world.scheduler,
            clock: world.clock)
        signIn = SignIn(
            session: authSession, authAPI: world.remote.auth, userAPI: world.remote.user, repository: repository,
            tokenManager: tokenManager, pins: pins, health: health, clock: world.clock, policy: policy)
        externalSignIn = ExternalSignIn(
            session: authSession, authAPI: world.remote.auth, userAPI: world.remote.user, repository: repository,
            tokenManager: tokenManager, pins: pins, health: health, browser: world.browser, clock: world.clock,
            scheduler: world.scheduler, tokenPolicy: policy)
        registration = AccountRegistration(
            authAPI: world.remote.auth, health: health, session: authSession, userAPI: world.remote.user,
            repository: repository, tokenManager: tokenManager, pins: pins, clock: world.clock, policy: policy)
        sessionEnd = SessionEnd(
            session: authSession, authAPI: world.remote.auth, repository: repository, tokenManager: tokenManager,
            pins: pins,
            browserSignOut: BrowserSignOut(
                authAPI: world.remote.auth, browser: world.browser, clock: world.clock, scheduler: world.scheduler))
        account = AccountManagement(
            session: authSession, userAPI: world.remote.user, repository: repository, tokenManager: tokenManager,
            sessionEnd: sessionEnd, clock: world.clock, identifierForgetting: self.preferences)
        pinLock = PINLock(session: authSession, record: pins, decisions: decisions, repository: repository)
        lifecycle = AppLifecycle(session: authSession, refresh: refresh, pins: pins, clock: world.clock)
        storeWrites.attach(authSession)
        sessionEnds.attach(sessionEnd)
        // What the plugins show outside the screens (the browser's page after
        // a sign-in) speaks the app's language; the preferences tell it each choice.
        world.personsLanguage.setRun(baseLocale, pinned: pinsLocale)
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
        LaunchViewModel(launcher: launcher)
    }

    public func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        OnboardingContainer(app: self).makeOnboardingViewModel(reason: reason)
    }

    public func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel {
        SessionExpiredViewModel(reason: reason, session: sessionEnd)
    }

    public func makePINLockViewModel() -> PINLockViewModel {
        PINLockViewModel(session: pinLock)
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
        lifecycle.enterBackground()
        health.shutDown()
        await tokenManager.stop()
    }

    /// The app went to the background: nothing polls, nothing refreshes.
    public func enterBackground() {
        lifecycle.enterBackground()
        health.enterBackground()
    }

    /// Back in the foreground: a health check at once and a burst, and the
    /// token kept fresh again.
    public func enterForeground() {
        health.enterForeground()
        lifecycle.enterForeground()
    }
}
