import Composition
import DomainCore
import Foundation
import Ports
import CompositionTesting

/// The world one script runs on, and what ends what it started beyond the
/// app (an in-process server) once the script is done.
struct ScriptWorld {
    let world: AppWorld
    var tearDown: @MainActor () async -> Void = {}
}

/// What one script's run came to.
struct ScriptReport: Sendable, Equatable {
    let name: String
    let passed: Bool
    /// The script could not be used (a line the language does not know):
    /// nothing of it ran. The run's exit code is then 2, not 1.
    var refused = false
    /// Everything printed for this script, a line of output per element, with
    /// any secret already replaced by its kind.
    let transcript: [String]
    /// What the app reported while the script ran (its world's record).
    var events: [SessionEvent] = []
    /// How many lines of session events were searched for the run's
    /// secrets when it ended: the world's record and the store's file.
    var eventLinesChecked = 0

    var transcriptText: String { transcript.joined(separator: "\n") }
}

/// Runs acceptance scripts headless (`app run FILE...`, or a script piped to
/// stdin), as docs/spec/script-language.md, "Rules of a script", says: each
/// script on a fresh app, a fresh store and a backend in its seeded state; the
/// runner settles after launching and after every command; the first
/// expectation that fails ends that script and the run goes on to the next one;
/// the last line is `N passed, N failed`.
///
/// Every line printed is checked for the secrets the run knows of (issued
/// tokens, account passwords, the API key, what the script typed into a
/// password field): a screen or message that shows one fails the script, and
/// the secret is printed as its kind (`‹token›`), never as itself. So is
/// every session event the script's world reported, in its record and in
/// the store's file of events (docs/events.md), once the script ends.
@MainActor
struct ScriptRunner {
    /// Builds the world one script runs on: fresh adapters and store, and a
    /// backend in its seeded state.
    typealias WorldMaker = @MainActor () async throws -> ScriptWorld

    let texts: Texts
    /// Where the transcript goes, a line at a time (the console, for the
    /// command line: the one way to the terminal).
    let writeLine: (String) -> Void
    /// Whether `--locale` pinned the run's language over the preferences; a
    /// script's `# locale:` line pins it for that script.
    var pinsLanguage = false
    private let makeWorld: WorldMaker

    init(texts: Texts, print: @escaping (String) -> Void, makeWorld: @escaping WorldMaker) {
        self.texts = texts
        writeLine = print
        self.makeWorld = makeWorld
    }

    /// A runner whose scripts each get `isolatedWorld(for: environment)`,
    /// reporting to `eventSink` too when given (`--events stderr`).
    init(
        environment: AppEnvironment, registry: PluginRegistry = .standard, texts: Texts,
        print: @escaping (String) -> Void, eventSink: (any SessionEventSink)? = nil
    ) {
        self.init(
            texts: texts, print: print,
            makeWorld: { try await Self.isolatedWorld(for: environment, registry: registry, eventSink: eventSink) })
    }

    /// A world for one script: every adapter made anew (a fresh in-memory
    /// backend and store are already in their seeded, empty state), and the
    /// backend told to reset through its control switches — what puts a
    /// server, which outlives the world, back in its seeded state.
    ///
    /// A store that keeps files gets a new, empty directory of its own, and
    /// the preferences another, both removed afterwards: a script never reads
    /// or overwrites the session or the preferences the environment keeps
    /// for a person using the app.
    static func isolatedWorld(
        for environment: AppEnvironment, registry: PluginRegistry = .standard,
        eventSink: (any SessionEventSink)? = nil
    ) async throws -> ScriptWorld {
        var environment = environment
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-script-\(UUID().uuidString)").path
        // Every directory a chosen plugin keeps files in (its declared
        // `.directory` settings), a fresh one each.
        let directories = registry.chosenKeys(withRole: .directory, in: environment).map { key in
            let path = directory + "-" + key
            environment.pluginSettings[key] = .text(path)
            return path
        }
        let removeDirectory: @MainActor () async -> Void = {
            for path in directories { try? FileManager.default.removeItem(atPath: path) }
        }
        let world = try AppWorld(
            testing: environment, registry: registry, eventSink: eventSink, testHooks: .acceptance)
        do {
            try await world.control?.reset()
        } catch {
            await removeDirectory()
            throw error
        }
        return ScriptWorld(world: world, tearDown: removeDirectory)
    }

