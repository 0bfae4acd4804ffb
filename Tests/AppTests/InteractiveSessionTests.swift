import Composition
import DomainCore
import Foundation
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

@MainActor
@Suite("Interactive mode")
struct InteractiveSessionTests {
    static let signIn = [
        "tap sign-in", "type identifier 123.456.789-09", "tap next", "type password 123456", "tap next",
    ]

    @Test("Lines in the script language sign in and reach the dashboard; the prompt names the screen")
    func reachesTheDashboard() async {
        let transcript = Transcript()
        let code = await transcript.app(lines: Self.signIn + ["expect screen dashboard", "quit"])
            .run(Invocation(locale: .enUS, command: .interactive))

        #expect(code == 0)
        #expect(
            transcript.prompts == [
                "welcome> ", "sign-in> ", "sign-in> ", "sign-in-password> ", "sign-in-password> ", "dashboard> ",
                "dashboard> ",
            ])
        // The start-up screen, then the screen after launch settles.
        #expect(transcript.output[1].contains("· startup"))
        #expect(transcript.output[2].contains("· welcome"))
        #expect(transcript.output.last { $0.contains("┌─") }?.contains("· dashboard") == true)
        #expect(transcript.output.last == "✔")
    }

    @Test(
        "A tap the screen already refuses answers every time: Save again with the e-mail still invalid says why again, in the screen's language",
        arguments: PreferredLanguage.allCases)
    func refusedTapAnswersAgain(locale: PreferredLanguage) async {
        let texts = Texts(locale: locale)
        let said = "✘ \(texts[.emailLabel]): \(texts[.problemInvalidEmail])"
        let transcript = Transcript()
        _ = await transcript.app(
            lines: Self.signIn + ["tap profile", "type email not-an-email", "tap save", "tap save", "tap save", "quit"]
        )
        .run(Invocation(locale: locale, command: .interactive))

        #expect(transcript.output.filter { $0 == said }.count == 2, "the second and third taps each say it")
        #expect(
            transcript.output.contains { $0.contains("not-an-email  ← \(texts[.problemInvalidEmail])") },
            "the first redraws the screen, the problem beside the field")
    }

    @Test("A typed password is never echoed; the screen shows bullets")
    func passwordNotEchoed() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: Self.signIn).run(Invocation(locale: .enUS, command: .interactive))
        #expect(!transcript.contains(wholeWord: "123456"))
        #expect(transcript.text.contains("••••••"))
    }

    @Test("A bad line prints the parser's message and the session goes on")
    func badLineGoesOn() async {
        let transcript = Transcript()
        let code = await transcript.app(lines: [
            "frobnicate", "tap nowhere", "expect screen sign-in", "tap sign-in", "exit",
        ])
        .run(Invocation(locale: .enUS, command: .interactive))

        #expect(code == 0)
        #expect(transcript.output.contains { $0.hasPrefix("✘ unknown command 'frobnicate'") })
        #expect(transcript.output.contains { $0.hasPrefix("✘ screen welcome has no action 'nowhere'") })
        #expect(transcript.output.contains("✘ expected screen sign-in, but it is welcome"))
        #expect(transcript.prompts.last == "sign-in> ")
    }

    @Test("help lists the screen's actions and fields and the commands")
    func helpListsActionsAndFields() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["help", "tap sign-in", "help"]).run(
            Invocation(locale: .enUS, command: .interactive))

        #expect(transcript.output.contains("  actions: sign-in, sign-up"))
        #expect(transcript.output.contains("  actions: next (disabled), sign-up, back"))
        #expect(transcript.output.contains("  fields:  identifier"))
        #expect(transcript.output.contains { $0.hasPrefix("  tap ACTION") })
        #expect(transcript.output.contains { $0.hasPrefix("  quit, exit, end of input") })
    }

    @Test(
        "help speaks the person's language: the words as typed, their meanings translated",
        arguments: [AppLocale.ptBR, .esES])
    func helpIsLocalised(locale: AppLocale) async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["help", "tap sign-in", "help"]).run(
            Invocation(locale: locale, command: .interactive))
        let texts = Texts(locale: locale)
        let english = Texts.english
        #expect(transcript.output.contains { $0.contains(texts.help(.screen, "sign-in")) })
        #expect(transcript.output.contains { $0.contains("next (\(texts.help(.disabled)))") })
        // Every meaning is said in this language, none in English.
        for key in HelpKey.allCases where texts.help(key) != english.help(key) {
            let said = texts.help(key, "welcome")  // the welcome screen's help has no field: "none"
            #expect(transcript.output.contains { $0.contains(said.prefix(20)) }, "\(key)")
        }
        #expect(!transcript.output.contains { $0.contains(english.help(.commands)) })
        #expect(!transcript.output.contains { $0.contains(english.help(.tap)) })
        #expect(transcript.output.contains { $0.hasPrefix("  tap ACTION") })
    }

    @Test("Every help text is written in every language", arguments: AppLocale.allCases)
    func everyHelpKeyInEveryLanguage(locale: AppLocale) {
        let texts = Texts(locale: locale)
        #expect(HelpKey.allCases.filter { texts.help($0).isEmpty }.isEmpty)
        // Each word of the language has a meaning of its own.
        #expect(Set(ScriptWords.lines.map(\.meaning)).count == ScriptWords.lines.count)
    }

    @Test("The screen word prints the screen shown again")
    func screenWordReprints() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["screen"]).run(Invocation(locale: .enUS, command: .interactive))
        #expect(transcript.output.filter { $0.contains("· welcome") }.count == 2)
        #expect(!transcript.output.contains { $0.hasPrefix("✘") })
    }

    @Test("A command that leaves the screen as it was prints no screen")
    func unchangedScreenNotReprinted() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["wait 1s"]).run(Invocation(locale: .enUS, command: .interactive))
        #expect(transcript.output.filter { $0.contains("· welcome") }.count == 1)
    }

    @Test("A near miss names the word meant: a command, an action, a field")
    func didYouMean() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["tapp back", "tap sign_in", "tap sign-in", "type identifer 1"])
            .run(Invocation(locale: .enUS, command: .interactive))

        #expect(
            transcript.unwrappedOutput.contains {
                $0.hasPrefix("✘ unknown command 'tapp'") && $0.hasSuffix("did you mean 'tap'?")
            })
        #expect(
            transcript.unwrappedOutput.contains {
                $0.contains("no action 'sign_in'") && $0.hasSuffix("did you mean 'sign-in'?")
            }
        )
        #expect(
            transcript.unwrappedOutput.contains {
                $0.contains("no field 'identifer'") && $0.hasSuffix("did you mean 'identifier'?")
            })
    }

    @Test(
        "A suggestion only where it helps: an action typed bare means tap; no near miss for a number or an action not offered"
    )
    func suggestionsThatHelp() async throws {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["sign-in", "tap back", "quit"]).run(
            Invocation(locale: .enUS, command: .interactive))
        #expect(
            transcript.unwrappedOutput.contains {
                $0.hasPrefix("✘ unknown command 'sign-in'") && $0.hasSuffix("did you mean 'tap sign-in'?")
            })

        let statement = Transcript()
        _ = await statement.app(lines: Self.signIn + ["tap statement", "open 99", "quit"])
            .run(Invocation(locale: .enUS, command: .interactive))
        let outOfRange = try #require(statement.unwrappedOutput.first { $0.contains("no entry 99") })
        #expect(!outOfRange.contains("did you mean"), "\(outOfRange)")

        let cora = Transcript()
        _ = await cora.app(lines: ["tap sign-up", "quit"])
            .run(Invocation(environment: "cora-in-memory", locale: .enUS, command: .interactive))
        let notOffered = try #require(cora.unwrappedOutput.first { $0.contains("'sign-up' is not offered") })
        #expect(!notOffered.contains("did you mean"), "\(notOffered)")
    }

    @Test("The header speaks the screen's language", arguments: AppLocale.allCases)
    func headerInTheScreensLanguage(_ locale: AppLocale) async throws {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["quit"]).run(Invocation(locale: locale, command: .interactive))
        let header = try #require(transcript.unwrappedOutput.first)
        let texts = Texts(locale: locale)
        #expect(
            header
                == "Gatehouse · in-memory · \(locale.rawValue) · \(texts[.headerVirtualTime]) — \(texts[.headerHelp])")
        if locale != .enUS { #expect(!header.contains("type help"), "\(header)") }
    }

    @Test(
        "The prompt's ✘ messages speak the screen's language; the script's own words stay as typed",
        arguments: AppLocale.allCases)
    func promptMessagesInTheScreensLanguage(_ locale: AppLocale) async throws {
        let transcript = Transcript()
        let lines = ["tap nowhere", "tapp sign-in", "expect screen dashboard", "wait 1x", "type password 1", "quit"]
        _ = await transcript.app(lines: lines).run(Invocation(locale: locale, command: .interactive))
        let texts = Texts(locale: locale)
        let said = transcript.unwrappedOutput.filter { $0.hasPrefix("✘ ") }

        #expect(said.count == 5, "\(transcript.text)")
        #expect(
            said.contains(
                "✘ " + texts[.promptNoAction, "welcome", "nowhere", texts[.promptActionsAre, "sign-in, sign-up"]]))
        #expect(said.contains { $0.hasSuffix(texts[.promptDidYouMean, "tap"]) && $0.contains("'tapp'") })
        #expect(said.contains("✘ " + texts[.expectMissScreen, "dashboard", "welcome"]))
        #expect(said.contains("✘ " + texts[.promptNotADuration, "1x"]))
        #expect(said.contains("✘ " + texts[.promptNoField, "welcome", "password", texts[.promptNone]]))
        if locale != .enUS {
            for english in ["has no", "expected", "but it is", "did you mean", "unknown command", "is not a duration"] {
                #expect(!said.contains { $0.contains(english) }, "\(english) in \(said)")
            }
        }
    }

    @Test("Control characters in a bad line are shown escaped, never sent to the terminal")
    func controlCharactersEscaped() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["\u{1B}[A", "\u{07}help", "\u{0C}help"]).run(
            Invocation(locale: .enUS, command: .interactive))

        #expect(transcript.output.contains { $0.hasPrefix("✘ unknown command '^[[A'") })
        #expect(transcript.output.contains { $0.hasPrefix("✘ unknown command '^Ghelp'") })
        #expect(!transcript.text.contains("\u{1B}"))
        #expect(!transcript.text.contains("\u{07}"))
        #expect(transcript.output.contains("Screen welcome:"), "a form feed is white space: the line is help")
    }
}

