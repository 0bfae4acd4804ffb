import AdapterHTTP
import AdapterInMemory
import Foundation
import Ports

/// The plugins of `AdapterHTTP`.
enum HTTPPlugins {
    /// The key a loopback development server is given when no key is set
    /// (never used for any other host).
    static let loopbackDevelopmentKey = "gatehouse-dev-key"

    /// The machine's own network interfaces: offline when only loopback is up.
    static let connectivity = PluginRegistry.Plugin<any ConnectivityProbe>(
        name: "network-interfaces", summary: "the machine's network interfaces (offline when only loopback is up)"
    ) { _ throws(CompositionError) in NetworkInterfaceConnectivityProbe() }

    /// The wire contract over URLSession, to the environment's base URL.
    static let remote = PluginRegistry.Plugin<RemoteAdapters>(
        name: "http", summary: "the wire contract over URLSession (base URL, API key and token header from the environment)"
    ) { context throws(CompositionError) in
        let configuration = try httpConfiguration(for: context)
        return RemoteAdapters(
            auth: URLSessionAuthRemoteAPI(configuration: configuration),
            user: URLSessionUserRemoteAPI(configuration: configuration),
            statement: URLSessionStatementRemoteAPI(configuration: configuration),
            health: URLSessionHealthProbe(configuration: configuration),
            control: try control(for: context.environment, configuration: configuration))
    }

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

    /// The environment's HTTP settings; on virtual time, with the tracker that
    /// lets a server sharing that time (an in-process ReferenceServer) park a
    /// request on the clock.
    static func httpConfiguration(for context: PluginContext) throws(CompositionError) -> HTTPConfiguration {
        var configuration = try httpConfiguration(for: context.environment)
        if context.environment.plugins.clock == "virtual", let activity = context.activity as? VirtualActivity {
            configuration.exchangeTracker = VirtualExchangeTracker(activity: activity)
        }
        return configuration
    }

    static func httpConfiguration(for environment: AppEnvironment) throws(CompositionError) -> HTTPConfiguration {
        let settings = environment.settings
        guard let baseURL = settings.baseURL else {
            throw .missingSetting(setting: "baseURL", neededBy: "the http plugin")
        }
        let style: HTTPConfiguration.TokenHeaderStyle = settings.tokenHeaderStyle == .bearer ? .bearer : .token
        let apiKey = try self.apiKey(for: settings)
        do {
            return try HTTPConfiguration(
                baseURL: baseURL, apiKey: apiKey, tokenHeaderStyle: style, timeout: settings.requestTimeout)
        } catch {
            throw .invalidSetting(setting: "baseURL", reason: error.description)
        }
    }

    /// The API key from the process environment variable the settings name —
    /// never from a file or from source. A loopback server may go without one
    /// (the development key); any other host may not.
    private static func apiKey(for settings: AppEnvironment.Settings) throws(CompositionError) -> APIKey? {
        let isLoopback = settings.baseURL.map { URL(string: $0)?.host.map(LoopbackHost.contains) ?? false } ?? false
        guard let variable = settings.apiKeyVariable else {
            return isLoopback ? APIKey(loopbackDevelopmentKey) : nil
        }
        if let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty { return APIKey(value) }
        if isLoopback { return APIKey(loopbackDevelopmentKey) }
        throw .missingSetting(setting: "the API key in $\(variable)", neededBy: settings.baseURL.map(HTTPConfiguration.displayable) ?? "the backend")
    }
}
