import Composition
import Foundation
import Ports
import CompositionTesting

/// Carries out a parsed invocation: help needs nothing; every other command
/// first resolves the environment (a bad one stops it with exit 2), then runs.
/// Everything it touches outside (stdout, stderr, stdin) is injected.
@MainActor
struct CommandLineApp {
    let console: Console
    /// Whether a person types at stdin; when not, stdin holds a script.
    let stdinIsTerminal: Bool
    /// Interactive mode's lines.
    let lines: LineSource
    /// A piped script: the whole of stdin.
    let readAllInput: () -> String
    /// The process environment's `LC_ALL` and `LANG`, which choose the
    /// default language; empty (pt-BR) unless given.
    var localeVariables: [String: String] = [:]
    /// The person's time zone, for interactive mode and the demo: `TZ`'s,
    /// else the system's. Scripts always run in UTC, so their expectations
    /// hold on every machine.
    var timeZone = TimeZone.gmt
    /// The terminal's width in columns, read when the screen is drawn for a
    /// person; 80 when unknown.
    var terminalColumns: () -> Int = { ScreenSnapshot.defaultColumns }
    /// The plugins environments may name: the standard ones, and a team's
    /// own in its app (`GatehouseCommandLine.run(arguments:registry:)`).
    var registry: PluginRegistry = .standard
    /// The stand-ins of the dialects a team's auth plugins speak, which
    /// `run --in-process-server` and `serve --profile` start
    /// (`GatehouseCommandLine.run(arguments:registry:standIns:)`).
    var standIns: [StandInPlugin] = []

    /// The process's own stdin, stdout and stderr.
    static func standard() -> CommandLineApp {
        let console = Console.standard()
        var localeVariables: [String: String] = [:]
        for name in ["LC_ALL", "LANG"] { localeVariables[name] = variable(name) }
        return CommandLineApp(
            console: console, stdinIsTerminal: StandardInput.isTerminal, lines: .standardInput(console: console),
            readAllInput: { StandardInput.readAll() },
            localeVariables: localeVariables,
            timeZone: PersonsTimeZone.from(tz: variable("TZ")),
            terminalColumns: { TerminalWidth.columns() })
    }

