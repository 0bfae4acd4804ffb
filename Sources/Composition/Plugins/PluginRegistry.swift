public import AdapterInMemory
public import Ports
public import TaskRuntime

/// Every adapter Gatehouse can plug in, one list per port, by name. An
/// environment names one plugin per port and gets exactly that adapter in
/// that port, whatever the other ports hold. Each adapter target's plugins
/// are listed in a file of their own (`Plugins+InMemory.swift`, …); adding an
/// adapter is a plugin entry there, its name in this list, and one line in
/// its port's contract suite.
///
/// Adapters that must share state — the four in-memory remote adapters share
/// one simulated backend, the URLSession adapters one HTTP configuration —
/// are still separate plugins: each asks the world for the shared part
/// through `PluginContext.shared(_:make:)`, so it is made once per world and
/// only when some port uses it.
public struct PluginRegistry: Sendable {
    /// One adapter of one port, by name.
    public struct Plugin<Made>: Sendable {
        public let name: String
        public let summary: String
        /// The settings this plugin reads from an environment (`app plugins`):
        /// their values reach this plugin alone, through `PluginContext.settings`.
        public let settings: [PluginSetting]
        /// Whether the adapter speaks the wire contract (docs/spec) to the
        /// base URL it is given, so that a reference server — `app serve`,
        /// or the one `app run --in-process-server` starts — can stand
        /// behind it.
        public let speaksWireContract: Bool
        /// What in the plugin's settings would stop it from being made, in
        /// the order a person fixes them; empty when nothing would.
        public let problems: @Sendable (PluginSettings) -> [CompositionError]
        public let make: @Sendable (PluginContext) throws(CompositionError) -> Made
        /// How a health probe that learns from the app's own calls (`from-calls`)
        /// takes part in the world's remote adapters: it wraps the auth, user
        /// and statement adapters (already behind the request deadline) so
        /// that each call's outcome reaches it, and gives the probe the world
        /// uses instead of the one `make` built. Only the health port's
        /// plugin is asked; nil for a probe with a route of its own.
        public let learnsFromCalls:
            (@Sendable (PluginContext, RemoteAdapters) throws(CompositionError) -> RemoteAdapters)?

        public init(
            name: String, summary: String, settings: [PluginSetting] = [], speaksWireContract: Bool = false,
            problems: @escaping @Sendable (PluginSettings) -> [CompositionError] = { _ in [] },
            learnsFromCalls: (
                @Sendable (PluginContext, RemoteAdapters) throws(CompositionError) -> RemoteAdapters
            )? = nil,
            make: @escaping @Sendable (PluginContext) throws(CompositionError) -> Made
        ) {
            self.name = name
            self.summary = summary
            self.settings = settings
            self.speaksWireContract = speaksWireContract
            self.problems = problems
            self.learnsFromCalls = learnsFromCalls
            self.make = make
        }
    }

    /// A clock is made before anything else (every other plugin is given it),
    /// from the run's count of work and, when the run shares virtual time with
    /// a server in this process, that server's clock. The plugin declares
    /// whether its time is virtual by the ``WorldClock`` case it makes.
    public struct ClockPlugin: Sendable {
        public let name: String
        public let summary: String
        /// The settings this plugin reads from an environment (`app plugins`).
        public let settings: [PluginSetting]
        public let make: @Sendable (VirtualActivity, SharedVirtualTime?) -> WorldClock

        public init(
            name: String, summary: String, settings: [PluginSetting] = [],
            make: @escaping @Sendable (VirtualActivity, SharedVirtualTime?) -> WorldClock
        ) {
            self.name = name
            self.summary = summary
            self.settings = settings
            self.make = make
        }
    }

    /// A record of the session's events kept on the device: the sink the
    /// world reports into, and how `app events` reads back its last lines
    /// (`SessionEventEntry.jsonLine`, oldest first).
    public struct EventLog: Sendable {
        /// Where the events go.
        public let sink: any SessionEventSink
        /// The last `count` lines kept, oldest first, and what was skipped
        /// reading them (a file that is not the log's own), said by why.
        public let read: @Sendable (_ count: Int) throws -> (lines: [String], skipped: [String])

