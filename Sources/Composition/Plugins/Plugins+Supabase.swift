import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports

/// The plugins of Supabase Auth's dialect (`AdapterHTTP`'s `Supabase*`
/// adapters): auth, user and health, each named `supabase`, sharing the world's
/// HTTP configuration. Supabase takes Bearer tokens and the project's anon
/// key as `apikey` on every request; the key comes only from the process
/// environment variable `apiKeyVariable` names — never the development key a
/// loopback server may otherwise go without.
enum SupabasePlugins {
    static let name = "supabase"

    static let auth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: name,
        summary:
            "Supabase Auth: sign-in by e-mail (a CPF is refused), refresh-token rotation, POST /logout, no sign-up (untested against a live Supabase)",
        settings: HTTPPlugins.connectionSettings,
        problems: problems
    ) { context throws(CompositionError) in SupabaseAuthRemoteAPI(configuration: try configuration(context)) }

    static let user = PluginRegistry.Plugin<any UserRemoteAPI>(
        name: name,
        summary: "Supabase Auth's GET /user: the e-mail and a name from user_metadata; no related users or edit",
        settings: HTTPPlugins.connectionSettings,
        problems: problems
    ) { context throws(CompositionError) in SupabaseUserRemoteAPI(configuration: try configuration(context)) }

    static let health = PluginRegistry.Plugin<any HealthProbe>(
        name: name, summary: "Supabase Auth's GET /health, with the apikey", settings: HTTPPlugins.connectionSettings,
        problems: problems
    ) { context throws(CompositionError) in SupabaseHealthProbe(configuration: try configuration(context)) }

    /// What stops a Supabase plugin: the base URL, then the anon key and
    /// the token header (in place of the URLSession plugins' API key check:
    /// Supabase has no development key on loopback).
    static func problems(_ settings: PluginSettings) -> [CompositionError] {
        [HTTPPlugins.baseURLProblem(in: settings), problem(in: settings)].compactMap { $0 }
    }

    /// The world's HTTP configuration, once the Supabase settings are checked.
    private static func configuration(_ context: PluginContext) throws(CompositionError) -> HTTPConfiguration {
        if let problem = problem(in: context.settings) { throw problem }
        return try HTTPPlugins.httpConfiguration(context)
    }

    /// What stops the Supabase plugins in `settings`; nil when nothing does:
    /// the anon key's variable must be named and set, and tokens must travel
    /// as Bearer. Never shows the key.
    static func problem(in settings: PluginSettings) -> CompositionError? {
        guard let variable = settings.text(HTTPPlugins.apiKeyVariableKey) else {
            return .missingSetting(
                setting: "apiKeyVariable (the anon key's variable)", neededBy: "the supabase plugins")
        }
        guard let value = ProcessInfo.processInfo.environment[variable], !value.isEmpty else {
            return .missingSetting(setting: "the anon key in $\(variable)", neededBy: "the supabase plugins")
        }
        guard HTTPPlugins.tokenHeaderStyle(settings) == .bearer else {
            return .invalidSetting(setting: "tokenHeaderStyle", reason: "Supabase Auth takes \"bearer\" tokens")
        }
        return nil
    }
}