    /// One variable of the process's environment. Not through
    /// `ProcessInfo.environment`, which builds a dictionary of every variable
    /// at each read: two reads were 1.2 M instructions of a launch.
    private static func variable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The exit code of the invocation.
    func run(_ invocation: Invocation) async -> Int32 {
        switch invocation.command {
        case .help(let topic):
            console.print(HelpText.text(for: topic))
            return ExitCode.success
        case .plugins:
            PluginListing(registry: registry).lines().forEach(console.print)
            return ExitCode.success
        case .version:
            console.print("app \(AppVersion.current)")
            return ExitCode.success
        case .serve(let options):
            return await ServeCommand(options: options, console: console, standIns: standIns).run()
        case .interactive, .envs, .events, .demo, .run, .sessionWorker:
            break
        }

        let environment: AppEnvironment
        do {
            // A file is checked whole, whatever the command, so every problem is named at once.
            let checksFile = invocation.environment.map(EnvironmentChoice.isFile) == true
            environment = try EnvironmentChoice.resolve(
                invocation.environment, locale: invocation.locale, localeVariables: localeVariables,
                thoroughly: checksFile, registry: registry)
        } catch {
            console.error("\(error)\nSee 'app envs' for the environments and 'app help' for usage.")
            return ExitCode.usage
        }
        let texts = Texts(locale: environment.settings.locale)
        let eventSink: (any SessionEventSink)? =
            invocation.eventsToStandardError ? StandardErrorEventSink(writeLine: console.errorWriterForAnyThread) : nil

        switch invocation.command {
        case .events(let count):
            return EventsCommand(environment: environment, console: console, registry: registry).run(last: count)
        case .envs:
            let fromFile = invocation.environment.map(EnvironmentChoice.isFile) == true ? environment : nil
            EnvironmentListing(registry: registry).lines(fromFile: fromFile).forEach(console.print)
            return ExitCode.success
        case .run(let files, let inProcessServer, _):
            if inProcessServer, !canServe(overHTTP(invocation, environment)) {
                console.error(
                    "app: --in-process-server runs scripts over HTTP against a reference server; in environment '\(environment.name)' no plugin speaks the wire contract to a base URL, or one speaks another wire"
                )
                return ExitCode.usage
            }
            let scripts: [ScriptFiles.Script]
            switch ScriptFiles.load(files) {
            case .failure(let unusable):
                console.error(
                    unusable.sentences.map { "app: \($0)" }.joined(separator: "\n") + "\nSee 'app help run' for usage.")
                return ExitCode.usage
            case .success(let loaded):
                scripts = loaded
            }
            return await run(
                scripts, invocation: invocation, environment: environment, texts: texts, eventSink: eventSink)
        case .sessionWorker:
            SessionWorkerInput.closeInheritedDescriptors()
            let world: AppWorld
            do {
                world = try AppWorld(
                    testing: environment, registry: registry, eventLogFailure: console.errorWriterForAnyThread)
            } catch {
                console.error("app: \(error)")
                return ExitCode.usage
            }
            let input = SessionWorkerInput()
            return await SessionWorker(
                app: HeadlessApp(world: world, texts: texts, pinsLanguage: invocation.locale != nil),
                lines: { await input.next() },
                // Unbuffered, a whole line at a time, escaped: the sender waits for each answer
                // before its next request.
                answer: console.lineWriterForAnyThread
            ).run()
        case .interactive where !stdinIsTerminal:
            return await PipedScript(
                environment: environment, texts: texts, console: console, pinsLanguage: invocation.locale != nil,
                eventSink: eventSink, registry: registry
            ).run(readAllInput())
        case .interactive, .demo:
            let world: AppWorld
            do {
                // The script words a person types include the store's faults.
                world = try AppWorld(
                    testing: environment, registry: registry, eventSink: eventSink,
                    eventLogFailure: console.errorWriterForAnyThread, testHooks: .acceptance)
            } catch {
                console.error("app: \(error)")
                return ExitCode.usage
            }
            let app = HeadlessApp(
                world: world, texts: texts, pinsLanguage: invocation.locale != nil, timeZone: timeZone)
            app.columnsNow = terminalColumns
            if invocation.command == .demo { return await Demo(app: app, console: console).run() }
            return await InteractiveSession(app: app, console: console, lines: lines).run()
        case .help, .version, .serve, .plugins:
            return ExitCode.usage  // handled above
        }
    }

    /// Runs the scripts on the environment, or with `--in-process-server`
    /// over HTTP against a server in this process.
    private func run(
        _ scripts: [ScriptFiles.Script], invocation: Invocation, environment: AppEnvironment, texts: Texts,
        eventSink: (any SessionEventSink)?
    ) async -> Int32 {
        guard case .run(_, inProcessServer: true, let profile) = invocation.command else {
            var runner = ScriptRunner(
                environment: environment, registry: registry, texts: texts, print: console.print,
                eventSink: eventSink)
            runner.pinsLanguage = invocation.locale != nil
            return await runner.run(scripts: scripts)
        }
        let overHTTP = overHTTP(invocation, environment)
        let standIn = standIn(behind: overHTTP)
        var runner = ScriptRunner(texts: texts, print: console.print) { [registry] in
            try InProcessServerWorld.make(
                from: overHTTP, profile: profile, eventSink: eventSink, registry: registry, standIn: standIn)
        }
        runner.pinsLanguage = invocation.locale != nil
        return await runner.run(scripts: scripts)
    }

    /// The registered stand-in of the dialect `environment`'s auth plugin
    /// speaks, if any.
    private func standIn(behind environment: AppEnvironment) -> StandInPlugin? {
        standIns.first { $0.authPlugin == environment.plugins.auth }
    }

    /// Whether `--in-process-server` can stand behind `environment`: every
    /// plugin that reads a base URL speaks the wire contract, apart from an
    /// auth plugin a registered stand-in plays.
    private func canServe(_ environment: AppEnvironment) -> Bool {
        registry.speaksWireContract(environment, apartFrom: standIn(behind: environment) == nil ? [] : [.auth])
    }

    /// The environment `--in-process-server` runs on: `local` unless --env
    /// names another HTTP environment.
    private func overHTTP(_ invocation: Invocation, _ environment: AppEnvironment) -> AppEnvironment {
        invocation.environment == nil ? AppEnvironment.local : environment
    }
}
