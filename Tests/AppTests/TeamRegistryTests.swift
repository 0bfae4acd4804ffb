import Composition
import CompositionTesting
import Foundation
@testable import GatehouseApp
import Ports
import Synchronization
import Testing

/// A team's own app: the headless app's library handed a registry with the
/// team's plugin, as `GatehouseCommandLine.run(arguments:registry:)` is. An
/// environment file names the plugin, and `run`, `envs` and `plugins` take
/// it as they take the standard ones; the standard app does not know it.
@Suite("A team's plugin in the headless app")
@MainActor
struct TeamRegistryTests {
    /// A health probe of the team's that finds the server down every time,
    /// and counts how often it was asked: what shows it was the one used.
    final class AlwaysDownProbe: HealthProbe {
        let checks = Mutex(0)
        var source: HealthSource { .healthRoute }

        func check() async throws(RemoteError) -> ServerHealth {
            checks.withLock { $0 += 1 }
            return .unhealthy
        }
    }

    let probe = AlwaysDownProbe()
    let folder = ScratchFolder("team-registry")

    /// The standard registry with the team's health plugin added.
    var registry: PluginRegistry {
        var registry = PluginRegistry.standard
        let probe = probe
        registry.health.append(
            PluginRegistry.Plugin(name: "team-always-down", summary: "the team's probe: the server is always down") {
                _ throws(CompositionError) in probe
            })
        return registry
    }

    func environmentFile() throws -> String {
        try folder.file(
            "team.json",
            #"{ "name": "team", "base": "in-memory", "plugins": { "health": "team-always-down" } }"#)
    }

    func run(_ arguments: [String], registry: PluginRegistry? = nil) async throws -> (code: Int32, Transcript) {
        let transcript = Transcript()
        var app = transcript.app()
        if let registry { app.registry = registry }
        return (await app.run(try CommandLineParser.parse(arguments)), transcript)
    }

    @Test("`run` with the team's registry runs a script on the environment file that names its plugin")
    func aScriptRunsOnTheTeamsPlugin() async throws {
        let flow = try folder.file("down.flow", "expect screen system-unavailable\n")
        let (code, transcript) = try await run(["run", flow, "--env", try environmentFile()], registry: registry)

        #expect(code == 0, "\(transcript.text)\n\(transcript.errorText)")
        #expect(transcript.output.last == "1 passed, 0 failed")
        #expect(probe.checks.withLock { $0 } > 0, "the team's probe was asked")
        folder.remove()
    }

    @Test("The standard app refuses the same file, naming the plugin it does not know (exit 2)")
    func theStandardAppDoesNotKnowIt() async throws {
        let flow = try folder.file("down.flow", "expect screen system-unavailable\n")
        let (code, transcript) = try await run(["run", flow, "--env", try environmentFile()])

        #expect(code == 2)
        #expect(transcript.errorText.contains("team-always-down"), "\(transcript.errorText)")
        #expect(probe.checks.withLock { $0 } == 0)
        folder.remove()
    }

    @Test("`plugins` lists the team's plugin and `envs` shows the file choosing it")
    func listingsShowIt() async throws {
        let (pluginsCode, plugins) = try await run(["plugins"], registry: registry)
        #expect(pluginsCode == 0)
        #expect(
            plugins.text.contains("team-always-down  the team's probe: the server is always down"), "\(plugins.text)")

        let (envsCode, envs) = try await run(["envs", "--env", try environmentFile()], registry: registry)
        #expect(envsCode == 0, "\(envs.errorText)")
        #expect(envs.text.contains("team (from --env)") && envs.text.contains("team-always-down"), "\(envs.text)")
        folder.remove()
    }
}