    /// The last line of a run.
    static func summary(passed: Int, failed: Int) -> String {
        "\(passed) passed, \(failed) failed"
    }

    // MARK: - Running

    /// Reads every file (a directory: its `.flow` files, in name order) and
    /// runs them as `run(scripts:)`; input that cannot be used is named, a
    /// line each, and nothing runs: exit 2.
    func run(files: [String]) async -> Int32 {
        switch ScriptFiles.load(files) {
        case .failure(let unusable):
            unusable.sentences.forEach { writeLine("✘ \($0)") }
            return ExitCode.usage
        case .success(let scripts):
            return await run(scripts: scripts)
        }
    }

    /// Runs every script, each on a fresh world, then prints the summary.
    /// Returns the process exit code (`exitCode(of:)`).
    func run(scripts: [ScriptFiles.Script]) async -> Int32 {
        var reports: [ScriptReport] = []
        for script in scripts {
            reports.append(await run(script: script.text, named: script.name))
        }
        let passed = reports.filter(\.passed).count
        writeLine(Self.summary(passed: passed, failed: reports.count - passed))
        return Self.exitCode(of: reports)
    }

    /// 0 when every script passed; 2 when one could not be used (a bad
    /// line: the other scripts still ran), as for a file that cannot be
    /// read; 1 otherwise.
    static func exitCode(of reports: [ScriptReport]) -> Int32 {
        if reports.contains(where: \.refused) { return ExitCode.usage }
        return reports.allSatisfy(\.passed) ? ExitCode.success : ExitCode.failure
    }

    /// Runs the script in the file at `path` on a fresh world; a file that
    /// cannot be read is a failed script.
    func run(file path: String) async -> ScriptReport {
        switch ScriptFiles.load([path]) {
        case .failure(let unusable):
            let lines = unusable.sentences.map { "✘ \($0)" } + [""]
            lines.forEach(writeLine)
            return ScriptReport(name: path, passed: false, transcript: lines)
        case .success(let scripts):
            var passed = true
            var transcript: [String] = []
            for script in scripts {
                let report = await run(script: script.text, named: script.name)
                passed = passed && report.passed
                transcript += report.transcript
            }
            return ScriptReport(name: path, passed: passed, transcript: transcript)
        }
    }

    /// Runs `script` on a fresh world: launches the app, settles, runs the
    /// lines, shuts the app down.
    func run(script: String, named name: String) async -> ScriptReport {
        let parsed = ParsedScript(parsing: script)
        guard parsed.problems.isEmpty else {
            return refuse(parsed, named: name)
        }
        let made: ScriptWorld
        do {
            made = try await makeWorld()
        } catch {
            let lines = ["== \(name)", "✘ \(name): cannot start the app: \(error)", ""]
            lines.forEach(writeLine)
            return ScriptReport(name: name, passed: false, transcript: lines)
        }
        let declared = Self.locale(declaredIn: script)
        let app = HeadlessApp(
            world: made.world, texts: declared.map(Texts.init) ?? texts, pinsLanguage: pinsLanguage || declared != nil)
        await app.launch()
        let report = await run(parsed, named: name, on: app)
        await app.shutDown()
        await made.tearDown()
        return report
    }

