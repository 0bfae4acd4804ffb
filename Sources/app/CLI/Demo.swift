import Composition

/// Runs the narrated tour (`app demo`) on an app not yet launched: narration
/// as `# ` lines, each driving command as `> …` (a password as bullets) with
/// the screen when it changed, each check as `✔ …`. The first check that does
/// not hold, or command that cannot be done, stops the tour with the reason.
@MainActor
struct Demo {
    let app: HeadlessApp
    let console: Console
    var steps: [DemoStep] = DemoTour.steps

    /// 0 when the tour ran to the end, 1 when a step failed, 2 when the
    /// environment cannot give the tour (no virtual time or no backend control).
    func run() async -> Int32 {
        let world = app.world
        guard world.hasVirtualTime, world.control != nil else {
            console.error(
                "app: the demo needs virtual time and a backend with control switches (in-memory); environment '\(world.environment.name)' has "
                    + (world.hasVirtualTime ? "no backend control" : "real time"))
            return ExitCode.usage
        }
        DemoTour.opening.forEach(narrate)
        console.print(app.renderedScreen())
        await app.launch()
        console.print(app.renderedScreen())
        for step in steps {
            guard await perform(step) else {
                await app.shutDown()
                return ExitCode.failure
            }
        }
        console.print("")
        DemoTour.closing.forEach(narrate)
        await app.shutDown()
        return ExitCode.success
    }

    private func narrate(_ line: String) {
        console.print("# " + line)
    }

    /// Runs one step's lines; false (having said why) when one failed.
    private func perform(_ step: DemoStep) async -> Bool {
        console.print("")
        step.narration.forEach(narrate)
        let executor = CommandExecutor(app: app)
        var shown = app.renderedScreen()
        for (index, line) in step.lines.enumerated() {
            let command: ScriptCommand
            do {
                guard let parsed = try ScriptParser.parse(line) else { continue }
                command = parsed
            } catch {
                // The line itself is not repeated: it could hold a password.
                return fail(step, "line \(index + 1)", "\(error)")
            }
            let echo = ScriptRunner.echo(command, line: line)
            if !command.isExpectation { console.print("> " + echo) }
            do {
                switch try await executor.execute(command) {
                case .performed:
                    // A run of `type` lines fills a form: its screen is shown once, at the end.
                    if case .type = command, Self.isTyping(step.lines, at: index + 1) { continue }
                    let now = app.renderedScreen()
                    if now != shown { console.print(now) }
                    shown = now
                case .expectationHeld:
                    console.print("✔ " + echo)
                case .expectationFailed(let expected):
                    return fail(step, "`\(echo)`", "expected \(expected)")
                }
            } catch {
                return fail(step, "`\(echo)`", "\(error)")
            }
        }
        if step.reportsRefreshes { return await reportRefreshes(step) }
        return true
    }

    private func reportRefreshes(_ step: DemoStep) async -> Bool {
        guard let control = app.world.control else { return fail(step, "the metrics", "the backend has no metrics") }
        let metrics: ServerMetrics
        do {
            metrics = try await control.metrics()
        } catch {
            return fail(step, "the metrics", "\(error)")
        }
        narrate(
            "The backend counted \(Self.count(metrics.refreshes, "refresh", "refreshes")) and "
                + "\(Self.count(metrics.logins, "sign-in", "sign-ins")): the session was renewed without the password.")
        return true
    }

    /// `line` names the line as it may be shown (a password bulleted).
    private func fail(_ step: DemoStep, _ line: String, _ reason: String) -> Bool {
        console.print("✘ the demo stopped at step “\(step.title)”, \(line): \(reason)")
        console.print(app.renderedScreen())
        return false
    }

    private static func isTyping(_ lines: [String], at index: Int) -> Bool {
        guard lines.indices.contains(index), case .type? = try? ScriptParser.parse(lines[index]) else { return false }
        return true
    }

    private static func count(_ number: Int, _ one: String, _ many: String) -> String {
        "\(number) \(number == 1 ? one : many)"
    }
}
