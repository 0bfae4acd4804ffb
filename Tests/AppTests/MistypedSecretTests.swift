import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// A secret typed on a mistyped line (`typ password 765432`, `type pasword
/// 123456`, `type Pin 7913`) is treated as a secret all the same: drawn as
/// bullets, never kept in the history, never quoted by the message about
/// the line, bulleted in a script's echo.
@MainActor
@Suite("Mistyped secret lines")
struct MistypedSecretTests {
    /// Lines that may hold a secret, and the value each holds.
    nonisolated static let secretLines: [(String, String)] = [
        ("type password 123456", "123456"),
        ("type confirm 123456", "123456"),
        ("type pin 7913", "7913"),
        ("typ password 765432", "765432"),
        ("tpye password 765432", "765432"),
        ("Type password 765432", "765432"),
        ("TYPE identifier 765432", "765432"),
        ("typee identifier 765432", "765432"),
        ("type pasword 123456", "123456"),
        ("type Pin 7913", "7913"),
        ("type Identifier 765432", "765432"),
        ("type passw0rd 765432", "765432"),
        ("password 765432", "765432"),
        ("PIN 7913", "7913"),
        ("  type\tpasword   765432 ", "765432"),
    ]

    @Test("A line whose field is unknown, or whose command is a slip for type, holds a secret", arguments: secretLines)
    func mistypedLinesHoldSecrets(line: String, value: String) {
        #expect(SecretLine.holdsSecret(line))
        #expect(SecretLine.value(in: line) == value)
    }

    @Test(
        "type with a field that is no secret, and every other command, holds none",
        arguments: [
            "type identifier 123.456.789-09", "type name Maria", "type email maria@example.com",
            "type cpf 123.456.789-09", "tap next", "tap confirm", "expect text 123456", "open 1", "wait 5s",
            "type password", "type pasword", "typ", "", "tape", "help",
        ])
    func harmlessLinesHoldNone(line: String) {
        #expect(!SecretLine.holdsSecret(line))
    }

    @Test("The line editor draws a mistyped line's value as bullets and keeps it out of the history")
    func editorMasksAndForgets() {
        // A tab never reaches the line: the editor takes it for completion.
        for (line, value) in Self.secretLines where !line.contains("\t") {
            var keyboard = LineEditorTests.Keyboard()
            keyboard.type(line)
            #expect(!keyboard.editor.display.text.contains(value), "\(line) is drawn with its value")
            #expect(
                keyboard.editor.display.text.hasSuffix(String(repeating: "•", count: value.count))
                    || line.hasSuffix(" "))
            keyboard.type("\r")
            keyboard.type("tap next\r")
            #expect(keyboard.submitted == [line, "tap next"], "the session still gets the line")
            #expect(keyboard.editor.history == ["tap next"], "\(line) was kept")
        }
    }

    @Test("Tab never completes the value of a mistyped secret line")
    func tabSkipsMistypedSecrets() {
        var keyboard = LineEditorTests.Keyboard { _ in ["765432"] }
        keyboard.type("typ password 7\t")
        #expect(keyboard.outcomes.last == .bell)
        #expect(keyboard.editor.line == "typ password 7")
    }

    @Test("In interactive mode, a mistyped secret line is refused without its value in the message")
    func interactiveMessagesDoNotQuoteTheValue() async {
        let transcript = Transcript()
        let lines = [
            "tap sign-in", "type identifier 123.456.789-09", "tap next", "typ password 765432", "type pasword 765432",
            "type Pin 7913", "tpye password 765432", "password 765432",
        ]
        _ = await transcript.app(lines: lines).run(Invocation(locale: .enUS, command: .interactive))

        #expect(!transcript.contains(wholeWord: "765432"))
        #expect(!transcript.contains(wholeWord: "7913"))
        #expect(transcript.unwrappedOutput.contains { $0.hasPrefix("✘ unknown command 'typ'") })
        #expect(
            transcript.unwrappedOutput.contains {
                $0.hasPrefix("✘ unknown command 'tpye'") && $0.hasSuffix("did you mean 'type'?")
            })
        #expect(
            transcript.unwrappedOutput.contains {
                $0.hasPrefix("✘ screen sign-in-password has no field 'pasword'")
                    && $0.hasSuffix("did you mean 'password'?")
            })
        #expect(transcript.output.contains { $0.hasPrefix("✘ screen sign-in-password has no field 'Pin'") })
        #expect(transcript.output.contains { $0.hasPrefix("✘ unknown command 'password'") })
    }

    @Test("A script echoes a line typed into an unknown field bulleted, and its value is a secret of the run")
    func scriptEchoesMistypedSecretBulleted() async {
        let runner = ScriptRunner(environment: .inMemory, texts: Texts(locale: .enUS), print: { _ in })
        let report = await runner.run(
            script: "tap sign-in\ntype identifier 123.456.789-09\ntap next\ntype pasword 765432\n", named: "typo.flow")

        #expect(!report.passed)
        #expect(report.transcript.contains("> type pasword ••••••"))
        #expect(!report.transcriptText.contains("765432"))
        #expect(
            report.transcript.contains { $0.hasPrefix("✘ typo.flow:4: screen sign-in-password has no field 'pasword'") }
        )
    }

    @Test("A script with a slip for type is refused, naming the line, never its value")
    func scriptSlipNotQuoted() async {
        let runner = ScriptRunner(environment: .inMemory, texts: Texts(locale: .enUS), print: { _ in })
        let report = await runner.run(script: "tap sign-in\ntyp password 765432\n", named: "slip.flow")

        #expect(!report.passed)
        #expect(report.transcript.contains { $0.hasPrefix("✘ slip.flow:2: unknown command 'typ'") })
        #expect(!report.transcriptText.contains("765432"))
    }
}

extension MistypedSecretTests {
    @Test("Should a message ever quote a mistyped line's value, the session redacts it")
    func quotedValueRedacted() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .enUS))
        let session = InteractiveSession(app: app, console: Transcript().console, lines: .lines([]))

        let message = session.failure("the value 765432 is not accepted", line: "type pasword 765432")
        #expect(!message.contains("765432"))
        #expect(message.contains("‹password›"))
        #expect(session.failure("the value 765432 is not accepted", line: "expect text 765432").contains("765432"))
    }
}
