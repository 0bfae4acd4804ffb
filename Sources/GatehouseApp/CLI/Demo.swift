import Composition

/// What a tour came to: the steps that ran to the end, in order, and the
/// step that stopped it, if one did.
struct DemoOutcome: Sendable {
    var completed: [DemoStep] = []
    var stoppedAt: DemoStep?

    /// The flows with at least one step that ran to the end.
    var flowsShown: Set<DemoFlow> { Set(completed.map(\.flow)) }
}

/// Runs the narrated tour (`app demo`) on an app not yet launched: a short
/// sentence as a `# ` line before each step, in the app's language, then
/// each driving command as `> …` (a password as bullets) with the screen when
/// it changed, each check as `✔ …`. The first check that does not hold,
/// command that cannot be done, or screen that shows a secret stops the tour
/// with the reason (in English, like `app run`'s failures: it is for the
/// developer who broke a flow).
@MainActor
struct Demo {
    let app: HeadlessApp
    let console: Console
    var steps: [DemoStep]

    init(app: HeadlessApp, console: Console, steps: [DemoStep]? = nil) {
        self.app = app
        self.console = console
        self.steps = steps ?? DemoTour.steps(app.texts)
    }

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
        let outcome = await tour()
        return outcome.stoppedAt == nil ? ExitCode.success : ExitCode.failure
    }

    /// Launches the app, runs every step until one fails, and shuts it down.
    func tour() async -> DemoOutcome {
        var outcome = DemoOutcome()
        let guardian = DemoSecretGuard(world: app.world)
        await guardian.refresh()
        for key in DemoTour.opening { narrate(app.texts[key]) }
        console.print(guardian.redacted(app.renderedScreen()))
        await app.launch()
        await guardian.refresh()
        console.print(guardian.redacted(app.renderedScreen()))
        for step in steps {
            guard await perform(step, guardian: guardian) else {
                outcome.stoppedAt = step
                await app.shutDown()
                return outcome
            }
            outcome.completed.append(step)
        }
        console.print("")
        for key in DemoTour.closing { narrate(app.texts[key]) }
        await app.shutDown()
        return outcome
    }

    private func narrate(_ line: String) {
        console.print("# " + line)
    }

    /// Runs one step's lines; false (having said why) when one failed.
    private func perform(_ step: DemoStep, guardian: DemoSecretGuard) async -> Bool {
        console.print("")
        narrate(app.texts[step.narration])
        let executor = CommandExecutor(app: app)
        var shown = app.renderedScreen()
        for (index, line) in step.lines.enumerated() {
            let command: ScriptCommand
            do {
                guard let parsed = try ScriptParser.parse(line) else { continue }
                command = parsed
            } catch {
                // The line itself is not repeated: it could hold a password.
                return fail(step, "line \(index + 1)", "\(error)", guardian: guardian)
            }
            if case .type(let field, let text) = command, SecretLine.typesSecret(field: field) {
                guardian.remember(typed: text)
            }
            let echo = ScriptRunner.echo(command, line: line)
            // The echo quotes the tour, not the app; a secret in it is redacted all the same.
            if !command.isExpectation { console.print("> " + guardian.redacted(echo)) }
            let outcome: CommandOutcome
            do {
                outcome = try await executor.execute(command)
            } catch {
                return fail(step, "`\(echo)`", "\(error)", guardian: guardian)
            }
            if !command.isExpectation { await guardian.refresh() }
            switch outcome {
            case .performed:
                // A run of `type` lines fills a form: its screen is shown once, at the end.
                if case .type = command, Self.isTyping(step.lines, at: index + 1) { continue }
                let now = app.renderedScreen()
                if now != shown {
                    console.print(guardian.redacted(now))
                    if let leak = guardian.leak(in: now) {
                        let reason = "the screen shows \(leak); a secret must never be shown"
                        return fail(step, "`\(echo)`", reason, guardian: guardian)
                    }
                }
                shown = now
            case .expectationHeld:
                console.print("✔ " + guardian.redacted(echo))
            case .expectationFailed(let expected):
                return fail(step, "`\(echo)`", expected.said(in: .english), guardian: guardian)
            }
        }
        if step.reportsRefreshes { return await reportRefreshes(step, guardian: guardian) }
        return true
    }

    private func reportRefreshes(_ step: DemoStep, guardian: DemoSecretGuard) async -> Bool {
        guard let control = app.world.control else {
            return fail(step, "the metrics", "the backend has no metrics", guardian: guardian)
        }
        let metrics: ServerMetrics
        do {
            metrics = try await control.metrics()
        } catch {
            return fail(step, "the metrics", "\(error)", guardian: guardian)
        }
        narrate(app.texts[.demoRefreshesCounted, "\(metrics.refreshes)", "\(metrics.logins)"])
        return true
    }

    /// `line` names the line as it may be shown (a password bulleted).
    private func fail(_ step: DemoStep, _ line: String, _ reason: String, guardian: DemoSecretGuard) -> Bool {
        console.print(guardian.redacted("✘ the demo stopped at step “\(step.title)”, \(line): \(reason)"))
        console.print(guardian.redacted(app.renderedScreen()))
        return false
    }

    private static func isTyping(_ lines: [String], at index: Int) -> Bool {
        guard lines.indices.contains(index), case .type? = try? ScriptParser.parse(lines[index]) else { return false }
        return true
    }
}
