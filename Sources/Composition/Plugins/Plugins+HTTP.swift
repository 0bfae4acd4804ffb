import AdapterHTTP
import AdapterInMemory
import Foundation
import Ports

/// The plugins of `AdapterHTTP`: the four remote ports over URLSession, each a
/// plugin of its own, sharing one HTTP configuration per world.
enum HTTPPlugins {
    /// The key a loopback development server is given when no key is set
    /// (never used for any other host).
    static let loopbackDevelopmentKey = "gatehouse-dev-key"

    /// URLSession's real-time limit when the world's time is virtual: long
    /// enough never to fire before the app's virtual deadline does.
    static let virtualTimeTransportTimeout = Duration.seconds(3600)

    /// The settings every plugin over the shared HTTP configuration reads.
    static let connectionSettings: [PluginSetting] = [
        .text("baseURL", default: "none", "the backend's base URL: https, or http to loopback") { $0.baseURL = $1 },
        .text(
            "apiKeyVariable", default: "none",
            "the process environment variable holding the API key (never the key itself)"
        ) { $0.apiKeyVariable = $1 },
        .choice(
            "tokenHeaderStyle", default: AppEnvironment.Settings().tokenHeaderStyle,
            "how the token travels: the Cora token header, or Authorization: Bearer"
        ) { $0.tokenHeaderStyle = $1 },
    ]

