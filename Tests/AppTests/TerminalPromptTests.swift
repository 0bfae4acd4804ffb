import Testing

@testable import app

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
}