        /// - Parameters:
        ///   - sink: where the events go.
        ///   - read: the last lines kept, oldest first, and why any file
        ///     was skipped reading them.
        public init(
            sink: any SessionEventSink,
            read: @escaping @Sendable (_ count: Int) throws -> (lines: [String], skipped: [String])
        ) {
            self.sink = sink
            self.read = read
        }

        /// A log that skips nothing: `lastLines` answers the last lines kept.
        public init(sink: any SessionEventSink, lastLines: @escaping @Sendable (_ count: Int) throws -> [String]) {
            self.init(sink: sink) { count in (try lastLines(count), []) }
        }

        /// The last `count` lines kept, oldest first.
        public func lastLines(_ count: Int) throws -> [String] { try read(count).lines }
    }

    /// A store is made with the coding the environment chose, and brings the
    /// `SignOutLedger`, the `PINVault` and the `RememberedIdentifierStore`
    /// that live beside it (but not through it): a store that names none gets
    /// them in memory, lasting as long as the world.
    ///
    /// The plugin also declares which of the adapters it makes keep storage
    /// notices (`StorePart.keepingNotices(_:)`): the world collects them
    /// from those, and never asks an adapter whether it is a
    /// `StorageNoticeSource` (a first cast of a type to a protocol scans every
    /// conformance record of the process: four of them were a twentieth of a
    /// launch).
    public struct StorePlugin: Sendable {
        public let name: String
        public let summary: String
        /// The settings this plugin reads from an environment (`app plugins`).
        public let settings: [PluginSetting]
        public let make:
            @Sendable (PluginContext, any SessionCoding) throws(CompositionError) -> StorePart<any SessionDataStore>
        public let makeSignOutLedger: @Sendable (PluginContext) -> StorePart<any SignOutLedger>
        /// The PIN vault kept with this store's sensitive data, hashing with the given hasher.
        public let makePINVault: @Sendable (PluginContext, any SecretHasher) -> StorePart<any PINVault>
        /// The remembered sign-in identifier, kept with this store's sensitive data.
        public let makeRememberedIdentifier: @Sendable (PluginContext) -> any RememberedIdentifierStore
        /// Where this store's device keeps a record of the session's events a
        /// person can read afterwards (`EventLog`), told how to say a
        /// failure to write; nil for a store that keeps nothing beyond the
        /// process (the world's own record is kept either way).
        public let makeEventLog: @Sendable (PluginContext, @escaping @Sendable (String) -> Void) -> EventLog?
        /// Whether other processes of the app (another window, an
        /// extension) may keep the same session in this store: a session
        /// one of them ends is then watched for while signed in
        /// (`EndedElsewhereWatch`). False for a store that lives and dies
        /// with its process.
        public let sharedBetweenProcesses: Bool

        /// A store plugin none of whose adapters keeps storage notices.
        public init(
            name: String, summary: String, settings: [PluginSetting] = [], sharedBetweenProcesses: Bool = false,
            signOutLedger: @escaping @Sendable (PluginContext) -> any SignOutLedger = { _ in InMemorySignOutLedger() },
            pinVault: @escaping @Sendable (PluginContext, any SecretHasher) -> any PINVault = { context, hasher in
                InMemoryPINVault(hasher: hasher, iterations: context.settings.shared.pinHashIterations)
            },
            rememberedIdentifier: @escaping @Sendable (PluginContext) -> any RememberedIdentifierStore = { _ in
                InMemoryRememberedIdentifierStore()
            },
            make:
                @escaping @Sendable (PluginContext, any SessionCoding) throws(CompositionError) -> any SessionDataStore
        ) {
            self.init(
                name: name, summary: summary, settings: settings, sharedBetweenProcesses: sharedBetweenProcesses,
                makeSignOutLedger: { StorePart(signOutLedger($0)) },
                makePINVault: { StorePart(pinVault($0, $1)) },
                makeRememberedIdentifier: rememberedIdentifier, makeEventLog: { _, _ in nil },
                make: { context, coding throws(CompositionError) in StorePart(try make(context, coding)) })
        }

