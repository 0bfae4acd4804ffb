import Composition

/// The app by hand: launch, then a line at a time in the script language
/// (the same `ScriptParser` and `CommandExecutor` as scripts), the screen
/// printed whenever a command changes it. A bad line says why and the session
/// goes on, naming the word it most likely meant. Lines are never echoed,
/// and on a terminal the line editor shows a secret's value as bullets
/// while it is typed (`SecretLine`), so a typed password is never on the
/// screen, even mistyped. Everything it prints goes through `Console`,
/// which escapes it: a server's text never acts on the terminal.
@MainActor
struct InteractiveSession {
    let app: HeadlessApp
    let console: Console
    let lines: LineSource

    /// Runs until `quit`, `exit` or end of input; returns the exit code (0).
    func run() async -> Int32 {
        let world = app.world
        // The preferences are read first, so the header and the start-up
        // screen already speak the language they chose.
        await app.prepareLaunch()
        let name = TerminalText.showingLineBreaks(world.environment.name)
        let texts = app.texts
        let clock = world.hasVirtualTime ? " · " + texts[.headerVirtualTime] : ""
        console.print(wrapped("Gatehouse · \(name) · \(texts.locale.rawValue)\(clock) — " + texts[.headerHelp]))
        console.print(app.renderedScreen())
        await app.launch()
        let printAbove = lines.printAbove
        // A redraw is printed above the line being typed, which is then drawn
        // after the prompt of the screen now shown.
        let live = LiveScreen(app: app, shown: app.renderedScreen()) { [app, console] text in
            if let printAbove { printAbove(text, Self.prompt(on: app)) } else { console.print(text) }
        }
        console.print(live.shown)
        live.start()

        let executor = CommandExecutor(app: app)
        defer {
            live.stop()
            lines.finish()
        }
        reading: while true {
            let prompt = Self.prompt(on: app)
            if !lines.drawsPrompt { console.prompt(prompt) }
            let completer: LineEditor.Completer = { [app] words in
                PromptCompletion.candidates(after: words, on: app.snapshot())
            }
            let endWait: @MainActor () -> String? = { [app] in
                app.snapshot().endsWaitOnInterrupt.map { "tap \($0)" }
            }
            let lineFull = "✘ " + app.texts[.promptLineFull, String(LineEditor.longestLine)]
            guard let line = await lines.next(prompt, completer, { [live] in live.reprint() }, endWait, lineFull) else {
                if !lines.drawsPrompt { console.print("") }  // end of input: leave the terminal on a fresh line
                break reading
            }
            switch line.trimmingCharacters(in: .whitespacesAndNewlines) {
            case "quit", "exit":
                break reading
            case "help":
                // Laid out for the width now: two columns where they fit, the
                // meanings under their words where they do not.
                let columns = app.columns
                InteractiveHelp.lines(for: app.snapshot(), in: app.texts, columns: columns).forEach {
                    console.print(wrapped($0))
                }
                continue reading
            case "screen":
                console.print(live.reprint())
                continue reading
            default:
                break
            }
            let command: ScriptCommand?
            do {
                command = try ScriptParser.parse(line)
            } catch {
                console.print(
                    wrapped(failure(error.said(in: app.texts), line: line, suggestsAWord: error.suggestsAWord)))
                continue reading
            }
            guard let command else { continue reading }
            let countdown = realTimeCountdown(for: command)
            defer {
                countdown?.cancel()
                live.commandEnds()
            }
            let isWait = if case .wait = command { true } else { false }
            // A wait ends on Ctrl-C, and so does a tap the screen says may
            // end while it waits (a password sign-in the server is slow to
            // answer: back to the form); no other tap is cut short.
            let endsOnInterrupt =
                if case .tap(let action) = command { app.snapshot().interruptibleActions.contains(action) } else {
                    false
                }
            live.commandBegins(isWait: isWait)
            let screenBefore = app.renderedScreen()
            do {
                let outcome = try await execute(
                    command, with: executor, interruptible: isWait || endsOnInterrupt)
                if let countdown {
                    countdown.cancel()
                    console.status("")
                }
                switch outcome {
                case .performed:
                    if let screen = live.afterCommand() {
                        console.print(screen)
                    } else if case .tap = command, app.renderedScreen() == screenBefore {
                        // A tap refused by what the screen already says (Save
                        // with an e-mail still invalid) changes nothing to
                        // draw: the reasons are said again, so every tap answers.
                        unchangedFieldProblems().forEach { console.print(wrapped($0)) }
                    }
                case .expectationHeld:
                    console.print("✔")
                case .expectationFailed(let expected):
                    console.print(wrapped("✘ " + expected.said(in: app.texts)))
                }
            } catch {
                console.print(wrapped(failure(error.said(in: app.texts), line: line)))
            }
        }
        await app.shutDown()
        return ExitCode.success
    }

