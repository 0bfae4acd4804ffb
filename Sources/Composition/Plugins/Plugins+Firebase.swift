import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports

/// The `firebase` auth plugin: Firebase Authentication's REST API
/// (`FirebaseAuthRemoteAPI`). It reads settings of its own and builds its
/// own two HTTP configurations — the Identity Toolkit's
/// (`identityToolkitBaseURL`) and the Secure Token service's
/// (`secureTokenBaseURL`), both with the project's Web API key from the
/// variable `webAPIKeyVariable` names — rather than the shared one: the
/// shared `baseURL` and `apiKeyVariable` are the app's own backend's (which
/// the user, statement and health plugins of a Firebase environment talk
/// to), it reads no `tokenHeaderStyle` (its tokens travel in bodies), and a
/// loopback development key would be no Firebase key.
enum FirebasePlugins {
    static let name = "firebase"
    static let identityToolkitBaseURLKey = "identityToolkitBaseURL"
    static let secureTokenBaseURLKey = "secureTokenBaseURL"
    static let webAPIKeyVariableKey = "webAPIKeyVariable"

    static let auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: name,
        summary:
            "Firebase Authentication's REST API: sign-in and a sign-up that signs in, by e-mail and password; the Secure Token refresh (no rotation); no sign-out at the server (untested against a live project)",
        settings: [
            .text(
                identityToolkitBaseURLKey, role: .plain,
                "the Identity Toolkit's base URL (https://identitytoolkit.googleapis.com/v1/), or http to loopback"),
            .text(
                secureTokenBaseURLKey, role: .plain,
                "the Secure Token service's base URL (https://securetoken.googleapis.com/v1/), or http to loopback"),
            .text(
                webAPIKeyVariableKey, role: .secretVariable,
                "the process environment variable holding the project's Web API key (never the key itself)"),
        ],
        problems: problems
    ) { context throws(CompositionError) in
        FirebaseAuthRemoteAPI(
            identityToolkit: try configuration(context, baseURLKey: identityToolkitBaseURLKey),
            secureToken: try configuration(context, baseURLKey: secureTokenBaseURLKey))
    }

    /// What stops the plugin, in the order a person fixes it: each base URL,
    /// then the key.
    static func problems(_ settings: PluginSettings) -> [CompositionError] {
        var problems = [identityToolkitBaseURLKey, secureTokenBaseURLKey].compactMap { key in
            baseURLProblem(settings, key)
        }
        do {
            _ = try apiKey(settings)
        } catch {
            problems.append(error)
        }
        return problems
    }

    private static func baseURLProblem(_ settings: PluginSettings, _ key: String) -> CompositionError? {
        do {
            _ = try httpConfiguration(settings, baseURLKey: key, apiKey: nil, timeout: settings.shared.requestTimeout)
            return nil
        } catch {
            return error
        }
    }

    /// The project's Web API key, from the variable the settings name: there
    /// is no development key, on loopback or anywhere.
    private static func apiKey(_ settings: PluginSettings) throws(CompositionError) -> APIKey {
        guard let variable = settings.text(webAPIKeyVariableKey) else {
            throw .missingSetting(
                setting: "webAPIKeyVariable (the Web API key's variable)", neededBy: "the firebase plugin")
        }
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            throw .missingSetting(setting: "the Web API key in $\(variable)", neededBy: "the firebase plugin")
        }
        return APIKey(value)
    }

    /// One of the plugin's two configurations; on virtual time with the
    /// tracker an in-process server sharing that time needs, as the shared
    /// configuration has.
    private static func configuration(_ context: PluginContext, baseURLKey: String) throws(CompositionError)
        -> HTTPConfiguration
    {
        let key = try apiKey(context.settings)
        guard context.hasVirtualTime else {
            return try httpConfiguration(
                context.settings, baseURLKey: baseURLKey, apiKey: key, timeout: context.settings.shared.requestTimeout)
        }
        var configuration = try httpConfiguration(
            context.settings, baseURLKey: baseURLKey, apiKey: key, timeout: HTTPPlugins.virtualTimeTransportTimeout)
        configuration.exchangeTracker = VirtualExchangeTracker(activity: context.activity)
        return configuration
    }

    private static func httpConfiguration(
        _ settings: PluginSettings, baseURLKey: String, apiKey: APIKey?, timeout: Duration
    ) throws(CompositionError) -> HTTPConfiguration {
        guard let baseURL = settings.text(baseURLKey) else {
            throw .missingSetting(setting: baseURLKey, neededBy: "the firebase plugin")
        }
        do {
            var configuration = try HTTPConfiguration(
                baseURL: baseURL, apiKey: apiKey, tokenHeaderStyle: .bearer, timeout: timeout)
            configuration.maximumConnectionsPerHost = max(1, settings.shared.connectionsPerHost)
            return configuration
        } catch {
            throw .invalidSetting(setting: baseURLKey, reason: error.description)
        }
    }
}