    static let auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "http",
        summary:
            "sign-in, refresh and sign-up over the wire contract, sign-out where the environment says the backend has it (URLSession)",
        settings: connectionSettings + [
            .flag(
                "controlAPI", default: AppEnvironment.Settings().controlAPI,
                "the server has the reference server's control API (loopback only)"
            ) { $0.controlAPI = $1 },
            .flag(
                "signOutRoute", default: AppEnvironment.Settings().signOutRoute,
                "the server has DELETE /challenge/auth, which logout calls"
            ) { $0.signOutRoute = $1 },
        ],
        problems: connectionProblems,
        control: { context throws(CompositionError) in
            try control(for: context.environment, configuration: try httpConfiguration(context))
        }
    ) { context throws(CompositionError) in
        URLSessionAuthRemoteAPI(
            configuration: try httpConfiguration(context), offersSignOut: context.environment.settings.signOutRoute)
    }

    static let oauth2Auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "oauth2",
        summary:
            "sign-in by the OAuth 2.0 password grant, refresh-token rotation, revocation at logout, no sign-up (settings.oauth2; URLSession)",
        settings: connectionSettings + [oauth2Setting],
        problems: { environment in
            var problems = connectionProblems(environment)
            do throws(CompositionError) {
                _ = try oauth2Client(environment)
            } catch {
                problems.append(error)
            }
            return problems
        }
    ) { context throws(CompositionError) in
        OAuth2AuthRemoteAPI(
            configuration: try httpConfiguration(context), client: try oauth2Client(context.environment))
    }

    /// `settings.oauth2`: `clientId` (required), `clientSecretVariable`,
    /// `tokenPath`, `revokePath` (optional strings).
    static let oauth2Setting = PluginSetting(
        key: "oauth2", type: .object(fields: oauth2Fields), defaultValue: "none",
        summary: "the OAuth 2.0 client: its id, its secret's variable, the two paths"
    ) { value, settings throws(PluginSetting.Refusal) in settings.oauth2 = try readOAuth2(value) }

    private static let oauth2Fields = ["clientId", "clientSecretVariable", "tokenPath", "revokePath"]

    private static func readOAuth2(_ value: Any) throws(PluginSetting.Refusal) -> AppEnvironment.OAuth2Settings {
        guard let fields = value as? [String: Any] else { throw .init("must be a JSON object") }
        if let unknown = fields.keys.sorted().first(where: { !oauth2Fields.contains($0) }) {
            throw .init("is not known (known: \(oauth2Fields.joined(separator: ", ")))", subfield: "." + unknown)
        }
        func text(_ field: String) throws(PluginSetting.Refusal) -> String? {
            guard let value = fields[field] else { return nil }
            do {
                return try SettingValue.text(value)
            } catch {
                throw .init(error.reason, subfield: "." + field)
            }
        }
        guard let clientID = try text("clientId") else { throw .init("is required", subfield: ".clientId") }
        var oauth2 = AppEnvironment.OAuth2Settings(
            clientID: clientID, clientSecretVariable: try text("clientSecretVariable"))
        if let tokenPath = try text("tokenPath") { oauth2.tokenPath = tokenPath }
        if let revokePath = try text("revokePath") { oauth2.revokePath = revokePath }
        return oauth2
    }

    /// The environment's OAuth 2.0 client: its id and paths from the
    /// settings, a confidential client's secret from the process environment
    /// variable they name (never from a file or from source).
    static func oauth2Client(_ environment: AppEnvironment) throws(CompositionError) -> OAuth2Configuration {
        guard let settings = environment.settings.oauth2 else {
            throw .missingSetting(setting: "oauth2", neededBy: "the oauth2 plugin")
        }
        var secret: OAuth2ClientSecret?
        if let variable = settings.clientSecretVariable {
            guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
                throw .missingSetting(setting: "the client secret in $\(variable)", neededBy: "the oauth2 plugin")
            }
            secret = OAuth2ClientSecret(value)
        }
        return OAuth2Configuration(
            clientID: settings.clientID, clientSecret: secret, tokenPath: settings.tokenPath,
            revokePath: settings.revokePath)
    }

    static let user = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: "http", summary: "the signed-in user over the wire contract (URLSession)", settings: connectionSettings,
        problems: connectionProblems
    ) { context throws(CompositionError) in URLSessionUserRemoteAPI(configuration: try httpConfiguration(context)) }

    static let statement = PluginRegistry.Plugin<any StatementRemoteAPI>(
        name: "http", summary: "the statement over the wire contract (URLSession)", settings: connectionSettings,
        problems: connectionProblems
    ) { context throws(CompositionError) in URLSessionStatementRemoteAPI(configuration: try httpConfiguration(context))
    }

    static let health = PluginRegistry.Plugin<any HealthProbe>(
        name: "http", summary: "GET /health over URLSession", settings: connectionSettings,
        problems: connectionProblems
    ) { context throws(CompositionError) in URLSessionHealthProbe(configuration: try httpConfiguration(context)) }

    /// The server's control API when the environment says it has one; only
    /// ever on loopback.
    static func control(
        for environment: AppEnvironment, configuration: HTTPConfiguration
    ) throws(CompositionError) -> (any BackendControl)? {
        guard environment.settings.controlAPI else { return nil }
        do {
            return HTTPBackendControl(api: try URLSessionControlAPI(configuration: configuration))
        } catch {
            throw .invalidSetting(setting: "controlAPI", reason: error.description)
        }
    }

    /// The environment's HTTP settings (base URL, API key, token header,
    /// timeout), made once per world and shared by the URLSession plugins; on
    /// virtual time, with the tracker that lets a server sharing that time (an
    /// in-process ReferenceServer) park a request on the clock.
    static func httpConfiguration(_ context: PluginContext) throws(CompositionError) -> HTTPConfiguration {
        try context.shared("http-configuration") { () throws(CompositionError) in
            guard context.hasVirtualTime else { return try httpConfiguration(for: context.environment) }
            // The request deadline is the app's, on virtual time
            // (`RequestDeadline`); URLSession's own, on real time, must not
            // end a request the server holds however slow the machine.
            var environment = context.environment
            environment.settings.requestTimeout = virtualTimeTransportTimeout
            var configuration = try httpConfiguration(for: environment)
            configuration.exchangeTracker = VirtualExchangeTracker(activity: context.activity)
            return configuration
        }
    }

    static func httpConfiguration(for environment: AppEnvironment) throws(CompositionError) -> HTTPConfiguration {
        let settings = environment.settings
        guard let baseURL = settings.baseURL else {
            throw .missingSetting(setting: "baseURL", neededBy: "the http plugin")
        }
        // The URL is checked before the key: a person fixes them in that order.
        if let problem = baseURLProblem(in: settings) { throw problem }
        let apiKey = try self.apiKey(for: settings)
        do {
            var configuration = try HTTPConfiguration(
                baseURL: baseURL, apiKey: apiKey, tokenHeaderStyle: settings.tokenHeaderStyle,
                timeout: settings.requestTimeout)
            configuration.maximumConnectionsPerHost = max(1, settings.connectionsPerHost)
            return configuration
        } catch {
            throw .invalidSetting(setting: "baseURL", reason: error.description)
        }
    }

    /// What stops a plugin over the shared HTTP configuration: the base
    /// URL, then the API key.
    static func connectionProblems(_ environment: AppEnvironment) -> [CompositionError] {
        [baseURLProblem(in: environment.settings), apiKeyProblem(in: environment.settings)].compactMap { $0 }
    }

    /// What is wrong with the settings' base URL for the http plugins; nil when nothing is.
    static func baseURLProblem(in settings: AppEnvironment.Settings) -> CompositionError? {
        guard let baseURL = settings.baseURL else {
            return .missingSetting(setting: "baseURL", neededBy: "the http plugin")
        }
        do {
            _ = try HTTPConfiguration(
                baseURL: baseURL, apiKey: nil, tokenHeaderStyle: settings.tokenHeaderStyle,
                timeout: settings.requestTimeout)
            return nil
        } catch {
            return .invalidSetting(setting: "baseURL", reason: error.description)
        }
    }

    /// What is wrong with the API key the settings name; nil when nothing is.
    static func apiKeyProblem(in settings: AppEnvironment.Settings) -> CompositionError? {
        do {
            _ = try apiKey(for: settings)
            return nil
        } catch {
            return error
        }
    }

    /// The API key from the process environment variable the settings name —
    /// never from a file or from source. A loopback server may go without one
    /// (the development key); any other host may not.
    private static func apiKey(for settings: AppEnvironment.Settings) throws(CompositionError) -> APIKey? {
        let isLoopback =
            settings.baseURL.map { URL(string: $0)?.host(percentEncoded: true).map(LoopbackHost.contains) ?? false }
            ?? false
        guard let variable = settings.apiKeyVariable else {
            return isLoopback ? APIKey(loopbackDevelopmentKey) : nil
        }
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return APIKey(value) }
        if isLoopback { return APIKey(loopbackDevelopmentKey) }
        throw .missingSetting(
            setting: "the API key in $\(variable)",
            neededBy: settings.baseURL.map(HTTPConfiguration.displayable) ?? "the backend")
    }
}
