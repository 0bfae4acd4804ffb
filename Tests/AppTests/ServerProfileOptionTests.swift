import Composition
import Foundation
import Testing

@testable import GatehouseApp
import CompositionTesting

/// `--profile`: which backend `app serve` and `app run --in-process-server`
/// make the reference server play.
@MainActor
@Suite("--profile option")
struct ServerProfileOptionTests {
    nonisolated static let good: [([String], Invocation)] = [
        (["serve", "--profile", "cora"], Invocation(command: .serve(ServeOptions(profile: .cora)))),
        (
            ["serve", "--profile", "full", "--port", "0"],
            Invocation(command: .serve(ServeOptions(port: 0, profile: .full)))
        ),
        (
            ["run", "--in-process-server", "--profile", "cora", "a.flow"],
            Invocation(command: .run(files: ["a.flow"], inProcessServer: true, profile: .cora))
        ),
        (
            ["run", "a.flow", "--profile=cora", "--in-process-server"],
            Invocation(command: .run(files: ["a.flow"], inProcessServer: true, profile: .cora))
        ),
    ]

    @Test("--profile names the backend the server plays; full is the default", arguments: good)
    func goodProfile(arguments: [String], expected: Invocation) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
        #expect(ServeOptions().profile == .full)
        #expect(
            try CommandLineParser.parse(["run", "--in-process-server", "a.flow"])
                == Invocation(command: .run(files: ["a.flow"], inProcessServer: true, profile: .full)))
    }

    nonisolated static let bad: [([String], String, String)] = [
        (
            ["serve", "--profile", "stage"],
            "option --profile: unknown profile 'stage': the profiles are full, cora, firebase, supabase",
            "serve"
        ),
        (["serve", "--profile"], "option --profile needs a value", "serve"),
        (
            ["run", "--in-process-server", "--profile", "stage", "a.flow"],
            "option --profile: unknown profile 'stage': the profiles are full, cora", "run"
        ),
        (
            ["run", "--profile", "cora", "a.flow"],
            "option --profile belongs to 'run --in-process-server' (or follows 'serve')", "run"
        ),
        (
            ["demo", "--profile", "cora"], "option --profile belongs to 'run --in-process-server' (or follows 'serve')",
            "run"
        ),
        (
            ["run", "--in-process-server", "--profile", "cora", "--profile", "full", "a.flow"],
            "option --profile is given more than once", "run"
        ),
    ]

    @Test("A bad --profile names the problem and the profiles, and exits 2", arguments: bad)
    func badProfile(arguments: [String], problem: String, helpTopic: String) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            return usage.problem == problem && usage.helpTopic == helpTopic && usage.exitCode == 2
        }
    }

    @Test("serve's options give the profile to the server they make")
    func serveOptionsCarryTheProfile() {
        #expect(ServeOptions(profile: .cora).server(apiKey: "k").profile == .cora)
    }

    @Test("help for serve and run documents --profile and its profiles")
    func helpDocumentsTheProfile() {
        #expect(HelpText.text(for: "run").contains("[--profile full|cora]"))
        #expect(HelpText.text(for: "serve").contains("[--profile full|cora|firebase|supabase]"))
        #expect(HelpText.text(for: "serve").contains("every other path 404"))
    }

    /// A script that shows which backend answered: `local` asks `/health`
    /// first, which the Cora profile does not serve (404 reads as down).
    @Test(
        "run --in-process-server --profile runs the script against a server in that profile",
        arguments: [(ReferenceServerProfile.full, "welcome"), (.cora, "system-unavailable")])
    func runAgainstProfile(profile: ReferenceServerProfile, screen: String) async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("profile-\(UUID().uuidString).flow")
        try "expect screen \(screen)\n".write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let transcript = Transcript()

        let code = await transcript.app().run(
            Invocation(command: .run(files: [script.path], inProcessServer: true, profile: profile)))

        #expect(code == 0, "\(transcript.text)")
        #expect(transcript.output.last == "1 passed, 0 failed")
    }
}
