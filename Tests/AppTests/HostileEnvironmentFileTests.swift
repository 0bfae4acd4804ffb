import Foundation
import Testing

@testable import GatehouseApp

/// An environment file is outside text too: its name, summary and base URL
/// reach `envs`, the interactive banner and the error messages escaped.
@MainActor
@Suite("Hostile environment file")
struct HostileEnvironmentFileTests {
    private func file(_ object: [String: Any]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-hostile-\(UUID().uuidString).json").path
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func expectNothingActsOnTheTerminal(_ transcript: Transcript, _ context: String) {
        #expect(HostileServerTextTests.controls(in: transcript.written).isEmpty, "\(context)")
    }

    @Test("envs and the banner show an environment file's name and summary escaped, each on its line")
    func nameAndSummaryEscaped() async throws {
        let hostile = HostileServerTextTests.hostile
        let shown = HostileServerTextTests.hostileShown
        let path = try file([
            "name": "evil\(hostile)", "summary": "a summary\(hostile)\nwith a line of its own", "base": "in-memory",
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }

        let listing = Transcript()
        #expect(await listing.app().run(Invocation(environment: path, command: .envs)) == 0)
        expectNothingActsOnTheTerminal(listing, "envs")
        #expect(listing.output.contains("evil\(shown) (from --env)"))
        #expect(listing.output.contains("  a summary\(shown)^Jwith a line of its own"))

        let session = Transcript()
        #expect(await session.app(lines: ["quit"]).run(Invocation(environment: path, command: .interactive)) == 0)
        expectNothingActsOnTheTerminal(session, "the banner")
        #expect(session.unwrappedOutput.first?.hasPrefix("Gatehouse · evil\(shown) · ") == true)
    }

    @Test("envs shows a base URL that holds control characters escaped")
    func baseURLEscaped() async throws {
        let path = try file([
            "name": "evil-url", "base": "local",
            "settings": ["baseURL": "http://127.0.0.1:8080/\(HostileServerTextTests.hostile)"],
        ])
        defer { try? FileManager.default.removeItem(atPath: path) }

        let listing = Transcript()
        #expect(await listing.app().run(Invocation(environment: path, command: .envs)) == 0)
        expectNothingActsOnTheTerminal(listing, "envs")
        #expect(
            listing.output.contains { $0.hasSuffix("http://127.0.0.1:8080/\(HostileServerTextTests.hostileShown)") })
    }

    @Test("An error that quotes an environment file shows what it quotes escaped")
    func errorQuotingTheFileEscaped() async throws {
        let path = try file(["name": "evil-key", "evil\(HostileServerTextTests.hostile)": 1])
        defer { try? FileManager.default.removeItem(atPath: path) }

        let run = Transcript()
        #expect(await run.app(lines: ["quit"]).run(Invocation(environment: path, command: .interactive)) == 2)
        expectNothingActsOnTheTerminal(run, "the error")
        #expect(run.errorText.contains("evil\(HostileServerTextTests.hostileShown)"), "\(run.errorText)")
    }
}
