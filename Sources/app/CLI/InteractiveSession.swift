/// The app by hand: launch, then a line at a time in the script language
/// (the same `ScriptParser` and `CommandExecutor` as scripts), the screen
/// printed whenever a command changes it. A bad line says why and the session
/// goes on. Lines are never echoed, so a typed password is not shown again
/// (the screen shows bullets).
@MainActor
struct InteractiveSession {
    let app: HeadlessApp
    let console: Console
    let lines: LineSource

    /// Runs until `quit`, `exit` or end of input; returns the exit code (0).
    func run() async -> Int32 {
        let world = app.world
        console.print(
            "Gatehouse · \(world.environment.name) · \(app.texts.locale)\(world.hasVirtualTime ? " · virtual time" : "")"
                + " — type help for the commands, quit to leave.")
        console.print(app.renderedScreen())
        await app.launch()
        var shown = app.renderedScreen()
        console.print(shown)

        let executor = CommandExecutor(app: app)
        reading: while true {
            console.prompt("\(app.snapshot().name)> ")
            guard let line = await lines.next() else {
                console.print("")  // end of input: leave the terminal on a fresh line
                break reading
            }
            switch line.trimmingCharacters(in: .whitespaces) {
            case "quit", "exit":
                break reading
            case "help":
                InteractiveHelp.lines(for: app.snapshot()).forEach(console.print)
                continue reading
            default:
                break
            }
            let command: ScriptCommand?
            do {
                command = try ScriptParser.parse(line)
            } catch {
                console.print("✘ \(error)")
                continue reading
            }
            guard let command else { continue reading }
            do {
                switch try await executor.execute(command) {
                case .performed:
                    let now = app.renderedScreen()
                    if now != shown { console.print(now) }
                    shown = now
                case .expectationHeld:
                    console.print("✔")
                case .expectationFailed(let expected):
                    console.print("✘ expected \(expected)")
                }
            } catch {
                console.print("✘ \(error)")
            }
        }
        await app.shutDown()
        return ExitCode.success
    }
}
