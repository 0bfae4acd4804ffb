import AdapterInMemory
import DomainCore
import Foundation
import Ports
import TaskRuntime
import VirtualTime

/// The domain wired on doubles and virtual time, as a container would wire it.
@MainActor
final class SessionHarness {
    /// Counts the domain's running work: `settle()` waits until all of it is
    /// finished or waiting on the clock or a gate.
    let activity = VirtualActivity()
    let clock: ManualClock
    let scheduler: CountingTaskScheduler
    let server: ScriptedServer
    let probe = ScriptedHealthProbe()
    let connectivity = InMemoryConnectivity()
    let store: RecordingSessionStore
    /// Where a sign-out whose delete failed is remembered across launches.
    let signOutLedger: InMemorySignOutLedger
    let userRoutes: ScriptedUserAPI.Routes
    let registrationOffer: RegistrationOffer
    let signsInByCPF: Bool
    let signsInByEmail: Bool
    let signInMethods: [SignInMethod]
    /// The attempts `beginSignIn` hands out, queued by a test (`queueAttempt`).
    let attempts: ScriptedAttempts
    /// The logouts in the browser the backend hands out.
    let browserSignOuts: ScriptedBrowserSignOuts
    /// The browser the sign-in outside the app opens.
    let browser: InMemoryBrowserOpener
    let policy: TokenPolicy
    let repository: UserSessionRepository
    let tokenManager: TokenManager
    let health: HealthMonitor
    /// The session state and its use-case objects.
    let sessionGraph: SessionGraph
    let pinPolicy: PINLockPolicy
    var authSession: AuthSession { sessionGraph.authSession }
    var launcher: Launcher { sessionGraph.launcher }
    var signIn: SignIn { sessionGraph.signIn }
    var externalSignIn: ExternalSignIn { sessionGraph.externalSignIn }
    var registration: AccountRegistration { sessionGraph.registration }
    var sessionEnd: SessionEnd { sessionGraph.sessionEnd }
    var account: AccountManagement { sessionGraph.account }
    var pinLock: PINLock { sessionGraph.pinLock }
    var lifecycle: AppLifecycle { sessionGraph.lifecycle }
    /// The PIN lock's vault; like the store, it outlives a launch.
    let pinVault: InMemoryPINVault
    /// The relay the token manager tells a session's end through; the
    /// session graph attaches its session end, and `startTokenManager`
    /// attaches `sessionEndRecorder` instead.
    let sessionEndRelay: SessionEndRelay
    /// The relay the repository tells each write's outcome through; the
    /// session graph attaches its session state.
    let storeWriteRelay: SessionStoreWriteRelay
    /// What the domain reported (`SessionEvent`), this launch's and any
    /// earlier one's that shared it.
    let eventSink: InMemorySessionEventSink
    /// Hears the ends the token manager reports, in token-manager tests.
    let sessionEndRecorder = SessionEndRecorder()
    /// The ends the token manager reported to the recorder, in order.
    var sessionEnds: [SignedOutReason] { sessionEndRecorder.reasons }

