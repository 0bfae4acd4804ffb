import Composition
import CompositionTesting

/// `app events [N]`: the last session events the environment's events plugin kept
/// (docs/events.md), printed as a person reads them afterwards.
@MainActor
struct EventsCommand {
    /// How many lines unless asked.
    nonisolated static let defaultCount = 20
    /// The most it prints: the file holds about 2 MiB, some 20,000 lines.
    nonisolated static let mostCount = 20_000

    let environment: AppEnvironment
    let console: Console
    /// The plugins the environment's names mean.
    var registry: PluginRegistry = .standard

    /// Prints them; exit 0, or 1 when the file cannot be read, 2 when the
    /// environment cannot be made.
    func run(last count: Int) -> Int32 {
        let world: AppWorld
        do {
            world = try AppWorld(
                testing: environment, registry: registry, eventLogFailure: console.errorWriterForAnyThread)
        } catch {
            console.error("app: \(error)")
            return ExitCode.usage
        }
        guard let log = world.eventLog else {
            let plugin = environment.plugins.events
            console.print(
                plugin == EventPlugins.store.name
                    ? "The \(environment.name) environment keeps its session in memory: no events are kept between processes."
                    : "The \(environment.name) environment's events plugin, \(plugin), keeps no events to read back.")
            return ExitCode.success
        }
        let lines: [String]
        do {
            let read = try log.read(count)
            lines = read.lines
            // A rotated file that is not the log's own is said, and the rest shown.
            for why in read.skipped {
                console.error("app: skipped: \(TerminalText.escapingControlsOnOneLine(why))")
            }
        } catch {
            console.error("app: \(TerminalText.escapingControlsOnOneLine(String(describing: error)))")
            return ExitCode.failure
        }
        if lines.isEmpty { console.print("No session events yet.") }
        // The file is outside input: never a raw control character to the terminal.
        for line in lines { console.print(TerminalText.escapingControlsOnOneLine(line)) }
        return ExitCode.success
    }
}
