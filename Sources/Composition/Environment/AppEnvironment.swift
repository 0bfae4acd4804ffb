public import DomainCore
public import Ports

/// Which adapter plugs into each port, the settings of the environment
/// itself, and the values it gives its plugins' settings: what `--env`
/// chooses. Built in (`in-memory`) or read from a JSON file. A built-in
/// environment gives its plugins values as a file would, by key; they are
/// checked by the plugins that read them like a file's
/// (`PluginOwnedSettingsTests`).
public struct AppEnvironment: Sendable, Hashable {
    /// The plugin name per port, as the registry knows them.
    public struct Plugins: Sendable, Hashable {
        public var auth: String
        public var user: String
        public var statement: String
        public var health: String
        /// Whether there is a network at all (`offline` versus `server-down`).
        public var connectivity: String
        public var store: String
        public var coding: String
        /// `virtual` (time moves only when told) or `system`.
        public var clock: String
        /// Where the preferences live: `in-memory` (one run) or `file`.
        public var preferences: String
        /// What opens the browser for a sign-in outside the app: `system`
        /// (`xdg-open`) or `in-memory` (opens nothing, keeps the address).
        public var browser: String
        /// Where the session's events go beyond the world's own record:
        /// `store` (the store's record on the device; the default), `none`,
        /// or a team's own plugin.
        public var events: String

        /// The plugin names per port; a `browser` left nil is the one that
        /// goes with `clock`: `in-memory` on virtual time (a run that no
        /// person watches in real time opens no browser), `system` otherwise.
        public init(
            auth: String, user: String, statement: String, health: String, connectivity: String, store: String,
            coding: String, clock: String, preferences: String, browser: String? = nil, events: String = "store"
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
            self.browser = browser ?? Self.browser(goingWith: clock)
            self.events = events
        }

        /// The browser plugin that goes with a clock plugin: `in-memory` for
        /// `virtual`, `system` for any other.
        public static func browser(goingWith clock: String) -> String {
            clock == "virtual" ? "in-memory" : "system"
        }

        /// The plugin named for `port`.
        public subscript(port: PortName) -> String {
            get {
                switch port {
                case .auth: auth
                case .user: user
                case .statement: statement
                case .health: health
                case .connectivity: connectivity
                case .store: store
                case .coding: coding
                case .clock: clock
                case .preferences: preferences
                case .browser: browser
                case .events: events
                }
            }
            set {
                switch port {
                case .auth: auth = newValue
                case .user: user = newValue
                case .statement: statement = newValue
                case .health: health = newValue
                case .connectivity: connectivity = newValue
                case .store: store = newValue
                case .coding: coding = newValue
                case .clock: clock = newValue
                case .preferences: preferences = newValue
                case .browser: browser = newValue
                case .events: events = newValue
                }
            }
        }

        /// The ports and their plugin names, in `PortName`'s order (for `envs` and errors).
        public var byPort: [(port: PortName, plugin: String)] {
            PortName.allCases.map { ($0, self[$0]) }
        }
    }

    /// The settings of the environment itself, read by the app whatever
    /// plugins it chose (`AppEnvironment.sharedSettings` declares them): the
    /// token manager's, the health monitor's, the request deadline, the
    /// connections per host, the language. What one plugin reads is that
    /// plugin's own (`pluginSettings`), given to that plugin alone.
    public struct Settings: Sendable, Hashable {
        public var tokenLifetime: Duration
        public var refreshMargin: Duration
        public var healthPollInterval: Duration
        /// How long a remote call may go unanswered before it fails as a
        /// timeout (`RequestDeadline`, on the environment's clock: virtual
        /// time in memory and in-process, real time otherwise). HTTP plugins
        /// on real time also give it to URLSession, in whole seconds.
        public var requestTimeout: Duration
        /// The language of the texts and formats; `AppLocale.default` (pt-BR) unless chosen.
        public var locale: AppLocale
        /// Connections per host (URLSession's `httpMaximumConnectionsPerHost`,
        /// 6 by default on Linux), and so the most authorised calls the token
        /// manager lets onto the wire at once (`TokenPolicy`): the others wait
        /// behind its refresh barrier, not in URLSession's queue with a token
        /// a refresh may be replacing. The same limit holds in memory.
        public var connectionsPerHost: Int = 6
        /// PBKDF2 rounds for a new PIN record: `PINRecord.defaultIterations`
        /// (100,000) in every app. Only a test lowers it, to keep a debug
        /// build's hand-written hash from taking seconds per entry; no
        /// environment file sets it.
        public var pinHashIterations: Int = PINRecord.defaultIterations

