import Composition
import Foundation
import Testing

@testable import GatehouseApp
import CompositionTesting

@MainActor
@Suite("app envs")
struct EnvironmentListingTests {
    @Test("envs names each environment's session backend, one per backend: local and oauth2-local differ")
    func namesTheSessionBackend() async {
        let transcript = Transcript()
        _ = await transcript.app().run(Invocation(command: .envs))
        let named = transcript.output.filter { $0.hasPrefix("  session backend: ") }
        #expect(named.count == AppEnvironment.builtIn.count)
        for environment in AppEnvironment.builtIn {
            let folder = PluginRegistry.standard.sessionBackend(of: environment).folderName
            #expect(named.contains("  session backend: " + folder), "\(environment.name)")
        }
        let local = PluginRegistry.standard.sessionBackend(of: .local)
        #expect(local != PluginRegistry.standard.sessionBackend(of: .oauth2Local))
        #expect(local != PluginRegistry.standard.sessionBackend(of: .coraLocal))
    }

    @Test("envs names every built-in environment, every port and the plugin in it, and the settings")
    func listsPortsAndPlugins() async {
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(command: .envs))
        #expect(code == 0)
        let text = transcript.text
        for environment in AppEnvironment.builtIn {
            #expect(text.contains(environment.name))
            let section = EnvironmentListing().describe(environment, heading: environment.name)
            for (port, plugin) in environment.plugins.byPort {
                #expect(section.allSatisfy { text.contains($0) }, "envs shows \(environment.name) as described")
                let row = section.first { $0.contains(port.protocolName) }
                #expect(row?.contains(plugin) == true, "no row for \(port) with \(plugin)")
            }
        }
        for row in [
            "tokenLifetimeSeconds      60", "refreshMarginSeconds      10", "healthPollIntervalSeconds 15",
            "locale                    pt-BR",
        ] {
            #expect(text.contains(row), "envs lacks \(row)")
        }
    }

    @Test(
        "Each HTTP environment says whether logout ends the token on the server",
        arguments: [("local", true), ("cora-local", false), ("cora-stage", false)])
    func signOutRouteListed(_ name: String, _ offered: Bool) throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        let section = EnvironmentListing().describe(environment, heading: name)
        let row = try #require(section.first { $0.contains("signOutRoute") }, "\(name) lists no sign-out route")

        #expect(row.hasSuffix(offered ? " true" : " false"))
    }

    @Test(
        "The Cora environments show health from the calls, the user from the sign-in, and the light probe",
        arguments: ["cora-stage", "cora-local", "cora-in-memory"])
    func coraEnvironmentsListed(_ name: String) async throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        let section = EnvironmentListing().describe(environment, heading: name)

        #expect(section.contains { $0.contains("HealthProbe") && $0.contains("from-calls") })
        #expect(section.contains { $0.contains("UserRemoteAPI") && $0.contains("token-only") })
        #expect(section.contains { $0.contains("healthLightProbe") && $0.contains("statement-list") })
    }

    @Test(
        "The Cora environments say their server has no sign-up and no sign-in by e-mail; local's has both",
        arguments: [("cora-stage", false), ("cora-local", false), ("cora-in-memory", false), ("local", true)])
    func authRoutesListed(_ name: String, _ offered: Bool) throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        let section = EnvironmentListing().describe(environment, heading: name)

        for setting in ["registrationRoute", "emailSignIn"] {
            let row = try #require(section.first { $0.contains(setting) }, "\(name) lists no \(setting)")
            #expect(row.hasSuffix(offered ? " true" : " false"))
        }
    }

    @Test("cora-local points the Cora plugins at the loopback server, as local does")
    func coraLocalIsLoopback() {
        #expect(AppEnvironment.coraLocal.pluginSettings["baseURL"] == AppEnvironment.local.pluginSettings["baseURL"])
        #expect(AppEnvironment.coraLocal.plugins.health == AppEnvironment.coraStage.plugins.health)
        #expect(AppEnvironment.coraLocal.plugins.user == AppEnvironment.coraStage.plugins.user)
        #expect(AppEnvironment.coraLocal.plugins.connectivity == AppEnvironment.local.plugins.connectivity)
        #expect(AppEnvironment.coraInMemory.plugins.clock == "virtual")
    }

    @Test("Environments without from-calls health do not show a light probe")
    func noLightProbeElsewhere() {
        let text = EnvironmentListing().describe(.local, heading: "local").joined(separator: "\n")
        #expect(!text.contains("healthLightProbe"))
    }

    /// `PATH` stands in for the anon key's variable: every process has it, so
    /// the test needs no `setenv` (which races with parallel readers).
    @Test("A Supabase environment shows the anon key's variable, never the key, in the listing and in its problems")
    func supabaseKeyNeverShown() throws {
        let key = try #require(ProcessInfo.processInfo.environment["PATH"].flatMap { $0.isEmpty ? nil : $0 })
        var environment = AppEnvironment.oauth2Local
        for port in [PortName.auth, .user, .health] { environment.plugins[port] = "supabase" }
        environment.pluginSettings = [
            "baseURL": .text("http://127.0.0.1:54321/auth/v1"), "apiKeyVariable": .text("PATH"),
            "tokenHeaderStyle": .choice("token"),
        ]

        let text = EnvironmentListing().describe(environment, heading: "supabase").joined(separator: "\n")
        let problems = PluginRegistry.standard.problems(in: environment).map(\.description).joined(separator: "\n")

        #expect(text.contains("PATH"))
        #expect(text.contains("never shown"))
        #expect(!text.contains(key))
        #expect(problems.contains("tokenHeaderStyle"))
        #expect(!problems.contains(key))
    }

    @Test("An environment with an API key shows the variable's name, never a key")
    func apiKeyNeverShown() {
        var environment = AppEnvironment.inMemory
        environment.plugins.statement = "http"
        environment.pluginSettings["baseURL"] = .text("https://stage.example.com")
        environment.pluginSettings["apiKeyVariable"] = .text("GATEHOUSE_API_KEY")
        let text = EnvironmentListing().describe(environment, heading: "stage").joined(separator: "\n")
        #expect(text.contains("baseURL"))
        #expect(text.contains("https://stage.example.com"))
        #expect(text.contains("GATEHOUSE_API_KEY"))
        #expect(text.contains("never shown"))
    }

    @Test("--env FILE lists the file's environment after the built-in ones")
    func fileEnvironmentListed() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-envs-\(UUID().uuidString).json")
        try Data(#"{"name": "slow-tokens", "settings": {"tokenLifetimeSeconds": 30, "locale": "en-US"}}"#.utf8).write(
            to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(environment: path.path, command: .envs))
        #expect(code == 0)
        #expect(transcript.text.contains("slow-tokens (from --env)"))
        #expect(transcript.text.contains("tokenLifetimeSeconds      30"))
        #expect(transcript.text.contains("en-US"))
    }
}