    /// - Parameters:
    ///   - userRoutes: which user routes the backend has (the user port's
    ///     capabilities): all, `GET /users/me` only, or none.
    ///   - registrationOffer: what the backend's sign-up does (the auth
    ///     port's capability): `.none` for one that creates no accounts.
    ///   - signsInByCPF: false for a backend that signs in by e-mail only
    ///     (the auth port's capability).
    ///   - signsInByEmail: false for a backend that signs in by CPF only
    ///     (the auth port's capability).
    ///   - store, signOutLedger, server, pinVault: those a previous launch
    ///     left (`relaunched()`); fresh ones otherwise.
    ///   - pinPolicy: the PIN lock's timeout and attempt limit.
    ///   - watchInterval: how often a signed-in session asks whether another
    ///     process ended it; nil never asks (a store no other process shares).
    init(
        stored: UserSession? = nil, policy: TokenPolicy = TokenPolicy(), userRoutes: ScriptedUserAPI.Routes = .all,
        registrationOffer: RegistrationOffer = .createsAnAccount(taking: .everyField), signsInByCPF: Bool = true,
        signsInByEmail: Bool = true,
        signInMethods: [SignInMethod] = [.password], browser: InMemoryBrowserOpener = InMemoryBrowserOpener(),
        store: RecordingSessionStore? = nil,
        signOutLedger: InMemorySignOutLedger = InMemorySignOutLedger(),
        server: ScriptedServer = ScriptedServer(),
        pinVault: InMemoryPINVault = InMemoryPINVault(hasher: StandInSecretHasher()),
        pinPolicy: PINLockPolicy = PINLockPolicy(), eventSink: InMemorySessionEventSink = InMemorySessionEventSink(),
        watchInterval: Duration? = nil
    ) {
        self.eventSink = eventSink
        self.pinVault = pinVault
        self.userRoutes = userRoutes
        self.registrationOffer = registrationOffer
        self.signsInByCPF = signsInByCPF
        self.signsInByEmail = signsInByEmail
        self.signInMethods = signInMethods
        self.browser = browser
        attempts = ScriptedAttempts()
        browserSignOuts = ScriptedBrowserSignOuts()
        self.policy = policy
        self.server = server
        clock = ManualClock(activity: activity)
        scheduler = CountingTaskScheduler(activity: activity)
        let events = SessionEvents(sink: eventSink, clock: clock, process: 4242)
        self.store = store ?? RecordingSessionStore(stored)
        self.signOutLedger = signOutLedger
        storeWriteRelay = SessionStoreWriteRelay()
        sessionEndRelay = SessionEndRelay()
        repository = UserSessionRepository(
            store: self.store, signOutLedger: signOutLedger, scheduler: scheduler, writeOutcomes: storeWriteRelay,
            clock: clock)
        tokenManager = TokenManager(
            authAPI: ScriptedAuthAPI(server: server), clock: clock, scheduler: scheduler, policy: policy,
            repository: repository, sessionEnds: sessionEndRelay, events: events)
        health = HealthMonitor(
            probe: probe, connectivity: connectivity, clock: clock, scheduler: scheduler,
            policy: HealthPolicy(pollInterval: .seconds(15)), events: events)
        self.pinPolicy = pinPolicy
        sessionGraph = SessionGraph(
            authAPI: ScriptedAuthAPI(
                server: server, registrationOffer: registrationOffer, signsInByCPF: signsInByCPF,
                signsInByEmail: signsInByEmail, signInMethods: signInMethods, attempts: attempts,
                browserSignOuts: browserSignOuts),
            userAPI: ScriptedUserAPI(server: server, routes: userRoutes),
            repository: repository, tokenManager: tokenManager, health: health, clock: clock, scheduler: scheduler,
            policy: policy, pinVault: pinVault, pinPolicy: pinPolicy, storeWrites: storeWriteRelay,
            sessionEnds: sessionEndRelay, browser: browser, events: events, watchInterval: watchInterval)
    }

    /// Queues the logout in the browser the next `beginBrowserSignOut` hands out, and returns it.
    @discardableResult
    func queueBrowserSignOut(
        url: URL = URL(string: "https://auth.example.invalid/logout?id_token_hint=id-SECRET&state=s1")!
    ) -> ScriptedBrowserSignOut {
        let attempt = ScriptedBrowserSignOut(url: url, scheduler: scheduler)
        browserSignOuts.queue(.attempt(attempt))
        return attempt
    }

    /// Queues the attempt the next `beginSignIn` hands out, and returns it.
    @discardableResult
    func queueAttempt(_ instructions: ExternalSignInInstructions, answers: [ScriptedAttempt.Answer] = [])
        -> ScriptedAttempt
    {
        let attempt = ScriptedAttempt(
            instructions, answers: answers, server: server, clock: clock, scheduler: scheduler)
        attempts.queue(attempt)
        return attempt
    }

