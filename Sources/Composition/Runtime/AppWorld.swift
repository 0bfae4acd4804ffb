public import AdapterInMemory
import AdapterSoftwareCrypto
import DomainCore
public import Foundation
public import Ports
import TaskRuntime
import Synchronization

/// The adapters of the four remote ports, as one environment chose them:
/// each from its own plugin, so they may reach different backends, and each
/// behind the app's request deadline (`RequestDeadline`).
public struct RemoteAdapters: Sendable {
    public let auth: any AuthRemoteAPI
    public let user: any UserRemoteAPI
    public let statement: any StatementRemoteAPI
    public let health: any HealthProbe
}

/// Everything that outlives one launch of the app: the backend (or the
/// adapters that reach it), the session store, time, and the count of running
/// work. `relaunch` builds a new `AppContainer` on the same world.
public final class AppWorld: Sendable {
    public let environment: AppEnvironment
    public let remote: RemoteAdapters
    public let connectivity: any ConnectivityProbe
    /// The session store the environment chose, bound to the world's
    /// backend (`BackendBoundSessionStore`): what tests and a script's
    /// `expect stored-session` look at, whatever fault is in force.
    public let store: any SessionDataStore
    /// The adapter the store plugin made, as it is, before the binding to
    /// the backend: what a test reaches to make the storage itself fail.
    public let storeAdapter: any SessionDataStore
    /// The backend the remote adapters reach: every session saved names it,
    /// and a stored session of another is never handed to the app.
    public let sessionBackend: SessionBackend
    /// The language the person reads now, as the app last said (each
    /// launch, and each choice on the profile screen): what the plugins show
    /// outside the app's screens speaks it.
    public let personsLanguage: PersonsLanguage
    /// Whether other processes of the app may keep the session in the same
    /// store, as its plugin declares: a signed-in session then watches for
    /// one of them ending it.
    public let storeIsSharedBetweenProcesses: Bool
    /// `store` behind a fault switch (`store full`, …), off unless a script
    /// flips it — only in a world made for testing (`WorldTestHooks`): a
    /// world made as an app ships holds none.
    public let storeFaults: StoreFaultSwitch?
    /// The session store the app itself uses: the fault switch where there
    /// is one, else `store`.
    public var appStore: any SessionDataStore { storeFaults ?? store }
    /// Where a sign-out whose delete failed is remembered until a launch
    /// finishes it: beside the store, not behind its fault switch (a store
    /// fault is exactly when it must still work).
    public let signOutLedger: any SignOutLedger
    /// What is kept that is not secret (language, PIN-lock timeout, whether
    /// to remember the identifier), read at each launch.
    public let preferences: any PreferencesStore
    /// Opens the browser for a sign-in outside the app (the `browser` plugin).
    public let browser: any BrowserOpener
    /// The PIN lock's record, beside the store (the file keychain's
    /// `session.pin`), hashed with the hand-written PBKDF2. Like the sign-out
    /// ledger it is not behind the store's fault switch.
    public let pinVault: any PINVault
    /// The identifier the person asked to be remembered for sign-in (a CPF
    /// is personal data): beside the store, with the PIN — the file
    /// keychain's `session.identifier` —, never in the preferences.
    public let rememberedIdentifier: any RememberedIdentifierStore
    /// The adapters among the device's stores that repair or refuse what
    /// they find on their own and keep a notice of it, as the store plugin
    /// declares them (the file keychain's session store, PIN vault and
    /// sign-out ledger).
    public let storageNoticeSources: [any StorageNoticeSource]
    /// What happened to the session in this world, every launch of it
    /// (`SessionEvent`): the record scripts check (`expect event …`).
    public let eventRecord = InMemorySessionEventSink()
    /// Where the container reports what happens to the session: the record
    /// above, the store's file of events when it keeps one (the file
    /// keychain's `events.jsonl`), and the sink the world was made with, if
    /// any (a team's own logging).
    public let eventSink: any SessionEventSink
    /// The store's file of events, when it keeps one: what `app events` reads.
    public let eventLog: PluginRegistry.EventLog?
    private let eventLogFailures = FirstFailure()
    public let clock: any Clock
    public let scheduler: any TaskScheduler
    /// The plugins the world was made from: what its environment's names
    /// mean (the settings a plugin declares, the variables that hold secrets).
    public let registry: PluginRegistry
    /// The backend's control switches, when the world was made for testing
    /// and its backend is one a test can switch (`WorldTestHooks`); nil in
    /// a world as an app ships it.
    public let control: (any BackendControl)?
    /// Where the app's work is counted, for `settle()`.
    private let activity: VirtualActivity
    /// Set when time is virtual: it moves only through `pass(_:)`.
    private let virtualClock: (any VirtualClock)?
    /// The network switch a world made for testing was given for its
    /// connectivity plugin (`WorldTestHooks`), if any.
    private let networkSwitch: NetworkSwitch?
    /// Where the app's work runs, as the clock plugin chose: on virtual time
    /// the main queue (`VirtualTimeExecutor`); nil for Swift's cooperative pool.
    private let executor: (any TaskExecutor)?

