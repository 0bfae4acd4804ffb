import Testing

@testable import GatehouseApp

@MainActor
@Suite("A script on stdin")
struct PipedScriptTests {
    @Test("A piped script runs as <stdin> with run's transcript, last line and exit code")
    func passingScript() async {
        let transcript = Transcript()
        let script =
            "tap sign-in\ntype identifier 123.456.789-09\ntap next\ntype password 123456\ntap next\nexpect screen dashboard\n"
        let code = await transcript.app(pipedInput: script).run(Invocation(command: .interactive))

        #expect(code == 0)
        #expect(transcript.output.first == "== <stdin>")
        #expect(transcript.output.contains("> type password ••••••"))
        #expect(transcript.output.last == "1 passed, 0 failed")
        #expect(!transcript.contains(wholeWord: "123456"))
        #expect(transcript.prompts.isEmpty)
    }

    @Test("A failed expectation names <stdin> and the line, and exits 1")
    func failingScript() async {
        let transcript = Transcript()
        let code = await transcript.app(pipedInput: "# a comment\nexpect screen dashboard\n")
            .run(Invocation(command: .interactive))

        #expect(code == 1)
        #expect(transcript.output.contains("✘ <stdin>:2: expected screen dashboard, but it is welcome"))
        #expect(transcript.output.last == "0 passed, 1 failed")
    }

    @Test("A control character in a piped line is shown escaped in the message")
    func controlCharactersEscaped() async {
        let transcript = Transcript()
        _ = await transcript.app(pipedInput: "\u{1B}[A\nexpect screen welcome\n").run(Invocation(command: .interactive))
        #expect(transcript.output.contains { $0.hasPrefix("✘ <stdin>:1: unknown command '^[[A'") })
        #expect(!transcript.text.contains("\u{1B}"))
    }
}

extension PipedScriptTests {
    @Test("A piped script with CRLF line ends runs as with LF")
    func crlfPipedScript() async {
        let transcript = Transcript()
        let script =
            "tap sign-in\r\ntype identifier 123.456.789-09\r\ntap next\r\ntype password 123456\r\ntap next\r\nexpect screen dashboard\r\n"
        let code = await transcript.app(pipedInput: script).run(Invocation(command: .interactive))

        #expect(code == 0)
        #expect(transcript.output.contains("> type password ••••••"))
        #expect(transcript.output.last == "1 passed, 0 failed")
    }
}