    var userAPI: ScriptedUserAPI { ScriptedUserAPI(server: server) }

    /// The user whose data is kept locally.
    func keptUser() async -> UserProfile? {
        await repository.cachedUser?.profile
    }

    /// The next launch of the app on this device: a new domain graph, on new
    /// time, finding the store, the sign-out ledger and the server as this
    /// launch left them. This launch's health monitoring is shut down.
    func relaunched() -> SessionHarness {
        health.shutDown()
        return SessionHarness(
            policy: policy, userRoutes: userRoutes, registrationOffer: registrationOffer,
            signsInByCPF: signsInByCPF, signsInByEmail: signsInByEmail, signInMethods: signInMethods,
            browser: browser, store: store, signOutLedger: signOutLedger,
            server: server, pinVault: pinVault, pinPolicy: pinPolicy, eventSink: eventSink)
    }

    /// Lets `duration` of virtual time pass deadline by deadline, settling
    /// after each, so every poll or refresh due in the span runs in order.
    func pass(_ duration: Duration) async {
        await clock.pass(duration) { await activity.waitUntilIdle() }
    }

    /// A token the server accepts, issued `age` ago, as the session would hold it.
    func sessionToken(issuedAgo age: Duration = .zero) async -> SessionToken {
        // With a refresh token beside it when the server issues them.
        let issued = await server.issueTokens()
        let issuedAt = clock.now().addingTimeInterval(-age.timeInterval)
        return SessionToken(
            token: issued.accessToken, issuedAt: issuedAt,
            expiresAt: issuedAt.addingTimeInterval(policy.lifetime.timeInterval), refreshToken: issued.refreshToken)
    }

    /// Leaves a session in the store as a previous launch would: a token the
    /// server accepts (issued `age` ago) and Maria's cached data — and,
    /// when given, the ID token its sign-in kept.
    @discardableResult
    func storeSession(
        issuedAgo age: Duration = .seconds(10), user: UserProfile = .maria, idToken: String? = nil
    ) async -> UserSession {
        var token = await sessionToken(issuedAgo: age)
        token.idToken = idToken.map(IDTokenHint.init)
        let session = UserSession(
            token: token,
            cachedUser: CachedUser(profile: user, syncedAt: clock.now().addingTimeInterval(-3600)))
        await store.plant(session)
        return session
    }

    /// Starts the token manager directly on a fresh token (token-manager tests).
    @discardableResult
    func startTokenManager(issuedAgo age: Duration = .zero) async -> SessionToken {
        let token = await sessionToken(issuedAgo: age)
        let generation = await repository.beginGeneration()
        await tokenManager.start(token, generation: generation)
        await repository.saveSession(UserSession(token: token, cachedUser: nil), generation: generation)
        sessionEndRelay.attach(sessionEndRecorder)
        return token
    }

    /// Signs in as Maria through `SignIn`, as the sign-in screen would.
    func signInAsMaria() async {
        await server.set(user: .answer(.maria))
        _ = await signIn.login(.maria)
    }

    /// A call through the token manager to the user route.
    func currentUser() async -> Result<UserProfile, AuthorizedCallError> {
        await Self.currentUser(through: tokenManager, api: userAPI)
    }

    nonisolated static func currentUser(through manager: TokenManager, api: ScriptedUserAPI) async
        -> Result<UserProfile, AuthorizedCallError>
    {
        do throws(AuthorizedCallError) {
            return .success(
                try await manager.authorized { token throws(RemoteError) in try await api.currentUser(token: token) })
        } catch {
            return .failure(error)
        }
    }

    func storedSession() async -> UserSession? {
        await store.stored
    }
}

extension Credentials {
    static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))
    static let joao = Credentials(identifier: .cpf("52998224725"), password: Password("654321"))
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    var isSuccess: Bool { failure == nil }
}

extension SessionHarness {
    /// A harness whose launch found no stored session: the state is unauthenticated.
    static func launchedSignedOut() async -> SessionHarness {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        return harness
    }
}