    /// Makes the adapter of every port from the plugin the environment names
    /// for it: the clock first (every other plugin is given it), and the
    /// coding before the store (a store writes with it).
    ///
    /// - Parameters:
    ///   - environment: Which plugin plugs into each port, and the settings
    ///     they read.
    ///   - registry: The plugins to choose from; ``PluginRegistry/shipping``
    ///     has every adapter an app ships (`CompositionTesting`'s `standard`
    ///     adds the stand-ins). A team adds its own plugin to a copy of it.
    ///   - sharedTime: The count of work and the virtual clock to use instead
    ///     of new ones: the time of a server in this process (the `local`
    ///     scripts' in-process reference server), so the app and the server
    ///     wait and move on together. Its clock is used when the environment's
    ///     clock is `virtual`.
    ///   - control: The control switches of a backend the remote plugins reach
    ///     but do not own (that server's), instead of those `testHooks` make.
    ///   - eventSink: Where what happens to the session is reported besides
    ///     ``eventRecord``: a team's own logging (docs/events.md).
    ///   - eventLogFailure: Told the first failure to write the store's file
    ///     of events, once, from any thread (the app says it on stderr);
    ///     ``eventLogFailure`` keeps it either way.
    ///   - testHooks: What a world made for testing adds: none for a world
    ///     as an app ships it (the default); the acceptance runs, the bench
    ///     and the tests ask for the store's fault switch, the backend's
    ///     control and the network switch (`CompositionTesting`).
    /// - Throws: A ``CompositionError`` when the environment names a plugin
    ///   the registry does not have, or a plugin cannot be made from its
    ///   settings.
    public init(
        environment: AppEnvironment, registry: PluginRegistry = .shipping, sharedTime: SharedVirtualTime? = nil,
        control: (any BackendControl)? = nil, eventSink: (any SessionEventSink)? = nil,
        eventLogFailure: @escaping @Sendable (String) -> Void = { _ in }, testHooks: WorldTestHooks = .none
    ) throws(CompositionError) {
        try registry.validate(environment)
        self.environment = environment
        self.registry = registry
        let plugins = environment.plugins
        let activity = sharedTime?.activity ?? VirtualActivity()
        self.activity = activity
        let worldClock = try registry.clockPlugin(plugins.clock).make(activity, sharedTime)
        let clock = worldClock.clock
        self.clock = clock
        virtualClock = worldClock.virtualClock
        // On virtual time the app's work runs where the clock plugin says: the
        // main queue, with the main actor, where its hops cost no context
        // switch (`VirtualTimeExecutor`).
        let executor = worldClock.executor
        self.executor = executor
        scheduler = CountingTaskScheduler(activity: activity, executor: executor)

        // One context per world, handed to each plugin with its own settings
        // only, and the backend the session belongs to (a store keeps each
        // backend's session apart).
        let backend = registry.sessionBackend(of: environment)
        let personsLanguage = PersonsLanguage(environment.settings.locale)
        self.personsLanguage = personsLanguage
        sessionBackend = backend
        let world = PluginContext(
            settings: PluginSettings(shared: environment.settings), clock: worldClock, activity: activity,
            sessionBackend: backend, personsLanguage: personsLanguage)
        func context(_ port: PortName) -> PluginContext {
            world.handing(registry.settings(for: port, in: environment))
        }
        let authPlugin = try registry.plugin(plugins.auth, in: registry.auth, port: .auth)
        // Every remote call ends by the environment's request deadline, on
        // this world's clock, whichever adapter an environment chose.
        let deadline = RequestDeadline(timeout: environment.settings.requestTimeout, clock: clock, scheduler: scheduler)
        let healthPlugin = try registry.plugin(plugins.health, in: registry.health, port: .health)
        let deadlined = RemoteAdapters(
            auth: DeadlineAuthRemoteAPI(try authPlugin.make(context(.auth)), deadline: deadline),
            user: DeadlineUserRemoteAPI(
                try registry.plugin(plugins.user, in: registry.user, port: .user).make(context(.user)),
                deadline: deadline),
            statement: DeadlineStatementRemoteAPI(
                try registry.plugin(plugins.statement, in: registry.statement, port: .statement)
                    .make(context(.statement)),
                deadline: deadline),
            health: DeadlineHealthProbe(try healthPlugin.make(context(.health)), deadline: deadline)
        )
        // A probe that learns from the calls says so, and takes part in them.
        remote = try healthPlugin.learnsFromCalls?(context(.health), deadlined) ?? deadlined
        let connectivityPlugin = try registry.plugin(
            plugins.connectivity, in: registry.connectivity, port: .connectivity)
        connectivity = try connectivityPlugin.make(context(.connectivity))
        networkSwitch = try testHooks.networkSwitch?(plugins.connectivity, context(.connectivity)) ?? nil
        let coding = try registry.plugin(plugins.coding, in: registry.coding, port: .coding).make(context(.coding))
        let storePlugin = try registry.storePlugin(plugins.store)
        storeIsSharedBetweenProcesses = storePlugin.sharedBetweenProcesses
        let storeContext = context(.store)
        let madeStore = try storePlugin.make(storeContext, coding)
        // Whatever the store, a session of another backend is never handed on.
        storeAdapter = madeStore.adapter
        store = BackendBoundSessionStore(madeStore.adapter, backend: backend)
        let madeLedger = storePlugin.makeSignOutLedger(storeContext)
        signOutLedger = madeLedger.adapter
        let madeVault = storePlugin.makePINVault(storeContext, SoftwareSecretHasher())
        pinVault = madeVault.adapter
        rememberedIdentifier = storePlugin.makeRememberedIdentifier(storeContext)
        let failures = eventLogFailures
        let sayFailure: @Sendable (String) -> Void = { message in
            failures.keep(message)
            eventLogFailure(message)
        }
        switch try registry.plugin(plugins.events, in: registry.events, port: .events).make(context(.events)) {
        case .theStoresRecord: eventLog = storePlugin.makeEventLog(storeContext, sayFailure)
        case .own(let make): eventLog = make(sayFailure)
        case .nowhere: eventLog = nil
        }
        self.eventSink = SessionEventFanOut(sinks: [eventRecord] + [eventLog?.sink, eventSink].compactMap { $0 })
        storeFaults = testHooks.storeFaults ? StoreFaultSwitch(store) : nil
        preferences = try registry.plugin(plugins.preferences, in: registry.preferences, port: .preferences)
            .make(context(.preferences))
        browser = try registry.plugin(plugins.browser, in: registry.browser, port: .browser).make(context(.browser))
        // The raw adapters, not the fault switch: a notice is about the storage
        // itself. The store plugin declares which keep notices: no cast asks.
        storageNoticeSources = [madeStore.noticeSource, madeVault.noticeSource, madeLedger.noticeSource]
            .compactMap { $0 }
        if let control {
            self.control = control
        } else {
            self.control = try testHooks.backendControl?(plugins.auth, context(.auth)) ?? nil
        }
    }

