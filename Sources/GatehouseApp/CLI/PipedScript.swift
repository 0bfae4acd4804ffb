import Composition
import Ports
import CompositionTesting

/// A script on stdin (`printf 'tap sign-in\n…' | app`): run once, named
/// `<stdin>`, on the environment's own store and backend as they are (for
/// in-memory, a fresh world, which is the same thing), with the transcript,
/// last line and exit code of `app run`.
@MainActor
struct PipedScript {
    static let name = "<stdin>"

    let environment: AppEnvironment
    let texts: Texts
    let console: Console
    /// Whether `--locale` pinned the language over the preferences.
    var pinsLanguage = false
    /// A sink besides the world's own record (`--events stderr`).
    var eventSink: (any SessionEventSink)?
    /// The plugins the environment's names mean.
    var registry: PluginRegistry = .standard

    func run(_ script: String) async -> Int32 {
        let world: AppWorld
        do {
            world = try AppWorld(
                testing: environment, registry: registry, eventSink: eventSink,
                eventLogFailure: console.errorWriterForAnyThread, testHooks: .acceptance)
        } catch {
            console.error("app: \(error)")
            return ExitCode.usage
        }
        let runner = ScriptRunner(environment: environment, registry: registry, texts: texts, print: console.print)
        let app = HeadlessApp(world: world, texts: texts, pinsLanguage: pinsLanguage)
        await app.launch()
        let report = await runner.run(script: script, named: Self.name, on: app)
        await app.shutDown()
        console.print(ScriptRunner.summary(passed: report.passed ? 1 : 0, failed: report.passed ? 0 : 1))
        return ScriptRunner.exitCode(of: [report])
    }
}
