import AdapterInMemory
import DomainCore
import Ports

/// The session state and its use-case objects, wired as `AppContainer` wires
/// them, on whatever doubles a harness gives.
@MainActor
struct SessionGraph {
    let authSession: AuthSession
    let pins: SessionPIN
    let launcher: Launcher
    let signIn: SignIn
    let externalSignIn: ExternalSignIn
    let registration: AccountRegistration
    let sessionEnd: SessionEnd
    let account: AccountManagement
    let pinLock: PINLock
    let lifecycle: AppLifecycle

    init(
        authAPI: any AuthRemoteAPI, userAPI: any UserRemoteAPI, repository: UserSessionRepository,
        tokenManager: TokenManager, health: HealthMonitor, clock: any Clock, scheduler: any TaskScheduler,
        policy: TokenPolicy, pinVault: any PINVault, pinPolicy: PINLockPolicy = PINLockPolicy(),
        storeWrites: SessionStoreWriteRelay, sessionEnds: SessionEndRelay,
        browser: any BrowserOpener = InMemoryBrowserOpener(),
        externalPolicy: ExternalSignInPolicy = ExternalSignInPolicy(),
        lockedStoreWait: LockedStoreWaitPolicy = LockedStoreWaitPolicy(), events: SessionEvents = .discarded,
        watchInterval: Duration? = nil
    ) {
        let refresh = ProactiveRefresh(
            tokenManager: tokenManager, clock: clock, scheduler: scheduler, policy: policy,
            watchInterval: watchInterval)
        authSession = AuthSession(refresh: refresh, events: events)
        pins = SessionPIN(vault: pinVault, session: authSession, policy: pinPolicy)
        let decisions = SessionDecisions(
            session: authSession, repository: repository, tokenManager: tokenManager, pins: pins, clock: clock)
        launcher = Launcher(
            session: authSession, decisions: decisions, repository: repository, tokenManager: tokenManager,
            authAPI: authAPI, userAPI: userAPI, health: health, scheduler: scheduler, clock: clock,
            lockedStoreWait: lockedStoreWait)
        signIn = SignIn(
            session: authSession, authAPI: authAPI, userAPI: userAPI, repository: repository,
            tokenManager: tokenManager, pins: pins, health: health, clock: clock, policy: policy)
        externalSignIn = ExternalSignIn(
            session: authSession, authAPI: authAPI, userAPI: userAPI, repository: repository,
            tokenManager: tokenManager, pins: pins, health: health, browser: browser, clock: clock,
            scheduler: scheduler, tokenPolicy: policy, policy: externalPolicy)
        registration = AccountRegistration(
            authAPI: authAPI, health: health, session: authSession, userAPI: userAPI, repository: repository,
            tokenManager: tokenManager, pins: pins, clock: clock, policy: policy)
        sessionEnd = SessionEnd(
            session: authSession, authAPI: authAPI, repository: repository, tokenManager: tokenManager, pins: pins,
            browserSignOut: BrowserSignOut(authAPI: authAPI, browser: browser, clock: clock, scheduler: scheduler))
        account = AccountManagement(
            session: authSession, userAPI: userAPI, repository: repository, tokenManager: tokenManager,
            sessionEnd: sessionEnd, clock: clock)
        pinLock = PINLock(session: authSession, record: pins, decisions: decisions, repository: repository)
        lifecycle = AppLifecycle(session: authSession, refresh: refresh, pins: pins, clock: clock)
        storeWrites.attach(authSession)
        sessionEnds.attach(sessionEnd)
    }
}
