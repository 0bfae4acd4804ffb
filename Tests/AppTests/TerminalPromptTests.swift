import Testing

@testable import GatehouseApp

/// The prompt on a terminal, fed a terminal's bytes and drawing through a
/// recording console: what it draws is escaped, a secret's value is bullets,
/// and the only sequences it sends are its own.
@MainActor
@Suite("Terminal prompt")
struct TerminalPromptTests {
    /// A prompt whose terminal sends `bytes` and then closes, and what it drew.
    private func prompt(reading bytes: [UInt8]) -> (TerminalPrompt, Transcript) {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        continuation.yield(bytes)
        continuation.finish()
        let transcript = Transcript()
        return (TerminalPrompt(bytes: stream, console: transcript.console), transcript)
    }

    @Test("A mistyped secret line is drawn as bullets from its value on, and the history does not keep it")
    func mistypedSecretNeverDrawn() async {
        let (prompt, transcript) = prompt(reading: Array("typ password 765432\rtap next\r".utf8))

        #expect(await prompt.readLine(prompt: "sign-in-password> ", completer: { _ in [] }) == "typ password 765432")
        #expect(await prompt.readLine(prompt: "sign-in-password> ", completer: { _ in [] }) == "tap next")
        #expect(await prompt.readLine(prompt: "sign-in-password> ", completer: { _ in [] }) == nil)

        #expect(!transcript.written.contains("765432"))
        #expect(!transcript.written.contains("76543"), "no prefix of it was drawn either")
        #expect(transcript.written.contains("sign-in-password> typ password ••••••"))
        #expect(prompt.history == ["tap next"])
    }

    @Test("A pasted C1 control or bidi override is drawn escaped, and the cursor counts the columns drawn")
    func pastedControlsDrawnEscaped() async {
        let typed = "type name Jo\u{9B}2J\u{202E}x"
        let (prompt, transcript) = prompt(reading: Array(typed.utf8) + [0x1B, 0x5B, 0x44, 0x1B, 0x5B, 0x44, 0x0D])

        #expect(await prompt.readLine(prompt: "profile> ", completer: { _ in [] }) == typed)
        let draws = transcript.pieces.compactMap { if case .text(let text) = $0 { text } else { nil } }
        #expect(HostileServerTextTests.controls(in: draws.joined()).isEmpty)
        #expect(draws.last == "profile> type name Jo\\u{9B}2J\\u{202E}x")
        // Two lefts: the cursor sits before the escaped U+202E, 9 columns from the end.
        #expect(transcript.pieces.contains(.control(.cursorLeft(9))))
        let controls = transcript.pieces.compactMap { if case .control(let control) = $0 { control } else { nil } }
        #expect(Set(controls.map(\.sequence)).isSubset(of: ["\r", "\u{1B}[K", "\u{1B}[1D", "\u{1B}[9D"]))
    }

    @Test("Output printed above the line being typed is escaped, and the line drawn again")
    func printAboveEscaped() async {
        let (prompt, transcript) = prompt(reading: [])
        prompt.printAbove("↻ live\n\(HostileServerTextTests.hostile)")

        #expect(
            transcript.pieces == [
                .control(.returnAndEraseLine), .line("↻ live\n\(HostileServerTextTests.hostileShown)"),
            ])
    }

    @Test("Output printed above a line being typed draws the line again after the prompt of the screen now shown")
    func printAboveTakesTheNewPrompt() async {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let transcript = Transcript()
        let prompt = TerminalPrompt(bytes: stream, console: transcript.console)
        let reading = Task { await prompt.readLine(prompt: "system-unavailable> ", completer: { _ in [] }) }
        continuation.yield(Array("ta".utf8))
        for _ in 0..<100 where !transcript.prompts.contains("system-unavailable> ta") { await Task.yield() }

        prompt.printAbove("↻ live\n┌─ Welcome · welcome", prompt: "welcome> ")
        #expect(transcript.prompts.last == "welcome> ta")
        continuation.yield(Array("p sign-in\r".utf8))
        #expect(await reading.value == "tap sign-in")
        continuation.finish()
    }

    @Test("Ctrl-L clears the terminal and prints the screen again above the line")
    func controlLReprintsTheScreen() async {
        let (prompt, transcript) = prompt(reading: [0x0C] + Array("tap x\r".utf8))
        let line = await prompt.readLine(
            prompt: "welcome> ", completer: { _ in [] }, screen: { "┌─ Welcome · welcome" })
        #expect(line == "tap x")
        #expect(
            Array(transcript.pieces.prefix(5)) == [
                .control(.carriageReturn), .text("welcome> "), .control(.eraseToEndOfLine), .control(.clearScreen),
                .line("┌─ Welcome · welcome"),
            ])
    }

    @Test("Ctrl-C while a command runs interrupts it; keys typed meanwhile wait for the next line")
    func controlCInterruptsTheCommand() async {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let transcript = Transcript()
        let prompt = TerminalPrompt(bytes: stream, console: transcript.console)
        var interrupted = 0
        let (gate, opening) = AsyncStream<Void>.makeStream()
        await prompt.whileRunning({
            continuation.yield(Array("tap".utf8) + [0x03])
            for await _ in gate { break }
        }) {
            interrupted += 1
            opening.yield()
        }
        #expect(interrupted == 1)
        continuation.yield(Array(" back\r".utf8))
        #expect(await prompt.readLine(prompt: "welcome> ", completer: { _ in [] }) == "tap back")
        continuation.finish()
    }

    @Test("Ctrl-C at a line still drops the line: nothing listens then")
    func controlCAtTheLine() async {
        let (prompt, transcript) = prompt(reading: Array("tap".utf8) + [0x03] + Array("quit\r".utf8))
        #expect(await prompt.readLine(prompt: "welcome> ", completer: { _ in [] }) == "quit")
        #expect(transcript.output.contains("^C"))
    }

    @Test("Ctrl-C at the line of a screen that waits for the person answers with the line that ends the wait")
    func controlCEndsAWaitForThePerson() async {
        let (prompt, transcript) = prompt(reading: Array("tap".utf8) + [0x03])
        let line = await prompt.readLine(
            prompt: "sign-in-waiting> ", completer: { _ in [] }, onInterrupt: { "tap cancel" })
        #expect(line == "tap cancel")
        #expect(transcript.output.contains("^C"))
    }

    @Test("A pasted line is drawn once, not once per character")
    func pastedLineDrawnOnce() async {
        let pasted = "type name " + String(repeating: "x", count: 3000)
        let (prompt, transcript) = prompt(reading: Array(pasted.utf8) + [0x0D])
        #expect(await prompt.readLine(prompt: "profile> ", completer: { _ in [] }) == pasted)
        #expect(transcript.prompts.count <= 2, "drawn \(transcript.prompts.count) times")
    }

    @Test("Pasted CRLF lines are one line each: no empty line between")
    func pastedCRLFLines() async {
        let (prompt, transcript) = prompt(reading: Array("tap back\r\nquit\r\n".utf8))
        #expect(await prompt.readLine(prompt: "welcome> ", completer: { _ in [] }) == "tap back")
        #expect(await prompt.readLine(prompt: "welcome> ", completer: { _ in [] }) == "quit")
        #expect(await prompt.readLine(prompt: "welcome> ", completer: { _ in [] }) == nil)
        #expect(transcript.prompts.filter { $0 == "welcome> " }.count == 3, "no empty line was submitted between")
    }
}