/// Every wait can be left: Ctrl-C ends a wait on virtual time as it ends one
/// on real time, and a wait longer than the script language's bound is
/// refused before anything runs.
@MainActor
@Suite("Interactive waits that can be left")
struct InteractiveWaitTests {
    /// Lines handed out one at a time; a command that Ctrl-C may interrupt
    /// is interrupted before it begins, as by a Ctrl-C typed ahead.
    static func linesInterruptingEveryWait(_ lines: [String]) -> LineSource {
        // Taps are interruptible too (a sign-in the server holds): only the
        // command a `wait` line began is interrupted here.
        let lastLine = LastLine()
        let queue = LineSource.lines(lines)
        var source = LineSource(next: { prompt, completer, screen, onInterrupt, lineFull in
            let line = await queue.next(prompt, completer, screen, onInterrupt, lineFull)
            lastLine.text = line ?? ""
            return line
        })
        source.interruptible = { work, onInterrupt in
            if lastLine.text.hasPrefix("wait") { onInterrupt() }
            await work()
        }
        return source
    }

    /// The line a source handed out last.
    @MainActor
    final class LastLine {
        var text = ""
    }

    @Test("Ctrl-C ends a virtual-time wait: time stands where it was, and the session says so")
    func controlCEndsAVirtualWait() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        let transcript = Transcript()
        let lines = InteractiveSessionTests.signIn + ["wait 168h", "expect screen dashboard", "quit"]
        var before: Date?
        var source = Self.linesInterruptingEveryWait(lines)
        let interruptible = try #require(source.interruptible)
        source.interruptible = { work, onInterrupt in
            before = app.world.now()
            await interruptible(work, onInterrupt)
        }

