public import Composition
public import CompositionTesting
import Foundation

/// The headless app's command line, as a library: `app` is this with the
/// standard registry, and a team's own executable of a few lines is this
/// with its plugins added, so its environment files may name them for any
/// port, and its screens, `run`, `envs`, `plugins`, `events` and the
/// interactive mode take the same words and exit codes as `app`:
///
/// ```swift
/// import Composition
/// import CompositionTesting
/// import Foundation
/// import GatehouseApp
///
/// var registry = PluginRegistry.standard
/// registry.auth.append(TeamPlugins.auth)  // any port's list
/// exit(
///     await GatehouseCommandLine.run(
///         arguments: Array(CommandLine.arguments.dropFirst()), registry: registry,
///         standIns: [TeamStandIn.plugin]))  // the stand-in of its backend, if it has one
/// ```
///
/// The repository's `Examples/PocketBaseTeam` is such an executable
/// (`pocketbase-app`), its acceptance scripts run by `.ci/run`.
public enum GatehouseCommandLine {
    /// Parses `arguments` (the command line without the program's name),
    /// carries them out on the process's stdin, stdout and stderr, and
    /// returns the exit code (`app help`: 0 passed, 1 a script failed, 2 a
    /// usage error).
    ///
    /// - Parameters:
    ///   - registry: The plugins environments may name; the standard one
    ///     (`PluginRegistry.standard`: what an app ships, and the
    ///     stand-ins) by default.
    ///   - standIns: The stand-ins of the dialects the registry's own auth
    ///     plugins speak (a team's of its backend): `run --in-process-server`
    ///     starts one behind the auth plugin it plays, for each script, and
    ///     `serve --profile NAME` serves it for a person to try by hand.
    @MainActor
    public static func run(
        arguments: [String], registry: PluginRegistry = .standard, standIns: [StandInPlugin] = []
    ) async -> Int32 {
        do {
            let invocation = try CommandLineParser.parse(arguments, standInProfiles: standIns.map(\.name))
            var app = CommandLineApp.standard()
            app.registry = registry
            app.standIns = standIns
            return await app.run(invocation)
        } catch {
            Console.standard().error(error.description)
            return error.exitCode
        }
    }
}
