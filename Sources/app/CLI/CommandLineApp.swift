import Composition

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

    /// The process's own stdin, stdout and stderr.
    static func standard() -> CommandLineApp {
        CommandLineApp(
            console: .standard(), stdinIsTerminal: StandardInput.isTerminal, lines: .standardInput(),
            readAllInput: { StandardInput.readAll() })
    }

    /// The exit code of the invocation.
    func run(_ invocation: Invocation) async -> Int32 {
        switch invocation.command {
        case .help(let topic):
            console.print(HelpText.text(for: topic))
            return ExitCode.success
        case .bench(let options):
            return await BenchCommand(options: options, console: console).run()
        case .serve(let options):
            return await ServeCommand(options: options, console: console).run()
        case .interactive, .envs, .demo, .run:
            break
        }

        let environment: AppEnvironment
        do {
            environment = try EnvironmentChoice.resolve(invocation.environment, locale: invocation.locale)
        } catch {
            console.error("app: \(error)\nSee 'app envs' for the environments and 'app help' for usage.")
            return ExitCode.usage
        }
        let texts = Texts(locale: environment.settings.locale.rawValue)

        switch invocation.command {
        case .envs:
            let fromFile = invocation.environment.map(EnvironmentChoice.isFile) == true ? environment : nil
            EnvironmentListing().lines(fromFile: fromFile).forEach(console.print)
            return ExitCode.success
        case .run(let files, inProcessServer: false, _):
            return await ScriptRunner(environment: environment, texts: texts, print: console.print).run(files: files)
        case .run(let files, inProcessServer: true, let profile):
            // Over the wire: `local` unless --env names another HTTP environment.
            let overHTTP = invocation.environment == nil ? AppEnvironment.local : environment
            guard overHTTP.plugins.auth == "http" else {
                console.error(
                    "app: --in-process-server runs scripts over HTTP; environment '\(overHTTP.name)' does not use the http plugin")
                return ExitCode.usage
            }
            let runner = ScriptRunner(texts: texts, print: console.print) {
                try InProcessServerWorld.make(from: overHTTP, profile: profile)
            }
            return await runner.run(files: files)
        case .interactive where !stdinIsTerminal:
            return await PipedScript(environment: environment, texts: texts, console: console).run(readAllInput())
        case .interactive, .demo:
            let world: AppWorld
            do {
                world = try AppWorld(environment: environment)
            } catch {
                console.error("app: \(error)")
                return ExitCode.usage
            }
            let app = HeadlessApp(world: world, texts: texts)
            if invocation.command == .demo { return await Demo(app: app, console: console).run() }
            return await InteractiveSession(app: app, console: console, lines: lines).run()
        case .help, .bench, .serve:
            return ExitCode.usage  // handled above
        }
    }
}