        /// A store plugin some of whose adapters keep storage notices: each
        /// part says whether it does (`StorePart.keepingNotices(_:)`, or
        /// `StorePart(_:)` for one that keeps none).
        public static func declaringNotices(
            name: String, summary: String, settings: [PluginSetting] = [], sharedBetweenProcesses: Bool = false,
            signOutLedger: @escaping @Sendable (PluginContext) -> StorePart<any SignOutLedger>,
            pinVault: @escaping @Sendable (PluginContext, any SecretHasher) -> StorePart<any PINVault>,
            rememberedIdentifier: @escaping @Sendable (PluginContext) -> any RememberedIdentifierStore,
            eventLog:
                @escaping @Sendable (PluginContext, @escaping @Sendable (String) -> Void) -> EventLog? = {
                    _, _ in nil
                },
            make:
                @escaping @Sendable (PluginContext, any SessionCoding) throws(CompositionError) -> StorePart<
                    any SessionDataStore
                >
        ) -> StorePlugin {
            StorePlugin(
                name: name, summary: summary, settings: settings, sharedBetweenProcesses: sharedBetweenProcesses,
                makeSignOutLedger: signOutLedger,
                makePINVault: pinVault, makeRememberedIdentifier: rememberedIdentifier, makeEventLog: eventLog,
                make: make)
        }

        private init(
            name: String, summary: String, settings: [PluginSetting], sharedBetweenProcesses: Bool,
            makeSignOutLedger: @escaping @Sendable (PluginContext) -> StorePart<any SignOutLedger>,
            makePINVault: @escaping @Sendable (PluginContext, any SecretHasher) -> StorePart<any PINVault>,
            makeRememberedIdentifier: @escaping @Sendable (PluginContext) -> any RememberedIdentifierStore,
            makeEventLog:
                @escaping @Sendable (PluginContext, @escaping @Sendable (String) -> Void) -> EventLog?,
            make:
                @escaping @Sendable (PluginContext, any SessionCoding) throws(CompositionError) -> StorePart<
                    any SessionDataStore
                >
        ) {
            self.makeEventLog = makeEventLog
            self.sharedBetweenProcesses = sharedBetweenProcesses
            self.name = name
            self.summary = summary
            self.settings = settings
            self.makeSignOutLedger = makeSignOutLedger
            self.makePINVault = makePINVault
            self.makeRememberedIdentifier = makeRememberedIdentifier
            self.make = make
        }
    }

    public var auth: [Plugin<any AuthRemoteAPI>]
    public var user: [Plugin<any UserRemoteAPI>]
    public var statement: [Plugin<any StatementRemoteAPI>]
    public var health: [Plugin<any HealthProbe>]
    public var connectivity: [Plugin<any ConnectivityProbe>]
    public var store: [StorePlugin]
    public var coding: [Plugin<any SessionCoding>]
    public var clock: [ClockPlugin]
    public var preferences: [Plugin<any PreferencesStore>]
    public var browser: [Plugin<any BrowserOpener>]
    public var events: [Plugin<EventDestination>]

    /// The plugins of each port; the browser's is the system's unless given.
    public init(
        auth: [Plugin<any AuthRemoteAPI>], user: [Plugin<any UserRemoteAPI>],
        statement: [Plugin<any StatementRemoteAPI>], health: [Plugin<any HealthProbe>],
        connectivity: [Plugin<any ConnectivityProbe>], store: [StorePlugin],
        coding: [Plugin<any SessionCoding>], clock: [ClockPlugin], preferences: [Plugin<any PreferencesStore>],
        browser: [Plugin<any BrowserOpener>]? = nil, events: [Plugin<EventDestination>]? = nil
    ) {
        self.auth = auth
        self.user = user
        self.statement = statement
        self.health = health
        self.connectivity = connectivity
        self.store = store
        self.coding = coding
        self.clock = clock
        self.preferences = preferences
        self.browser = browser ?? [SystemPlugins.browser]
        self.events = events ?? EventPlugins.all
    }

