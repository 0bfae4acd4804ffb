import Composition
import Foundation
import Ports
import Testing
import CompositionTesting

/// The Supabase environment file of docs/environments.md, as written there,
/// built into a world and signing in against the loopback stub; and the
/// settings the `supabase` plugins refuse.
@Suite("Supabase environment")
struct SupabaseEnvironmentTests {
    /// The variable the documented example names.
    static let documentedKeyVariable = "SUPABASE_ANON_KEY"
    /// The variable the tests name instead: one every process has, so that no
    /// test calls `setenv`, which races with other threads reading the
    /// environment while the suites run in parallel. Its value stands in for
    /// the anon key.
    static let keyVariable = "PATH"

    static func anonKey() throws -> String {
        try #require(ProcessInfo.processInfo.environment[keyVariable].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The JSON block under "## Supabase Auth" in docs/environments.md.
    static func documentedExample() throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/environments.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.range(of: "## Supabase Auth (untested against a live Supabase)"))
        let start = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The example with its loopback base URL turned to `baseURL`, the key's
    /// variable to `keyVariable`, and the stores in memory so the test leaves
    /// no file behind. Requests may take two minutes: on a busy machine the
    /// default ten seconds can run out before the stub is even scheduled (the
    /// deadline itself is `RequestDeadlineTests`'s).
    static func environment(baseURL: String) throws -> AppEnvironment {
        let example = try documentedExample()
        #expect(example.contains("\"baseURL\": \"http://127.0.0.1:54321/auth/v1\""))
        #expect(example.contains("\"apiKeyVariable\": \"\(documentedKeyVariable)\""))
        let json = example.replacingOccurrences(of: "http://127.0.0.1:54321", with: baseURL)
        var environment = try EnvironmentFile.parse(Data(json.utf8), path: "supabase.json", registry: .standard)
        environment.pluginSettings["apiKeyVariable"] = .text(keyVariable)
        environment.settings.requestTimeout = .seconds(120)
        environment.plugins.store = "in-memory"
        environment.plugins.coding = "in-memory-text"
        environment.plugins.preferences = "in-memory"
        return environment
    }

    @Test("The documented environment file signs in against the stub by e-mail, sending the anon key from its variable")
    func documentedEnvironmentSignsIn() async throws {
        let anonKey = try Self.anonKey()
        let server = try StubServer { _ in .json(200, SupabaseFixtures.tokenAnswer(access: "AT-1", refresh: "RT-1")) }
        defer { server.stop() }

        let environment = try Self.environment(baseURL: server.baseURL)
        let world = try AppWorld(testing: environment)
        let issued = try await world.remote.auth.signIn(
            Credentials(identifier: .email("user@example.com"), password: Password("password1")))

        #expect(environment.plugins.auth == "supabase")
        #expect(environment.plugins.user == "supabase")
        #expect(environment.plugins.health == "supabase")
        #expect(issued.refreshToken == RefreshToken("RT-1"))
        let request = try #require(server.requests.first)
        #expect(request.path == "/auth/v1/token?grant_type=password")
        #expect(request.header("apikey") == anonKey)
        #expect(!world.remote.auth.offersRegistration)
        #expect(world.remote.user.offersCurrentUser)
        #expect(!world.remote.user.offersAccountRoutes)
    }

    @Test(
        "Without the anon key's variable, or with the Cora token header, the environment is refused saying why, never showing a key"
    )
    func refusals() throws {
        let anonKey = try Self.anonKey()
        var environment = try Self.environment(baseURL: "http://127.0.0.1:9")

        environment.pluginSettings["apiKeyVariable"] = .text("GATEHOUSE_SUPABASE_TEST_UNSET_VARIABLE")
        let unset = try #require(PluginRegistry.standard.problems(in: environment).first)
        #expect(
            unset
                == .missingSetting(
                    setting: "the anon key in $GATEHOUSE_SUPABASE_TEST_UNSET_VARIABLE", neededBy: "the supabase plugins"
                ))
        #expect(throws: unset) { try AppWorld(testing: environment) }

        environment.pluginSettings["apiKeyVariable"] = nil
        #expect(PluginRegistry.standard.problems(in: environment).first?.description.contains("apiKeyVariable") == true)

        environment.pluginSettings["apiKeyVariable"] = .text(Self.keyVariable)
        environment.pluginSettings["tokenHeaderStyle"] = .choice("token")
        let header = try #require(PluginRegistry.standard.problems(in: environment).first)
        #expect(header == .invalidSetting(setting: "tokenHeaderStyle", reason: "Supabase Auth takes \"bearer\" tokens"))
        #expect(!"\(header)".contains(anonKey))
    }
}
