import Foundation
import OffThePool
import Testing

import OperatingSystem

/// The built app on a pseudo-terminal, driven as a person drives it: the
/// line editor, the live screen and the prompt, through a relaunch on real
/// time against the reference server in a second process.
///
/// Real time and real processes: every wait is for what must be drawn, with
/// a budget of two minutes (CI runs this under the sanitizers on a busy
/// two-core machine); a budget that passes fails the test.
@Suite("Live screen on a terminal", .serialized)
struct LiveTerminalTests {
    /// A line typed at `prompt`: types it, then returns where the next empty
    /// prompt drawn after it (`next`) ends.
    private static func enter(
        _ line: String, on terminal: PseudoTerminal, after offset: String.Index, next: String
    ) throws -> (typed: String.Index, prompt: String.Index) {
        terminal.type(line + "\r")
        let typed = try terminal.waitFor(line + "\u{1B}[K\r\n", after: offset)
        let prompt = try terminal.waitFor("\r\(next)\u{1B}[K", after: typed)
        return (typed, prompt)
    }

    @Test(
        "After a relaunch a change nobody typed for is redrawn under ↻ live, and the prompt names the screen now shown")
    func liveRedrawAfterRelaunch() async throws {
        // A blocking wait on a child's terminal: never on one of the cooperative pool's threads.
        try await offThePool {
            let served = try ServedEnvironment(
                settings: #""healthPollIntervalSeconds": 1, "requestTimeoutSeconds": 60"#)

            let app = try PseudoTerminal(arguments: ["--env", served.file.path, "--locale", "en-US"])
            var at = try app.waitFor("\rwelcome> \u{1B}[K")
            at = try Self.enter("server health down", on: app, after: at, next: "welcome> ").prompt

            // The relaunch's answer (the start-up screen, then system-unavailable) is not marked.
            let relaunch = try Self.enter("relaunch", on: app, after: at, next: "system-unavailable> ")
            let answer = String(app.drawn[relaunch.typed..<relaunch.prompt])
            #expect(answer.contains("┌─ System unavailable · system-unavailable"))
            #expect(!answer.contains("↻ live"), "a typed line's answer is not marked live")

            // The server comes back; the next poll continues the launch by itself.
            at = try Self.enter("server health up", on: app, after: relaunch.prompt, next: "system-unavailable> ")
                .prompt
            let marker = try app.waitFor("↻ live", after: at)
            let welcome = try app.waitFor("┌─ Welcome · welcome", after: marker)
            try app.waitFor("\rwelcome> \u{1B}[K", after: welcome)
            #expect(TerminalLines.lines(of: app.drawn).last == "welcome> ", "the prompt names the screen shown")

            app.type("quit\r")
            #expect(app.exitStatus() == 0)
            #expect(served.stopServer())
        }
    }
}

/// The README's sample session is what the app draws: the test types the
/// session's lines at a pseudo-terminal, each after its prompt appears, and
/// compares what the terminal then shows with the README, line for line.
@Suite("The README's sample session")
struct ReadmeSessionTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    /// The block that begins `$ swift run app`, without that line.
    static func sampleSession() throws -> [String] {
        let lines = try String(contentsOf: readme, encoding: .utf8).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "$ swift run app"), "the README shows no session")
        let end = try #require(lines[start...].firstIndex(of: "```"))
        return Array(lines[(start + 1)..<end])
    }

    @Test("What the terminal shows for the README's session is the README's, line for line")
    func sessionIsARealTranscript() async throws {
        // A blocking wait on a child's terminal: never on one of the cooperative pool's threads.
        try await offThePool {
            let sample = try Self.sampleSession()
            // The prompts and what is typed after each: `screen> line`. A secret
            // shows as bullets there, as on the terminal; the demo account's
            // password is typed in their place.
            let typed = sample.compactMap { line -> (prompt: String, text: String)? in
                guard let range = line.range(of: #"^[a-z-]+> "#, options: .regularExpression) else { return nil }
                return (
                    String(line[range]),
                    String(line[range.upperBound...]).replacingOccurrences(of: "••••••", with: "123456")
                )
            }
            #expect(typed.count >= 5, "the session types its lines")

            let app = try PseudoTerminal(arguments: [])  // no LANG, no option: the defaults the README shows
            var at = app.drawn.startIndex
            for (prompt, text) in typed {
                at = try app.waitFor("\r\(prompt)\u{1B}[K", after: at)
                app.type(text + "\r")
            }
            #expect(app.exitStatus() == 0)
            #expect(TerminalLines.lines(of: app.drawn) == sample)
        }
    }
}
