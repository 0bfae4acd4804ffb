public import Ports
public import SimulatedBackend
public import StandInServers

/// A stand-in of a backend's dialect, registered beside the auth plugin
/// that speaks it, so that the headless app can put the stand-in behind
/// that plugin as it puts the reference server behind the wire contract's:
/// a team's stand-in of its own backend, handed to its own executable
/// (`GatehouseCommandLine.run(arguments:registry:standIns:)`).
///
/// - `app run --in-process-server --env FILE`, where the file chooses the
///   plugin, runs each script against a fresh stand-in in the process, on
///   a free loopback port, over the same seeded backend as the reference
///   server beside it (which the environment's other HTTP plugins reach),
///   on the app's virtual time, the script's `server …` words switching
///   that backend;
/// - `app serve --profile NAME` serves it on its port, on real time, with
///   the reference server beside it, for a person to try the plugin's
///   environment by hand.
///
/// The stand-in writes the dialect only: the accounts (the seeded people),
/// tokens, clock and faults are the `InMemoryBackend`'s it is handed.
public struct StandInPlugin: Sendable {
    /// What a stand-in is served with.
    public struct Serving: Sendable {
        /// The accounts, tokens, clock and faults it answers from.
        public let backend: InMemoryBackend
        /// The port to listen on, on 127.0.0.1; 0: a free one.
        public let port: UInt16
        /// Told of each answered request (`serve` prints a line for it);
        /// nil when nobody reads them (a script's run).
        public let requestLog: (@Sendable (LoopbackStandIn.Answered) -> Void)?

        /// - Parameters:
        ///   - backend: The accounts, tokens, clock and faults.
        ///   - port: The port; 0 for a free one.
        ///   - requestLog: Told of each answered request, if anyone reads them.
        public init(
            backend: InMemoryBackend, port: UInt16, requestLog: (@Sendable (LoopbackStandIn.Answered) -> Void)? = nil
        ) {
            self.backend = backend
            self.port = port
            self.requestLog = requestLog
        }
    }

    /// What a served stand-in is to the app: where, and how to stop it.
    public struct Served: Sendable {
        /// The base URL the auth plugin is given (`http://127.0.0.1:<port>/`).
        public let baseURL: String
        /// Stops serving; called when the script or `serve` ends.
        public let stop: @Sendable () -> Void

        /// - Parameters:
        ///   - baseURL: Where the stand-in answers.
        ///   - stop: Stops it.
        public init(baseURL: String, stop: @escaping @Sendable () -> Void) {
            self.baseURL = baseURL
            self.stop = stop
        }
    }

    /// Its profile's name: `app serve --profile NAME`.
    public let name: String
    /// What it stands in for, in a line (`serve`'s banner, `help serve`).
    public let summary: String
    /// The auth plugin whose backend it plays.
    public let authPlugin: String
    /// The setting that auth plugin reads its base URL from (one it
    /// declares): the stand-in's address is given there.
    public let baseURLSetting: String
    /// The port `serve` listens on unless `--port` says otherwise: the one
    /// the team's environment file names.
    public let port: UInt16
    /// How the backend judges a new password: as the real one does.
    public let passwordRule: PasswordRule
    /// The routes it answers, as it hands them to `InMemoryBackend.admit`
    /// (`"POST /api/…"`): what a script's `server fault` may name, and the
    /// counts `expect metric requests.ROUTE` reads.
    public let routes: [String]
    /// Serves a backend on 127.0.0.1, as `Serving` says.
    public let serve: @Sendable (Serving) throws -> Served

    /// - Parameters:
    ///   - name: Its profile's name (`serve --profile NAME`).
    ///   - summary: What it stands in for, in a line.
    ///   - authPlugin: The auth plugin whose backend it plays.
    ///   - baseURLSetting: The setting that plugin reads its base URL from.
    ///   - port: `serve`'s port unless `--port` says otherwise.
    ///   - passwordRule: How the backend judges a new password.
    ///   - routes: The routes it answers, as it hands them to the backend.
    ///   - serve: Serves a backend on 127.0.0.1, as `Serving` says.
    public init(
        name: String, summary: String, authPlugin: String, baseURLSetting: String, port: UInt16,
        passwordRule: PasswordRule, routes: [String],
        serve: @escaping @Sendable (Serving) throws -> Served
    ) {
        self.name = name
        self.summary = summary
        self.authPlugin = authPlugin
        self.baseURLSetting = baseURLSetting
        self.port = port
        self.passwordRule = passwordRule
        self.routes = routes
        self.serve = serve
    }
}
