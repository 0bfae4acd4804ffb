import Composition
import DomainCore
import Foundation
import CompositionTesting

/// Turns `--env` and `--locale` into the environment to run on: a built-in
/// name, or else the path of a JSON environment file; then the language;
/// then the plugin names checked, so a bad environment stops the command
/// before anything starts.
///
/// The language, first that applies: `--locale`; the locale an environment
/// file names; `LC_ALL`, else `LANG`, when it names one of the three
/// supported (`en_US.UTF-8` names en-US); pt-BR.
enum EnvironmentChoice {
    /// - Parameters:
    ///   - value: `--env`'s value; nil for the default environment.
    ///   - locale: `--locale`'s value, already known to be supported.
    ///   - localeVariables: the process environment (`LC_ALL`, `LANG`).
    ///   - thoroughly: check every setting the environment's adapters need
    ///     (base URL, API key) as well as the plugin names, as `app envs`
    ///     does for a file; otherwise building the world checks those.
    ///   - registry: the plugins the names are checked against.
    static func resolve(
        _ value: String?, locale: AppLocale?, localeVariables: [String: String] = [:], thoroughly: Bool = false,
        registry: PluginRegistry = .standard
    ) throws(EnvironmentProblems) -> AppEnvironment {
        var environment = try self.environment(named: value, registry: registry)
        let fileSetsLocale = value.map { isFile($0) && Self.fileNamesLocale(path: $0) } ?? false
        if let chosen = locale ?? (fileSetsLocale ? nil : systemLocale(localeVariables)) {
            environment.settings.locale = chosen
        }
        var problems = registry.problems(in: environment)
        if !thoroughly {
            problems = problems.filter {
                if case .unknownPlugin = $0 { return true }
                return false
            }
        }
        guard problems.isEmpty else { throw EnvironmentProblems(problems) }
        return environment
    }

    /// The supported locale `LC_ALL` (else `LANG`) names, as POSIX reads
    /// them: `pt_BR.UTF-8`, `es_ES@euro` and `en-US` all count; `C`, `fr_FR`
    /// or nothing give nil.
    static func systemLocale(_ variables: [String: String]) -> AppLocale? {
        let value = [variables["LC_ALL"], variables["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let tag = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
        // Swift's own map, not Foundation's `replacingOccurrences`, which cost a launch 0.55 M instructions.
        let normalized = String(tag.map { $0 == "_" ? "-" : $0 }).lowercased()
        return AppLocale.allCases.first { $0.rawValue.lowercased() == normalized }
    }

    /// Whether `--env`'s value names a file rather than a built-in environment.
    static func isFile(_ value: String) -> Bool {
        AppEnvironment.builtIn(named: value) == nil
            && (value.contains("/") || value.hasSuffix(".json") || FileManager.default.fileExists(atPath: value))
    }

    /// The environment `value` names; a file's problems all at once.
    private static func environment(
        named value: String?, registry: PluginRegistry
    ) throws(EnvironmentProblems) -> AppEnvironment {
        guard let value else { return .inMemory }
        if let builtIn = AppEnvironment.builtIn(named: value) { return builtIn }
        guard isFile(value) else {
            throw EnvironmentProblems([.unknownEnvironment(name: value, known: AppEnvironment.builtIn.map(\.name))])
        }
        let checked = EnvironmentFile.check(path: value, registry: registry)
        guard let environment = checked.environment else { throw EnvironmentProblems(checked.problems) }
        return environment
    }

    /// Whether the environment file (already loaded without error) sets `settings.locale`.
    private static func fileNamesLocale(path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let settings = root["settings"] as? [String: Any]
        else { return false }
        return settings["locale"] != nil
    }
}

/// Why the environment asked for cannot be used: every problem found, in the
/// order a person fixes them.
struct EnvironmentProblems: Error, Sendable, Equatable, CustomStringConvertible {
    let problems: [CompositionError]

    init(_ problems: [CompositionError]) {
        self.problems = problems
    }

    /// One `app: …` line per problem.
    var description: String {
        problems.map { "app: \($0)" }.joined(separator: "\n")
    }
}
