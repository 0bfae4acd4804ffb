import Testing

@testable import GatehouseApp

/// A script's slips are named with the word meant, as the interactive prompt
/// names them; `quit` and `exit` end a script as they end a session.
@MainActor
@Suite("Scripts: did you mean, quit and exit")
struct ScriptSlipsAndQuitTests {
    @Test(
        "A slip names the word it most likely meant",
        arguments: [
            ("tapp sign-in", "unknown command 'tapp'", "tap"),
            ("expect screen dashbaord", "unknown screen 'dashbaord'", "dashboard"),
            ("expect helth healthy", "unknown expectation 'helth'", "health"),
            ("expect health ofline", "unknown health 'ofline'", "offline"),
            ("expect state unauthenticatd", "unknown state 'unauthenticatd'", "unauthenticated"),
            ("server revok", "unknown server command 'revok'", "revoke"),
            ("quti", "unknown command 'quti'", "quit"),
        ])
    func slipsAreNamed(line: String, message: String, meant: String) {
        #expect {
            try ScriptParser.parse(line)
        } throws: { error in
            let text = (error as? ScriptParseError)?.message ?? ""
            return text.hasPrefix(message) && text.hasSuffix(" — did you mean '\(meant)'?")
        }
    }

    @Test("A word far from every known one gets no guess")
    func noGuessForAStranger() {
        #expect {
            try ScriptParser.parse("frobnicate")
        } throws: { error in
            !((error as? ScriptParseError)?.message ?? "").contains("did you mean")
        }
    }

    @Test(
        "quit and exit end the script there: what follows is not read", arguments: ["quit", "exit", "  quit  # done"])
    func quitEndsTheScript(word: String) {
        let parsed = ParsedScript(parsing: "tap sign-in\n\(word)\nfrobnicate\nexpect screen nowhere\n")
        #expect(parsed.problems.isEmpty)
        #expect(parsed.lines.map(\.text) == ["tap sign-in"])
    }

    @Test("A script of only quit is no problem; an empty one still checks nothing")
    func onlyQuit() {
        #expect(ParsedScript(parsing: "quit\n").problems.isEmpty)
        #expect(ParsedScript(parsing: "# nothing\n").problems.map(\.message) == [ParsedScript.noCommands])
    }

    @Test("echo quit | app exits 0, as the prompt's quit does")
    func pipedQuit() async {
        let transcript = Transcript()
        let code = await transcript.app(pipedInput: "quit\n").run(Invocation(locale: .enUS, command: .interactive))
        #expect(code == 0)
        #expect(transcript.output.last == "1 passed, 0 failed")
    }

    @Test("The interactive prompt names a slip once, not twice")
    func interactiveNamesASlipOnce() async {
        let transcript = Transcript()
        _ = await transcript.app(lines: ["tapp sign-in", "quit"]).run(Invocation(locale: .enUS, command: .interactive))
        let slips = transcript.output.filter { $0.contains("did you mean") }
        #expect(slips.count == 1)
        #expect(slips.first?.components(separatedBy: "did you mean").count == 2)
    }
}
