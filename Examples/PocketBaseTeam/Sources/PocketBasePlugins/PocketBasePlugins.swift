import BoundedHTTP
public import Composition
public import Ports
import PocketBaseAuth

/// This team's plugins, as Gatehouse's environment files name them: the
/// auth plugin `pocketbase`, which reads PocketBase's root from the setting
/// `pocketBaseURL`. Its app adds them to Gatehouse's registry (its own
/// executable, `pocketbase-app`, for trying and testing; an iOS app to the
/// shipping registry it makes its world with).
public enum PocketBasePlugins {
    /// The setting that holds PocketBase's root (`http://127.0.0.1:8090/`
    /// for its own server on this machine).
    public static let baseURLSetting = "pocketBaseURL"

    /// Sign-in, refresh and a sign-up to confirm on PocketBase's `users`
    /// collection.
    public static let auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "pocketbase",
        summary:
            "PocketBase's users collection: sign-in by e-mail, auth-refresh, a sign-up confirmed by e-mail first, no sign-out at the server",
        settings: [
            .text(
                baseURLSetting, role: .baseURL, whenAbsent: "none: the plugin cannot be made",
                "PocketBase's root, https (or http to this machine)")
        ],
        problems: problems
    ) { context throws(CompositionError) in
        PocketBaseAuthRemoteAPI(configuration: try configuration(context.settings))
    }

    /// What stops the plugin: no root, or one the transport refuses (not
    /// https, nor http to this machine; a user or query in it).
    static func problems(_ settings: PluginSettings) -> [CompositionError] {
        do throws(CompositionError) {
            _ = try configuration(settings)
            return []
        } catch {
            return [error]
        }
    }

    /// The transport's configuration: PocketBase's root, no API key, the
    /// token as `Authorization: Bearer`, the environment's request timeout.
    private static func configuration(_ settings: PluginSettings) throws(CompositionError) -> HTTPConfiguration {
        guard let root = settings.text(baseURLSetting) else {
            throw .missingSetting(setting: baseURLSetting, neededBy: "the pocketbase plugin")
        }
        do {
            return try HTTPConfiguration(
                baseURL: root, apiKey: nil, tokenHeaderStyle: .bearer, timeout: settings.shared.requestTimeout)
        } catch {
            throw .invalidSetting(setting: baseURLSetting, reason: error.description)
        }
    }
}
