public import AdapterDerived
public import AdapterHTTP
public import DomainCore
import Ports

/// Which adapter plugs into each port, plus the settings that tune them: what
/// `--env` chooses. Built in (`in-memory`) or read from a JSON file.
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

        public init(
            auth: String, user: String, statement: String, health: String, connectivity: String, store: String,
            coding: String, clock: String, preferences: String
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
                }
            }
        }

        /// The ports and their plugin names, in `PortName`'s order (for `envs` and errors).
        public var byPort: [(port: PortName, plugin: String)] {
            PortName.allCases.map { ($0, self[$0]) }
        }
    }

    /// How the token travels on the wire (the Cora header, or a bearer token):
    /// the HTTP adapter's own setting, named here so environments can choose it.
    public typealias TokenHeaderStyle = HTTPConfiguration.TokenHeaderStyle

    /// How the `from-calls` health plugin asks a server it found down
    /// whether it is back: the derived adapters' own setting, named here so
    /// environments can choose it.
    public typealias HealthLightProbe = CallOutcomeHealthProbe.LightProbe

    /// An OAuth 2.0 authorization server's client settings (the `oauth2`
    /// auth plugin only). The client secret itself never lives in an
    /// environment file or in source: only the name of the process
    /// environment variable that holds it.
    public struct OAuth2Settings: Sendable, Hashable {
        /// The client id the server registered for this app.
        public var clientID: String
        /// The variable holding a confidential client's secret; nil for a public client.
        public var clientSecretVariable: String?
        /// The token endpoint, relative to the base URL.
        public var tokenPath: String
        /// The revocation endpoint (RFC 7009), relative to the base URL; nil
        /// when the server has none.
        public var revokePath: String?

        public init(
            clientID: String, clientSecretVariable: String? = nil, tokenPath: String = "o/token/",
            revokePath: String? = "o/revoke_token/"
        ) {
            self.clientID = clientID
            self.clientSecretVariable = clientSecretVariable
            self.tokenPath = tokenPath
            self.revokePath = revokePath
        }
    }

    public struct Settings: Sendable, Hashable {
        /// The backend's base URL (HTTP plugins only).
        public var baseURL: String?
        /// The base URL as output may show it: a user and password in it
        /// (refused when the HTTP plugin is built) are replaced by "…".
        public var displayableBaseURL: String? { baseURL.map(HTTPConfiguration.displayable) }
        /// The name of the process environment variable that holds the API key;
        /// the key itself never lives in an environment file or in source.
        public var apiKeyVariable: String?
        public var tokenHeaderStyle: TokenHeaderStyle
        public var tokenLifetime: Duration
        public var refreshMargin: Duration
        public var healthPollInterval: Duration
        /// How the `from-calls` health plugin asks a server it found down
        /// whether it is back (other health plugins ignore it).
        public var healthLightProbe: HealthLightProbe
        /// How long a remote call may go unanswered before it fails as a
        /// timeout (`RequestDeadline`, on the environment's clock: virtual
        /// time in memory and in-process, real time otherwise). HTTP plugins
        /// on real time also give it to URLSession, in whole seconds.
        public var requestTimeout: Duration
        /// Where a file store keeps the session (file store plugins only).
        public var storeDirectory: String?
        /// Where the `file` preferences plugin keeps the preferences; nil for
        /// `$XDG_CONFIG_HOME/gatehouse` (else `~/.config/gatehouse`).
        public var preferencesDirectory: String?
        /// Whether the server has the control API of docs/spec/control-api.md
        /// (a Gatehouse reference server, `app serve`): scripts then reset it
        /// before each run and flip its switches (HTTP plugins only, loopback
        /// only).
        public var controlAPI: Bool
        /// Whether the backend has the sign-out route (`DELETE /challenge/auth`,
        /// the reference server's full profile): the HTTP auth adapter then
        /// ends the token there at logout, so a session file a failed delete
        /// left behind holds a dead token. Off for a backend without it (the
        /// Cora API), which must not be sent a token it has no route for.
        public var signOutRoute: Bool
        /// The language of the texts and formats: pt-BR (default), en-US or es-ES.
        public var locale: AppLocale
        /// Connections per host (URLSession's `httpMaximumConnectionsPerHost`,
        /// 6 by default on Linux), and so the most authorised calls the token
        /// manager lets onto the wire at once (`TokenPolicy`): the others wait
        /// behind its refresh barrier, not in URLSession's queue with a token
        /// a refresh may be replacing. The same limit holds in memory.
        public var connectionsPerHost: Int = 6
        /// PBKDF2 rounds for a new PIN record: `PINRecord.defaultIterations`
        /// (100,000) in every app. Only a test lowers it, to keep a debug
        /// build's hand-written hash from taking seconds per entry.
        public var pinHashIterations: Int = PINRecord.defaultIterations
        /// The OAuth 2.0 client, for the `oauth2` auth plugin; nil otherwise.
        public var oauth2: OAuth2Settings?

        public init(
            baseURL: String? = nil, apiKeyVariable: String? = nil, tokenHeaderStyle: TokenHeaderStyle = .token,
            tokenLifetime: Duration = TokenPolicy.defaultLifetime,
            refreshMargin: Duration = TokenPolicy.defaultRefreshMargin,
            healthPollInterval: Duration = HealthPolicy.defaultPollInterval,
            healthLightProbe: HealthLightProbe = .statementList,
            requestTimeout: Duration = .seconds(10),
            storeDirectory: String? = nil, preferencesDirectory: String? = nil, controlAPI: Bool = false,
            signOutRoute: Bool = false,
            locale: AppLocale = .ptBR
        ) {
            self.baseURL = baseURL
            self.apiKeyVariable = apiKeyVariable
            self.tokenHeaderStyle = tokenHeaderStyle
            self.tokenLifetime = tokenLifetime
            self.refreshMargin = refreshMargin
            self.healthPollInterval = healthPollInterval
            self.healthLightProbe = healthLightProbe
            self.requestTimeout = requestTimeout
            self.storeDirectory = storeDirectory
            self.preferencesDirectory = preferencesDirectory
            self.controlAPI = controlAPI
            self.signOutRoute = signOutRoute
            self.locale = locale
        }
    }

    public var name: String
    public var summary: String
    public var plugins: Plugins
    public var settings: Settings

    public init(name: String, summary: String, plugins: Plugins, settings: Settings = Settings()) {
        self.name = name
        self.summary = summary
        self.plugins = plugins
        self.settings = settings
    }

    /// The default: the whole app in memory, on virtual time, with no server
    /// and no setup — what `swift run app` shows a newcomer.
    public static let inMemory = AppEnvironment(
        name: "in-memory",
        summary: "everything in memory on virtual time: simulated backend, in-memory session store",
        plugins: Plugins(
            auth: "in-memory", user: "in-memory", statement: "in-memory", health: "in-memory",
            connectivity: "in-memory", store: "in-memory", coding: "in-memory-text", clock: "virtual",
            preferences: "in-memory"))

    /// The HTTP adapters to a server on this machine (`app serve`, or a team's
    /// own backend on port 8080), real time, the session in the file keychain
    /// under `$XDG_DATA_HOME/gatehouse`.
    public static let local = AppEnvironment(
        name: "local",
        summary:
            "HTTP to http://127.0.0.1:8080 (app serve, with its control API) on real time, the session in the file keychain",
        plugins: Plugins(
            auth: "http", user: "http", statement: "http", health: "http", connectivity: "in-memory",
            store: "file-keychain", coding: "json", clock: "system", preferences: "file"),
        settings: Settings(
            baseURL: "http://127.0.0.1:8080", apiKeyVariable: "GATEHOUSE_API_KEY", controlAPI: true, signOutRoute: true)
    )

    /// The plugins for the Cora API as it is: its three routes (sign-in and
    /// refresh, the statement list, an entry's details), no `/health` and no
    /// `/users/me`. Health comes from the calls, the user from the sign-in.
    static let coraPlugins = Plugins(
        auth: "http", user: "token-only", statement: "http", health: "from-calls", connectivity: "network-interfaces",
        store: "file-keychain", coding: "json", clock: "system", preferences: "file")

    /// The Cora challenge's staging API; the API key comes from
    /// `GATEHOUSE_API_KEY` and nowhere else.
    public static let coraStage = AppEnvironment(
        name: "cora-stage",
        summary:
            "HTTP to the Cora challenge's staging API (three routes; API key from GATEHOUSE_API_KEY), the file keychain",
        plugins: coraPlugins,
        settings: Settings(baseURL: "https://api.challenge.stage.cora.com.br", apiKeyVariable: "GATEHOUSE_API_KEY"))

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
        settings: Settings(baseURL: "http://127.0.0.1:8080", apiKeyVariable: "GATEHOUSE_API_KEY"))

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
            preferences: "in-memory"))

    /// An OAuth 2.0 authorization server on this machine (the test server of
    /// `scripts/oauth2-server`, django-oauth-toolkit, port 8099): sign-in
    /// by the password grant as the public client `gatehouse-public`,
    /// rotating refresh tokens, revocation at logout; the profile and the
    /// statement from its Bearer resource routes, health from `/health`.
    public static let oauth2Local = AppEnvironment(
        name: "oauth2-local",
        summary:
            "OAuth 2.0 server at http://127.0.0.1:8099 (scripts/oauth2-server): password grant, refresh tokens, Bearer",
        plugins: Plugins(
            auth: "oauth2", user: "http", statement: "http", health: "http", connectivity: "in-memory",
            store: "file-keychain", coding: "json", clock: "system", preferences: "file"),
        settings: {
            var settings = Settings(baseURL: "http://127.0.0.1:8099", tokenHeaderStyle: .bearer)
            settings.oauth2 = OAuth2Settings(clientID: "gatehouse-public")
            return settings
        }())

    /// The environments `--env NAME` knows.
    public static let builtIn: [AppEnvironment] = [
        .inMemory, .local, .coraStage, .coraLocal, .coraInMemory, .oauth2Local,
    ]

    public static func builtIn(named name: String) -> AppEnvironment? {
        builtIn.first { $0.name == name }
    }
}