        public init(
            tokenLifetime: Duration = TokenPolicy.defaultLifetime,
            refreshMargin: Duration = TokenPolicy.defaultRefreshMargin,
            healthPollInterval: Duration = HealthPolicy.defaultPollInterval,
            requestTimeout: Duration = .seconds(10),
            locale: AppLocale = .default
        ) {
            self.tokenLifetime = tokenLifetime
            self.refreshMargin = refreshMargin
            self.healthPollInterval = healthPollInterval
            self.requestTimeout = requestTimeout
            self.locale = locale
        }
    }

    public var name: String
    public var summary: String
    public var plugins: Plugins
    public var settings: Settings
    /// The values this environment gives its plugins' settings, by key
    /// (`"baseURL"`): each chosen plugin is given the values of the keys it
    /// declares, and no other (`PluginRegistry.settings(for:in:)`). A key
    /// no chosen plugin reads is a problem (`PluginRegistry.problems(in:)`).
    public var pluginSettings: [String: SettingValue]

    public init(
        name: String, summary: String, plugins: Plugins, settings: Settings = Settings(),
        pluginSettings: [String: SettingValue] = [:]
    ) {
        self.name = name
        self.summary = summary
        self.plugins = plugins
        self.settings = settings
        self.pluginSettings = pluginSettings
    }

    /// The default: the whole app in memory, on virtual time, with no server
    /// and no setup — what `swift run app` shows a newcomer.
    public static let inMemory = AppEnvironment(
        name: "in-memory",
        summary: "everything in memory on virtual time: simulated backend, in-memory session store",
        plugins: Plugins(
            auth: "in-memory", user: "in-memory", statement: "in-memory", health: "in-memory",
            connectivity: "in-memory", store: "in-memory", coding: "in-memory-text", clock: "virtual",
            preferences: "in-memory", browser: "in-memory"))

    /// The HTTP adapters to a server on this machine (`app serve`, or a team's
    /// own backend on port 8080), real time, the session in the file keychain
    /// under `$XDG_DATA_HOME/gatehouse`.
    public static let local = AppEnvironment(
        name: "local",
        summary:
            "HTTP to http://127.0.0.1:8080 (app serve, with its control API) on real time, the session in the file keychain",
        plugins: Plugins(
            auth: "http", user: "http", statement: "http", health: "http", connectivity: "in-memory",
            store: "file-keychain", coding: "json", clock: "system", preferences: "file", browser: "system"),
        pluginSettings: [
            "baseURL": .text("http://127.0.0.1:8080"), "apiKeyVariable": .text("GATEHOUSE_API_KEY"),
            "controlAPI": .flag(true), "signOutRoute": .flag(true),
        ])

    /// The plugins for the Cora API as it is: its three routes (sign-in and
    /// refresh, the statement list, an entry's details), no `/health` and no
    /// `/users/me`. Health comes from the calls, the user from the sign-in.
    static let coraPlugins = Plugins(
        auth: "http", user: "token-only", statement: "http", health: "from-calls", connectivity: "network-interfaces",
        store: "file-keychain", coding: "json", clock: "system", preferences: "file", browser: "system")

    /// What the Cora API lacks of the wire contract's sign-in routes: it
    /// creates no accounts and signs in by CPF only, so sign-up is not
    /// offered and an e-mail is refused up front.
    static let coraAuthSettings: [String: SettingValue] = [
        "registrationRoute": .flag(false), "emailSignIn": .flag(false),
    ]

    /// The Cora challenge's staging API; the API key comes from
    /// `GATEHOUSE_API_KEY` and nowhere else.
    public static let coraStage = AppEnvironment(
        name: "cora-stage",
        summary:
            "HTTP to the Cora challenge's staging API (three routes; API key from GATEHOUSE_API_KEY), the file keychain",
        plugins: coraPlugins,
        pluginSettings: coraAuthSettings.merging([
            "baseURL": .text("https://api.challenge.stage.cora.com.br"), "apiKeyVariable": .text("GATEHOUSE_API_KEY"),
        ]) { kept, _ in kept })

