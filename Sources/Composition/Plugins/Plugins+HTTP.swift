import AdapterHTTP
package import BoundedHTTP
import AdapterSoftwareCrypto
import Foundation
package import Ports

/// The plugins of `AdapterHTTP`: the four remote ports over URLSession, each a
/// plugin of its own, sharing one HTTP configuration per world.
package enum HTTPPlugins {
    /// The key a loopback development server is given when no key is set
    /// (never used for any other host).
    static let loopbackDevelopmentKey = "gatehouse-dev-key"

    /// URLSession's real-time limit when the world's time is virtual: long
    /// enough never to fire before the app's virtual deadline does.
    static let virtualTimeTransportTimeout = Duration.seconds(3600)

    /// The settings every plugin over the shared HTTP configuration reads.
    static let connectionSettings: [PluginSetting] = [
        .text(baseURLKey, role: .baseURL, "the backend's base URL: https, or http to loopback"),
        .text(
            apiKeyVariableKey, role: .secretVariable,
            "the process environment variable holding the API key (never the key itself)"),
        .choice(
            tokenHeaderStyleKey, default: HTTPConfiguration.TokenHeaderStyle.token,
            "how the token travels: the Cora token header, or Authorization: Bearer"),
    ]
    static let baseURLKey = "baseURL"
    static let apiKeyVariableKey = "apiKeyVariable"
    static let tokenHeaderStyleKey = "tokenHeaderStyle"
    package static let controlAPIKey = "controlAPI"
    static let signOutRouteKey = "signOutRoute"
    static let accountRoutesKey = "accountRoutes"

    package static let auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "http",
        summary:
            "sign-in, refresh and sign-up over the wire contract, sign-out where the environment says the backend has it, sign-up and sign-in by e-mail unless it says the backend lacks them (URLSession)",
        settings: connectionSettings + [
            .flag(controlAPIKey, default: false, "the server has the reference server's control API (loopback only)"),
            .flag(signOutRouteKey, default: false, "the server has DELETE /challenge/auth, which logout calls"),
        ] + AuthRouteSettings.all,
        speaksWireContract: true,
        problems: connectionProblems
    ) { context throws(CompositionError) in
        URLSessionAuthRemoteAPI(
            configuration: try httpConfiguration(context),
            offersSignOut: context.settings.flag(signOutRouteKey) == true,
            offersRegistration: AuthRouteSettings.offersRegistration(context),
            signsInByEmail: AuthRouteSettings.signsInByEmail(context))
    }

    static let oauth2Auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "oauth2",
        summary:
            "OAuth 2.0 as a native app: sign-in through the browser (code + PKCE, loopback redirect) or the device flow, refresh-token rotation, revocation at logout, no sign-up (settings.oauth2; URLSession)",
        settings: connectionSettings + [oauth2Setting],
        problems: { settings in oauth2Problems(settings, legacy: false) }
    ) { context throws(CompositionError) in
        OAuth2AuthRemoteAPI(
            configuration: try httpConfiguration(context),
            client: try oauth2Client(context.settings, legacy: false),
            proofMaker: SoftwareAuthorizationProofMaker(),
            pages: { [language = context.personsLanguage] in .inLanguage(language.now) }, clock: context.clock,
            signatureVerifier: SignatureVerification.verifier(), waitCounter: context.activity)
    }

    /// The resource owner password grant, kept for teams migrating:
    /// RFC 9700 §2.4 says it must not be used, and no built-in environment chooses it.
    static let oauth2PasswordLegacyAuth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "oauth2-password-legacy",
        summary:
            "LEGACY, forbidden by RFC 9700 §2.4: the app takes the password and sends it by the OAuth 2.0 password grant; for migrating only (settings.oauth2; URLSession)",
        settings: connectionSettings + [oauth2Setting],
        problems: { settings in oauth2Problems(settings, legacy: true) }
    ) { context throws(CompositionError) in
        OAuth2AuthRemoteAPI(
            configuration: try httpConfiguration(context), client: try oauth2Client(context.settings, legacy: true))
    }

    private static func oauth2Problems(_ settings: PluginSettings, legacy: Bool) -> [CompositionError] {
        var problems = connectionProblems(settings)
        do throws(CompositionError) {
            _ = try oauth2Client(settings, legacy: legacy)
        } catch {
            problems.append(error)
        }
        return problems
    }

    /// `settings.oauth2`: `clientId` (required); `tokenPath`, `revokePath`,
    /// `authorizePath`, `deviceAuthorizationPath`, `jwksPath`, `scope`,
    /// `issuer` (optional strings), `discovery` (`on` or `off`); `clientSecretVariable`
    /// for the legacy plugin alone; `userInfoPath` for the
    /// `openid-userinfo` user plugin.
    static let oauth2Setting = PluginSetting(
        key: oauth2Key, type: .object(fields: oauth2Fields), default: nil,
        summary: "the OAuth 2.0 client: its id, its endpoints' paths, its scope"
    ) { value throws(PluginSetting.Refusal) in .object(try readOAuth2(value)) }
    static let oauth2Key = "oauth2"

    private static let oauth2Fields = [
        "clientId", "clientSecretVariable", "tokenPath", "revokePath", "authorizePath", "deviceAuthorizationPath",
        "jwksPath", "scope", "issuer", "discovery", "userInfoPath",
    ]

    /// The object's fields, each checked; `clientId` is required.
    private static func readOAuth2(_ value: Any) throws(PluginSetting.Refusal) -> [String: String] {
        guard let fields = value as? [String: Any] else { throw .init("must be a JSON object") }
        if let unknown = fields.keys.sorted().first(where: { !oauth2Fields.contains($0) }) {
            throw .init("is not known (known: \(oauth2Fields.joined(separator: ", ")))", subfield: "." + unknown)
        }
        var checked: [String: String] = [:]
        for field in oauth2Fields {
            guard let value = fields[field] else { continue }
            do {
                checked[field] = try SettingCheck.text(value)
            } catch {
                throw .init(error.reason, subfield: "." + field)
            }
        }
        guard checked["clientId"] != nil else { throw .init("is required", subfield: ".clientId") }
        return checked
    }

    /// The environment's OAuth 2.0 client: its id and paths from the
    /// settings. A native app is a public client (RFC 8252 §8.5: it cannot
    /// keep a secret), so only the legacy password grant takes a
    /// confidential client's secret — from the process environment variable
    /// the settings name (never from a file or from source).
    static func oauth2Client(_ settings: PluginSettings, legacy: Bool) throws(CompositionError)
        -> OAuth2Configuration
    {
        let plugin = legacy ? "the oauth2-password-legacy plugin" : "the oauth2 plugin"
        guard let client = settings.object(oauth2Key), let clientID = client["clientId"] else {
            throw .missingSetting(setting: "oauth2", neededBy: plugin)
        }
        var secret: OAuth2ClientSecret?
        if let variable = client["clientSecretVariable"] {
            guard legacy else {
                throw .invalidSetting(
                    setting: "oauth2.clientSecretVariable",
                    reason:
                        "a native app is a public client and keeps no secret (RFC 8252 §8.5); only oauth2-password-legacy takes one"
                )
            }
            guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
                throw .missingSetting(setting: "the client secret in $\(variable)", neededBy: plugin)
            }
            secret = OAuth2ClientSecret(value)
        }
        let discovers: Bool
        switch client["discovery"] {
        case nil, "off": discovers = false
        case "on":
            guard client["issuer"] != nil else {
                throw .missingSetting(setting: "oauth2.issuer", neededBy: "oauth2.discovery")
            }
            discovers = true
        default:
            throw .invalidSetting(setting: "oauth2.discovery", reason: "must be on or off")
        }
        // An ID token is taken only with its signature checked, against the
        // provider's key set: discovery names it, or the settings do.
        let asksForOpenID = client["scope"]?.split(separator: " ").contains("openid") ?? false
        if !legacy, asksForOpenID, !discovers, client["jwksPath"] == nil {
            throw .invalidSetting(
                setting: "oauth2.scope",
                reason:
                    "asks for openid, whose ID token's signature is checked with the provider's keys: turn discovery on, or name jwksPath"
            )
        }
        // The paths django-oauth-toolkit serves, unless the client names others.
        return OAuth2Configuration(
            clientID: clientID, clientSecret: secret, signInMethods: legacy ? [.password] : [.browser, .device],
            tokenPath: client["tokenPath"] ?? "o/token/", revokePath: client["revokePath"] ?? "o/revoke_token/",
            authorizePath: client["authorizePath"] ?? "o/authorize/",
            deviceAuthorizationPath: client["deviceAuthorizationPath"] ?? "o/device-authorization/",
            // Naming the issuer says the server names itself in every
            // authorization answer (RFC 9207), as a server with the RFC 9700
            // gates on does: an answer without `iss` is then refused.
            issuer: client["issuer"], issuerAlwaysSent: client["issuer"] != nil, scope: client["scope"],
            discoversEndpoints: discovers, jwksPath: client["jwksPath"])
    }

    static let user = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: "http",
        summary:
            "the signed-in user over the wire contract, its account routes unless the environment says the server lacks them (URLSession)",
        settings: connectionSettings + [
            .flag(
                accountRoutesKey, default: true,
                "the server has PATCH and DELETE /users/me and GET and PUT /users/related besides GET /users/me")
        ],
        speaksWireContract: true, problems: connectionProblems
    ) { context throws(CompositionError) in
        URLSessionUserRemoteAPI(
            configuration: try httpConfiguration(context),
            offersAccountRoutes: context.settings.flag(accountRoutesKey) ?? true)
    }

    /// The profile from an OpenID provider's UserInfo endpoint
    /// (`settings.oauth2.userInfoPath`, django-oauth-toolkit's `o/userinfo/`
    /// by default): no account routes.
    static let openIDUserInfo = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: "openid-userinfo",
        summary:
            "the signed-in user's profile from an OpenID provider's UserInfo endpoint, no account routes (settings.oauth2.userInfoPath; URLSession)",
        settings: connectionSettings + [oauth2Setting], problems: connectionProblems
    ) { context throws(CompositionError) in
        let configuration = try httpConfiguration(context)
        let path = context.settings.object(oauth2Key)?["userInfoPath"] ?? "o/userinfo/"
        guard let endpoint = URL(string: path, relativeTo: configuration.baseURL)?.absoluteURL else {
            throw .invalidSetting(setting: "oauth2.userInfoPath", reason: "is not a path or URL")
        }
        return OpenIDUserInfoRemoteAPI(configuration: configuration, userInfoEndpoint: endpoint)
    }

    static let statement = PluginRegistry.Plugin<any StatementRemoteAPI>(
        name: "http", summary: "the statement over the wire contract (URLSession)", settings: connectionSettings,
        speaksWireContract: true, problems: connectionProblems
    ) { context throws(CompositionError) in URLSessionStatementRemoteAPI(configuration: try httpConfiguration(context))
    }

    static let health = PluginRegistry.Plugin<any HealthProbe>(
        name: "http", summary: "GET /health over URLSession", settings: connectionSettings,
        speaksWireContract: true, problems: connectionProblems
    ) { context throws(CompositionError) in URLSessionHealthProbe(configuration: try httpConfiguration(context)) }

    /// The HTTP settings (base URL, API key, token header, timeout) of the
    /// first plugin over it that a world makes, made once per world and
    /// shared by the URLSession plugins — an environment gives every reader
    /// of a key the same value, so the others' are the same; on
    /// virtual time, with the tracker that lets a server sharing that time (an
    /// in-process ReferenceServer) park a request on the clock.
    package static func httpConfiguration(_ context: PluginContext) throws(CompositionError) -> HTTPConfiguration {
        try context.shared("http-configuration") { () throws(CompositionError) in
            guard context.hasVirtualTime else { return try httpConfiguration(for: context.settings) }
            // The request deadline is the app's, on virtual time
            // (`RequestDeadline`); URLSession's own, on real time, must not
            // end a request the server holds however slow the machine.
            var configuration = try httpConfiguration(
                for: context.settings, transportTimeout: virtualTimeTransportTimeout)
            configuration.exchangeTracker = VirtualExchangeTracker(activity: context.activity)
            return configuration
        }
    }

    /// The configuration `settings` describe; URLSession's timeout is the
    /// shared request timeout unless `transportTimeout` says otherwise.
    static func httpConfiguration(
        for settings: PluginSettings, transportTimeout: Duration? = nil
    ) throws(CompositionError) -> HTTPConfiguration {
        guard let baseURL = settings.text(baseURLKey) else {
            throw .missingSetting(setting: baseURLKey, neededBy: "the http plugin")
        }
        // The URL is checked before the key: a person fixes them in that order.
        if let problem = baseURLProblem(in: settings) { throw problem }
        let apiKey = try self.apiKey(for: settings)
        do {
            var configuration = try HTTPConfiguration(
                baseURL: baseURL, apiKey: apiKey, tokenHeaderStyle: tokenHeaderStyle(settings),
                timeout: transportTimeout ?? settings.shared.requestTimeout)
            configuration.maximumConnectionsPerHost = max(1, settings.shared.connectionsPerHost)
            return configuration
        } catch {
            throw .invalidSetting(setting: baseURLKey, reason: error.description)
        }
    }

    /// What stops a plugin over the shared HTTP configuration: the base
    /// URL, then the API key.
    static func connectionProblems(_ settings: PluginSettings) -> [CompositionError] {
        [baseURLProblem(in: settings), apiKeyProblem(in: settings)].compactMap { $0 }
    }

    /// How the settings say the token travels.
    static func tokenHeaderStyle(_ settings: PluginSettings) -> HTTPConfiguration.TokenHeaderStyle {
        settings.choice(tokenHeaderStyleKey) ?? .token
    }

    /// What is wrong with the settings' base URL for the http plugins; nil when nothing is.
    static func baseURLProblem(in settings: PluginSettings) -> CompositionError? {
        guard let baseURL = settings.text(baseURLKey) else {
            return .missingSetting(setting: baseURLKey, neededBy: "the http plugin")
        }
        do {
            _ = try HTTPConfiguration(
                baseURL: baseURL, apiKey: nil, tokenHeaderStyle: tokenHeaderStyle(settings),
                timeout: settings.shared.requestTimeout)
            return nil
        } catch {
            return .invalidSetting(setting: baseURLKey, reason: error.description)
        }
    }

    /// What is wrong with the API key the settings name; nil when nothing is.
    static func apiKeyProblem(in settings: PluginSettings) -> CompositionError? {
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
    private static func apiKey(for settings: PluginSettings) throws(CompositionError) -> APIKey? {
        let baseURL = settings.text(baseURLKey)
        let isLoopback =
            baseURL.map { URL(string: $0)?.host(percentEncoded: true).map(LoopbackHost.contains) ?? false } ?? false
        guard let variable = settings.text(apiKeyVariableKey) else {
            return isLoopback ? APIKey(loopbackDevelopmentKey) : nil
        }
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return APIKey(value) }
        if isLoopback { return APIKey(loopbackDevelopmentKey) }
        throw .missingSetting(
            setting: "the API key in $\(variable)",
            neededBy: baseURL.map(HTTPConfiguration.displayable) ?? "the backend")
    }
}