    /// Every plugin an app ships: the adapters that reach a real backend
    /// (the wire contract over HTTP, OAuth 2.0, Supabase, Firebase, and
    /// those derived from their calls), the file keychain and its codings,
    /// the device's clock, network, browser and preferences file, and the
    /// in-memory store, coding and preferences that last one run. The
    /// simulated backend, virtual time and the switches tests flip are
    /// `CompositionTesting`'s (its `PluginRegistry.standard` adds them).
    public static let shipping = PluginRegistry(
        auth: [
            HTTPPlugins.auth, HTTPPlugins.oauth2Auth, HTTPPlugins.oauth2PasswordLegacyAuth, SupabasePlugins.auth,
            FirebasePlugins.auth,
        ],
        user: [HTTPPlugins.user, DerivedPlugins.user, SupabasePlugins.user, HTTPPlugins.openIDUserInfo],
        statement: [HTTPPlugins.statement],
        health: [HTTPPlugins.health, DerivedPlugins.health, SupabasePlugins.health],
        connectivity: [SystemPlugins.networkInterfaces],
        store: [InMemoryDevicePlugins.store, FileKeychainPlugins.store],
        coding: [InMemoryDevicePlugins.coding, FileKeychainPlugins.json, FileKeychainPlugins.plist],
        clock: [SystemPlugins.systemClock],
        preferences: [InMemoryDevicePlugins.preferences, FilePreferencesPlugins.preferences],
        browser: [SystemPlugins.browser], events: EventPlugins.all)

    /// This registry with `other`'s plugins put first in each port (an
    /// environment names a plugin once; a name both have is `other`'s).
    public func adding(_ other: PluginRegistry) -> PluginRegistry {
        func merged<Plugin>(_ mine: [Plugin], _ theirs: [Plugin], name: (Plugin) -> String) -> [Plugin] {
            theirs + mine.filter { plugin in !theirs.contains { name($0) == name(plugin) } }
        }
        return PluginRegistry(
            auth: merged(auth, other.auth, name: \.name), user: merged(user, other.user, name: \.name),
            statement: merged(statement, other.statement, name: \.name),
            health: merged(health, other.health, name: \.name),
            connectivity: merged(connectivity, other.connectivity, name: \.name),
            store: merged(store, other.store, name: \.name), coding: merged(coding, other.coding, name: \.name),
            clock: merged(clock, other.clock, name: \.name),
            preferences: merged(preferences, other.preferences, name: \.name),
            browser: merged(browser, other.browser, name: \.name), events: merged(events, other.events, name: \.name))
    }

    /// The plugins of `port` as (name, summary), in the registry's order.
    public func catalogue(for port: PortName) -> [(name: String, summary: String)] {
        descriptions(for: port).map { ($0.name, $0.summary) }
    }

    /// The names of the plugins of `port`, in the registry's order.
    public func names(for port: PortName) -> [String] {
        catalogue(for: port).map(\.name)
    }

    /// What the plugin `name` of `port` is, in a phrase; nil when there is none.
    public func summary(of name: String, for port: PortName) -> String? {
        catalogue(for: port).first { $0.name == name }?.summary
    }

    /// Checks that every port of `environment` names a plugin this
    /// registry has, and that a chosen plugin reads each of its plugin
    /// settings, given as that plugin declares it.
    public func validate(_ environment: AppEnvironment) throws(CompositionError) {
        for port in PortName.allCases {
            let name = environment.plugins[port]
            let known = names(for: port)
            guard known.contains(name) else {
                throw .unknownPlugin(port: port.protocolName, name: name, known: known)
            }
        }
        if let problem = settingProblems(in: environment).first { throw problem }
    }

    package func plugin<Made>(_ name: String, in plugins: [Plugin<Made>], port: PortName) throws(CompositionError)
        -> Plugin<
            Made
        >
    {
        guard let plugin = plugins.first(where: { $0.name == name }) else {
            throw .unknownPlugin(port: port.protocolName, name: name, known: plugins.map(\.name))
        }
        return plugin
    }

    func storePlugin(_ name: String) throws(CompositionError) -> StorePlugin {
        guard let plugin = store.first(where: { $0.name == name }) else {
            throw .unknownPlugin(port: PortName.store.protocolName, name: name, known: store.map(\.name))
        }
        return plugin
    }

    func clockPlugin(_ name: String) throws(CompositionError) -> ClockPlugin {
        guard let plugin = clock.first(where: { $0.name == name }) else {
            throw .unknownPlugin(port: PortName.clock.protocolName, name: name, known: clock.map(\.name))
        }
        return plugin
    }
}