    /// `cora-stage`'s plugins pointed at a server on this machine (`app
    /// serve --profile cora`, which serves only the Cora routes), real time,
    /// the session in the file keychain. Connectivity is the network switch,
    /// as in `local`: a loopback server is reachable with no network at all.
    public static let coraLocal = AppEnvironment(
        name: "cora-local",
        summary:
            "cora-stage's plugins over HTTP to http://127.0.0.1:8080 (a server with only the Cora routes), real time",
        plugins: {
            var plugins = coraPlugins
            plugins.connectivity = "in-memory"
            return plugins
        }(),
        pluginSettings: coraAuthSettings.merging([
            "baseURL": .text("http://127.0.0.1:8080"), "apiKeyVariable": .text("GATEHOUSE_API_KEY"),
        ]) { kept, _ in kept })

    /// The Cora plugins' way of working — health from the calls, the user
    /// from the sign-in — on the simulated backend, on virtual time: what the
    /// Cora acceptance scripts run on.
    public static let coraInMemory = AppEnvironment(
        name: "cora-in-memory",
        summary:
            "the simulated backend used as the Cora API (health from the calls, user from the sign-in), virtual time",
        plugins: Plugins(
            auth: "in-memory", user: "token-only", statement: "in-memory", health: "from-calls",
            connectivity: "in-memory", store: "in-memory", coding: "in-memory-text", clock: "virtual",
            preferences: "in-memory", browser: "in-memory"),
        pluginSettings: coraAuthSettings)

    /// The simulated backend played as an OAuth 2.0 authorization server
    /// that signs in only outside the app — through the browser or with a
    /// code on another device — on virtual time, with the in-memory browser:
    /// no password, no sign-up (OAuth 2.0 has no registration). What the
    /// `Tests/Acceptance/oauth2` scripts run on; `person …` words play the
    /// person in the browser.
    public static let oauth2InMemory = AppEnvironment(
        name: "oauth2-in-memory",
        summary:
            "the simulated backend as an OAuth 2.0 server: sign-in through the browser or on another device only, virtual time",
        plugins: Plugins(
            auth: "in-memory", user: "in-memory", statement: "in-memory", health: "in-memory",
            connectivity: "in-memory", store: "in-memory", coding: "in-memory-text", clock: "virtual",
            preferences: "in-memory", browser: "in-memory"),
        pluginSettings: [
            AuthRouteSettings.registrationRouteKey: .flag(false),
            // The in-memory auth plugin's setting (`CompositionTesting`'s
            // InMemorySignInSettings): sign in only outside the app.
            "signInMethods": .choice("browser-and-device"),
        ])

    /// An OAuth 2.0 authorization server on this machine (the test server of
    /// `scripts/oauth2-server`, django-oauth-toolkit, port 8099): sign-in
    /// through the browser (authorization code + PKCE, loopback redirect)
    /// or by the device flow, as the public client `gatehouse-native`, the
    /// endpoints from the issuer's discovery document,
    /// rotating refresh tokens, revocation of both tokens at logout; the
    /// profile and the statement from its Bearer resource routes, health
    /// from `/health`.
    public static let oauth2Local = AppEnvironment(
        name: "oauth2-local",
        summary:
            "OAuth 2.0 server at http://127.0.0.1:8099 (scripts/oauth2-server): browser (code + PKCE) or device sign-in, refresh tokens, Bearer",
        plugins: Plugins(
            auth: "oauth2", user: "http", statement: "http", health: "http", connectivity: "in-memory",
            store: "file-keychain", coding: "json", clock: "system", preferences: "file", browser: "system"),
        pluginSettings: [
            "baseURL": .text("http://127.0.0.1:8099"), "tokenHeaderStyle": .choice("bearer"),
            // The OAuth 2.0 test server serves GET /users/me and no account route.
            "accountRoutes": .flag(false),
            "oauth2": .object([
                "clientId": "gatehouse-native", "issuer": "http://127.0.0.1:8099/o", "discovery": "on",
                "scope": "openid read",
            ]),
        ])

    /// The environments `--env NAME` knows.
    public static let builtIn: [AppEnvironment] = [
        .inMemory, .local, .coraStage, .coraLocal, .coraInMemory, .oauth2Local, .oauth2InMemory,
    ]

    public static func builtIn(named name: String) -> AppEnvironment? {
        builtIn.first { $0.name == name }
    }
}