    /// The locale a script asks for with a `# locale: en-US` comment before its
    /// first command (a script checks texts, so it names their language);
    /// nil when it names none or an unknown one.
    nonisolated static func locale(declaredIn script: String) -> AppLocale? {
        for line in ScriptLines.of(script) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { continue }
            guard trimmed.hasPrefix("#") else { return nil }
            let words = trimmed.dropFirst().split(separator: " ")
            if words.count == 2, words[0] == "locale:", let locale = AppLocale(rawValue: String(words[1])) {
                return locale
            }
        }
        return nil
    }

    /// Runs `script` on an app already launched, as it is (a script piped to
    /// stdin runs on the environment's own store and backend).
    func run(script: String, named name: String, on app: HeadlessApp) async -> ScriptReport {
        let parsed = ParsedScript(parsing: script)
        guard parsed.problems.isEmpty else {
            return refuse(parsed, named: name)
        }
        return await run(parsed, named: name, on: app)
    }

    /// The line as the transcript shows it: what was typed into any field
    /// but one that is no secret (`SecretLine`: a password, a PIN, but also
    /// a misspelt field's) is bulleted out.
    static func echo(_ command: ScriptCommand, line: String) -> String {
        if case .type(let field, let text) = command, SecretLine.typesSecret(field: field) {
            return "type \(field) \(String(repeating: "•", count: text.count))"
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    // MARK: - One script

    /// A script with lines the language does not know: each named, nothing run.
    private func refuse(_ parsed: ParsedScript, named name: String) -> ScriptReport {
        var lines = ["== \(name)"]
        lines += parsed.problems.map {
            TerminalText.escapingControls("✘ \(name)\($0.number.map { ":\($0)" } ?? ""): \($0.message)")
        }
        lines.append("✘ \(name): not run")
        lines.append("")
        lines.forEach(writeLine)
        return ScriptReport(name: name, passed: false, refused: true, transcript: lines)
    }

    private func run(_ parsed: ParsedScript, named name: String, on app: HeadlessApp) async -> ScriptReport {
        let transcript = Transcript(world: app.world, print: writeLine)
        await transcript.refreshSecrets()
        transcript.note("== \(name)")
        let ran = await run(parsed.lines, named: name, on: app, into: transcript)
        await transcript.refreshSecrets()
        let eventsChecked = transcript.checkEvents(of: app.world, at: name)
        let passed = ran && eventsChecked != nil
        transcript.note(passed ? "✔ \(name)" : "✘ \(name)")
        transcript.note("")
        return ScriptReport(
            name: name, passed: passed, transcript: transcript.lines, events: app.world.eventRecord.events,
            eventLinesChecked: eventsChecked ?? 0)
    }

    private func run(
        _ lines: [ParsedScript.Line], named name: String, on app: HeadlessApp, into transcript: Transcript
    ) async -> Bool {
        guard transcript.show(app.renderedScreen(), at: "\(name):launch") else { return false }
        let executor = CommandExecutor(app: app)
        for line in lines {
            let location = "\(name):\(line.number)"
            if case .type(let field, let text) = line.command, SecretLine.typesSecret(field: field) {
                transcript.remember(typed: text)
            }
            transcript.note("> \(Self.echo(line.command, line: line.text))")
            let outcome: Result<CommandOutcome, CommandError>
            do {
                outcome = .success(try await executor.execute(line.command))
            } catch {
                outcome = .failure(error)
            }
            if !line.command.isExpectation { await transcript.refreshSecrets() }
            switch outcome {
            case .failure(let error):
                _ = transcript.show("✘ \(location): \(error)", at: location)
                return false
            case .success(.performed):
                guard transcript.show(app.renderedScreen(), at: location) else { return false }
            case .success(.expectationHeld):
                continue
            case .success(.expectationFailed(let expected)):
                transcript.note("✘ \(location): " + expected.said(in: .english))
                _ = transcript.show(app.renderedScreen(), at: location)
                return false
            }
        }
        return true
    }
}

/// What one script printed, checked for secrets on the way out.
@MainActor
private final class Transcript {
    private(set) var lines: [String] = []
    private let world: AppWorld
    private let writeLine: (String) -> Void
    private var backendSecrets: [KnownSecret] = []
    private var typed: [KnownSecret] = []
    private var heldTokens: Set<String> = []
    private var check = SecretCheck([])

    init(world: AppWorld, print: @escaping (String) -> Void) {
        self.world = world
        writeLine = print
    }

    /// Asks the backend which secrets it knows of now: new tokens appear as
    /// it issues them, so this runs after every command, before its output.
    /// The token the app holds is added too, and kept once replaced: a
    /// server in another process does not tell its tokens.
    func refreshSecrets() async {
        backendSecrets = await world.control?.knownSecrets() ?? []
        if case .found(let session) = await world.store.read(), let token = session.token {
            heldTokens.insert(token.token.reveal())
            if let refreshToken = token.refreshToken { heldTokens.insert(refreshToken.reveal()) }
            if let idToken = token.idToken { heldTokens.insert(idToken.reveal()) }
        }
        rebuildCheck()
    }

    /// A secret typed (into a password field, or a field that may be one) is one the output must not show.
    func remember(typed text: String) {
        guard text.count >= SecretCheck.shortestTypedSecret else { return }
        typed.append(KnownSecret(.password, text))
        rebuildCheck()
    }

    /// Prints the runner's own words (an echoed line, what was expected).
    /// They quote the script, so a secret there is the script's, not a leak;
    /// it is redacted all the same.
    func note(_ text: String) {
        emit(check.redacted(text))
    }

    /// Prints what the app showed (a screen, an error). False when it showed
    /// a secret: the secret is printed as its kind and the script fails.
    func show(_ text: String, at location: String) -> Bool {
        emit(check.redacted(text))
        let leaks = check.leaks(in: text)
        guard !leaks.isEmpty else { return true }
        emit(
            "✘ \(location): the output shows \(Self.said(leaks)) (printed above as its kind); a secret must never be shown"
        )
        return false
    }

    /// Searches every session event `world` reported (its record, and the
    /// store's file of events when it keeps one) for the secrets the run
    /// knows of. The number of lines searched, or nil — said, by kind only —
    /// when one holds a secret or the file cannot be read.
    func checkEvents(of world: AppWorld, at location: String) -> Int? {
        var lines = world.eventRecord.entries.map(\.jsonLine)
        if let log = world.eventLog {
            do {
                lines += try log.lastLines(Self.mostEventLinesChecked)
            } catch {
                emit("✘ \(location): the session events file cannot be read to check it for secrets: \(error)")
                return nil
            }
        }
        let leaks = check.leaks(in: lines.joined(separator: "\n"))
        guard leaks.isEmpty else {
            emit("✘ \(location): the session events hold \(Self.said(leaks)); an event must never hold a secret")
            return nil
        }
        return lines.count
    }

    /// "a token and a password": the kinds that leaked.
    private static func said(_ leaks: [KnownSecret.Kind]) -> String {
        leaks.map { ($0 == .apiKey ? "an " : "a ") + $0.rawValue }.joined(separator: " and ")
    }

    /// The most lines of the store's file of events searched: all a script can write.
    static let mostEventLinesChecked = 100_000

    /// Prints `text` a line at a time, a control character escaped (`^[`):
    /// a script's bad line never reaches the terminal as a control sequence.
    private func emit(_ text: String) {
        for line in TerminalText.escapingControls(text).split(separator: "\n", omittingEmptySubsequences: false) {
            lines.append(String(line))
            writeLine(String(line))
        }
    }

    private func rebuildCheck() {
        var secrets = backendSecrets + typed + heldTokens.map { KnownSecret(.token, $0) }
        for variable in world.registry.secretVariables(in: world.environment) {
            if let key = ProcessInfo.processInfo.environment[variable], !key.isEmpty {
                secrets.append(KnownSecret(.apiKey, key))
            }
        }
        check = SecretCheck(secrets)
    }
}
