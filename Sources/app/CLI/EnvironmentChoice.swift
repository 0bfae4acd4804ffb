import Composition
import DomainCore
import Foundation

/// Turns `--env` and `--locale` into the environment to run on: a built-in
/// name, or else the path of a JSON environment file; then the locale
/// override; then every plugin name checked, so a bad environment stops the
/// command before anything starts.
enum EnvironmentChoice {
    static func resolve(_ value: String?, locale: String?, registry: PluginRegistry = .standard)
        throws(CompositionError) -> AppEnvironment
    {
        var environment = try environment(named: value)
        if let locale { environment.settings.locale = AppLocale(tag: locale) }
        try registry.validate(environment)
        return environment
    }

    /// Whether `--env`'s value names a file rather than a built-in environment.
    static func isFile(_ value: String) -> Bool {
        AppEnvironment.builtIn(named: value) == nil
            && (value.contains("/") || value.hasSuffix(".json") || FileManager.default.fileExists(atPath: value))
    }

    private static func environment(named value: String?) throws(CompositionError) -> AppEnvironment {
        guard let value else { return .inMemory }
        if let builtIn = AppEnvironment.builtIn(named: value) { return builtIn }
        guard isFile(value) else {
            throw .unknownEnvironment(name: value, known: AppEnvironment.builtIn.map(\.name))
        }
        return try EnvironmentFile.load(path: value)
    }
}