    /// The first failure to write the store's file of events, when there
    /// was one (the world's `eventLogFailure` callback is told it too).
    public var eventLogFailure: String? { eventLogFailures.message }

    /// Turns the network on or off (a script's `network off` / `network on`)
    /// when the world was made with a switch for its connectivity plugin's
    /// network (the in-memory one, in a world made for testing); returns
    /// false, changing nothing, when it has none (the device's own network,
    /// which nothing here can switch). The
    /// health monitor sees the change at its next check, as it would a real one.
    public func setNetwork(connected: Bool) -> Bool {
        guard let networkSwitch else { return false }
        networkSwitch.set(connected: connected)
        return true
    }

    /// Whether time moves only when told (`wait` in a script).
    public var hasVirtualTime: Bool { virtualClock != nil }

    /// Waits until every piece of work the app started has finished or is
    /// waiting — on the clock, on a hanging request, or on such work.
    public func settle() async {
        await activity.waitUntilIdle()
    }

    /// Lets `duration` pass. On virtual time the clock steps from deadline to
    /// deadline, settling after each, so every poll and refresh due in the
    /// span runs in order; on real time it sleeps. Settles before returning.
    public func pass(_ duration: Duration) async {
        guard let virtualClock else {
            await settle()
            // A cancelled wait ends early: the app is ending, and nothing waits for it.
            try? await Task.sleep(for: duration)
            await settle()
            return
        }
        // The steps run there too: waking the work and waiting for it to
        // settle are then jobs on one thread, not wake-ups of other threads.
        await withTaskExecutorPreference(executor) {
            await virtualClock.pass(duration, settling: { await self.activity.waitUntilIdle() }, until: { false })
        }
    }

    /// Lets time pass as `pass(_:)` does, but only until `holds` — checked
    /// once the app has settled, before the first step and after each — at
    /// most `duration`. On virtual time a step is a deadline; on real time it
    /// looks every 50 ms, since what it waits for comes from outside (a
    /// browser, another device) and wakes nothing in the app it could await.
    public func pass(_ duration: Duration, until holds: @escaping @MainActor () -> Bool) async {
        await settle()
        if await holds() { return }
        guard let virtualClock else {
            let clock = ContinuousClock()
            let end = clock.now + duration
            while clock.now < end, !Task.isCancelled {
                // A cancelled wait ends early: the app is ending, or Ctrl-C.
                try? await Task.sleep(for: min(.milliseconds(50), clock.now.duration(to: end)))
                await settle()
                if await holds() { return }
            }
            return
        }
        await withTaskExecutorPreference(executor) {
            await virtualClock.pass(duration) {
                await self.activity.waitUntilIdle()
            } until: {
                await holds()
            }
        }
    }

    /// How many tasks the app started are still alive (running or waiting):
    /// what tests count to prove a relaunch or logout leaves nothing behind.
    public var liveTaskCount: Int { activity.liveTaskCount }

    /// Now, on this world's clock.
    public func now() -> Date { clock.now() }
}

/// The first failure a world was told of, kept for whoever asks.
private final class FirstFailure: Sendable {
    private let first = Mutex<String?>(nil)

    var message: String? { first.withLock { $0 } }

    func keep(_ message: String) {
        first.withLock { $0 = $0 ?? message }
    }
}
