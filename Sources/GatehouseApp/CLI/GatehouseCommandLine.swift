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
/// import CompositionTesting
/// import GatehouseApp
///
/// var registry = PluginRegistry.standard
/// registry.auth.append(TeamPlugins.auth)  // any port's list
/// exit(await GatehouseCommandLine.run(arguments: Array(CommandLine.arguments.dropFirst()), registry: registry))
/// ```
public enum GatehouseCommandLine {
    /// Parses `arguments` (the command line without the program's name),
    /// carries them out on the process's stdin, stdout and stderr, and
    /// returns the exit code (`app help`: 0 passed, 1 a script failed, 2 a
    /// usage error).
    ///
    /// - Parameter registry: The plugins environments may name; the
    ///   standard one (`PluginRegistry.standard`: what an app ships, and
    ///   the stand-ins) by default.
    @MainActor
    public static func run(arguments: [String], registry: PluginRegistry = .standard) async -> Int32 {
        do {
            let invocation = try CommandLineParser.parse(arguments)
            var app = CommandLineApp.standard()
            app.registry = registry
            return await app.run(invocation)
        } catch {
            Console.standard().error(error.description)
            return error.exitCode
        }
    }
}