        let code = await InteractiveSession(app: app, console: transcript.console, lines: source).run()

        #expect(code == 0)
        #expect(transcript.output.contains("⏹ wait ended early (Ctrl-C)"))
        let started = try #require(before, "the wait ran as an interruptible command")
        #expect(app.world.now().timeIntervalSince(started) < 60, "no virtual minute passed after the Ctrl-C")
        #expect(transcript.output.last == "✔", "the session goes on after the interrupted wait")
    }

    @Test("wait … until screen ends when the screen is shown, with the time that took; not before")
    func waitUntilAScreen() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        await app.launch()
        let executor = CommandExecutor(app: app)
        for line in ["server health down", "relaunch", "expect screen system-unavailable", "server health up"] {
            _ = try await executor.execute(try #require(try ScriptParser.parse(line)))
        }
        let before = app.world.now()

        _ = try await executor.execute(try #require(try ScriptParser.parse("wait 168h until screen welcome")))

        #expect(app.snapshot().name == "welcome")
        let waited = app.world.now().timeIntervalSince(before)
        #expect(waited > 0 && waited <= 15, "the next health poll (15 s) brought the welcome screen: \(waited) s")
        await app.shutDown()
    }

    @Test("A wait beyond the bound is refused at once, naming the bound")
    func waitBeyondTheBoundRefused() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        let transcript = Transcript()
        let code = await InteractiveSession(
            app: app, console: transcript.console, lines: .lines(["wait 100000h", "wait 169h", "quit"])
        ).run()

        #expect(code == 0)
        let refusals = transcript.output.filter { $0.hasPrefix("✘") }
        #expect(
            refusals == [
                "✘ wait 100000h is beyond the longest wait, 168h (a week)",
                "✘ wait 169h is beyond the longest wait, 168h (a week)",
            ])
    }
}