    /// The prompt: the name of the screen shown.
    static func prompt(on app: HeadlessApp) -> String { "\(app.snapshot().name)> " }

    /// What each field of the screen shown says is wrong with it, one `✘`
    /// line per field: "✘ E-mail: invalid e-mail".
    private func unchangedFieldProblems() -> [String] {
        let shown = TerminalText.showingLineBreaks
        return app.snapshot().fields.compactMap { field in
            field.problem.map { "✘ \(shown(field.label)): \(shown($0))" }
        }
    }

    /// Runs `command`; when `interruptible`, it ends early on Ctrl-C (where
    /// the line source reads keys while a command runs): a wait, real or
    /// virtual, saying so (virtual time then stands where the wait had
    /// brought it); a tap by cancelling what it began, which its screen
    /// then says (a sign-in: "Sign-in cancelled.", the form as it was).
    private func execute(
        _ command: ScriptCommand, with executor: CommandExecutor, interruptible: Bool
    ) async throws(CommandError) -> CommandOutcome {
        guard interruptible, let run = lines.interruptible else { return try await executor.execute(command) }
        let work = Task { @MainActor () -> Result<CommandOutcome, CommandError> in
            do throws(CommandError) {
                return .success(try await executor.execute(command))
            } catch {
                return .failure(error)
            }
        }
        var interrupted = false
        await run({ _ = await work.value }) {
            interrupted = true
            work.cancel()
        }
        if interrupted, case .wait = command {
            console.status("")
            console.print(app.texts[.promptWaitEndedEarly])
        }
        return try await work.value.get()
    }

    /// `text` wrapped at word boundaries to the terminal's width now, each
    /// line of it on its own; a line that goes on is indented two columns.
    func wrapped(_ text: String) -> String {
        let columns = app.columns
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { line -> [String] in
                let indent = String(line.prefix { $0 == " " })
                return WordWrap.lines(
                    String(line.dropFirst(indent.count)), first: indent, continuation: indent + "  ", columns: columns)
            }
            .joined(separator: "\n")
    }

    /// A failed line's message, a near miss named (`tapp` → did you mean
    /// 'tap'?). A line that may hold a secret (`SecretLine`: `type pasword
    /// 123456`) never has it quoted: should a message ever repeat the value,
    /// it is redacted. (The console shows any control character in it escaped.)
    func failure(_ message: String, line: String, suggestsAWord: Bool = false) -> String {
        var text = "✘ " + message
        if !suggestsAWord, let suggestion = nearMiss(in: line) {
            text += app.texts[.promptDidYouMean, suggestion]
        }
        if let secret = SecretLine.value(in: line), secret.count >= SecretCheck.shortestTypedSecret {
            text = SecretCheck([KnownSecret(.password, secret)]).redacted(text)
        }
        return text
    }

    /// The first word of `line` that is not one of the words Tab offers in
    /// its place, and the word it most likely meant. A number is never a
    /// slip (`open 99` is not `open 9`), nor an action the screen says it
    /// does not offer (the message says why); an action typed as a command
    /// (`retry`) means tapping it.
    private func nearMiss(in line: String) -> String? {
        let words = ScriptParser.withoutComment(line).split(separator: " ").map(String.init)
        let screen = app.snapshot()
        for index in words.indices {
            let word = words[index]
            let candidates = PromptCompletion.candidates(after: Array(words[..<index]), on: screen)
            guard !candidates.isEmpty else { return nil }
            if candidates.contains(word) { continue }
            if index == 0, screen.action(named: word) != nil { return "tap \(word)" }
            if word.allSatisfy(\.isNumber) || screen.actionsNotOffered[word] != nil { return nil }
            return NearMiss.suggestion(for: word, among: candidates)
        }
        return nil
    }

    /// On real time, `wait` shows the time left on one line, rewritten each
    /// second (the session clears it when the wait ends); nil for any other command, or
    /// on virtual time (a wait there passes at once).
    private func realTimeCountdown(for command: ScriptCommand) -> Task<Void, Never>? {
        guard case .wait(let duration, _) = command, !app.world.hasVirtualTime, duration >= .seconds(1) else {
            return nil
        }
        let status = console.status
        return Task { @MainActor in
            let clock = ContinuousClock()
            let end = clock.now + duration
            while !Task.isCancelled {
                let left = clock.now.duration(to: end)
                guard left > .zero else { break }
                let seconds = Int(
                    (Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18).rounded(.up))
                status("⏳ wait: \(seconds)s left")
                try? await clock.sleep(for: min(left, .seconds(1)))
            }
        }
    }
}
