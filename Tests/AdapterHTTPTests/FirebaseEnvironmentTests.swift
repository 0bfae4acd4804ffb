import Composition
import Foundation
import Ports
import Testing
import CompositionTesting

/// The Firebase environment file of docs/environments.md, as written there,
/// built into a world that signs in and refreshes against a loopback stub;
/// and the settings the `firebase` plugin refuses.
@Suite("Firebase environment")
struct FirebaseEnvironmentTests {
    /// A variable every process has, standing in for the Web API key: no
    /// test calls `setenv`, which races with threads reading the environment.
    static let keyVariable = "PATH"

    /// The JSON block under "## Firebase Authentication" in docs/environments.md.
    static func documentedExample() throws -> String {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/environments.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let section = try #require(text.range(of: "## Firebase Authentication (untested against a live project)"))
        let start = try #require(text.range(of: "```json\n", range: section.upperBound..<text.endIndex))
        let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The example pointed at `baseURL`, its key in `keyVariable`, its stores in memory.
    static func environment(baseURL: String) throws -> AppEnvironment {
        let json = try documentedExample().replacingOccurrences(of: "http://127.0.0.1:9099", with: baseURL)
        var environment = try EnvironmentFile.parse(Data(json.utf8), path: "firebase.json", registry: .standard)
        environment.pluginSettings["webAPIKeyVariable"] = .text(keyVariable)
        environment.settings.requestTimeout = .seconds(120)
        environment.plugins.store = "in-memory"
        environment.plugins.coding = "in-memory-text"
        environment.plugins.preferences = "in-memory"
        return environment
    }

    @Test(
        "The documented file signs in on the Identity Toolkit and refreshes on the Secure Token service, the key in the query"
    )
    func documentedEnvironmentSignsInAndRefreshes() async throws {
        let key = try #require(ProcessInfo.processInfo.environment[Self.keyVariable])
        let server = try StubServer { request in
            request.path.contains("accounts:signInWithPassword")
                ? .json(200, #"{"idToken":"ID-1","refreshToken":"RT-1","expiresIn":"3600","localId":"u1"}"#)
                : .json(200, #"{"id_token":"ID-2","refresh_token":"RT-1","expires_in":"3600","user_id":"u1"}"#)
        }
        defer { server.stop() }
        let world = try AppWorld(testing: try Self.environment(baseURL: server.baseURL))

        let issued = try await world.remote.auth.signIn(
            Credentials(identifier: .email("user@example.com"), password: Password("password1")))
        let refreshed = try await world.remote.auth.refresh(.refreshToken(try #require(issued.refreshToken)))

        #expect(issued.accessToken == AccessToken("ID-1"))
        #expect(issued.statedLifetime == .seconds(3600))
        #expect(refreshed.accessToken == AccessToken("ID-2"))
        #expect(refreshed.refreshToken == RefreshToken("RT-1"))
        let requests = server.requests
        #expect(requests.count == 2)
        let signIn = try #require(requests.first)
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encodedKey = try #require(key.addingPercentEncoding(withAllowedCharacters: unreserved))
        #expect(signIn.path == "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=" + encodedKey)
        #expect(signIn.header("apikey") == nil, "the key travels in the query, never a header")
        let refresh = try #require(requests.last)
        #expect(refresh.path == "/securetoken.googleapis.com/v1/token?key=" + encodedKey)
        #expect(refresh.header("content-type") == "application/x-www-form-urlencoded")
        #expect(String(decoding: refresh.body, as: UTF8.self) == "grant_type=refresh_token&refresh_token=RT-1")
    }

    @Test(
        "Without the key's variable, or with a second base URL in clear to another host, the file is refused saying why"
    )
    func refusals() throws {
        var environment = try Self.environment(baseURL: "http://127.0.0.1:9")
        environment.pluginSettings["webAPIKeyVariable"] = .text("GATEHOUSE_FIREBASE_TEST_UNSET_VARIABLE")
        #expect(
            PluginRegistry.standard.problems(in: environment).contains(
                .missingSetting(
                    setting: "the Web API key in $GATEHOUSE_FIREBASE_TEST_UNSET_VARIABLE",
                    neededBy: "the firebase plugin")))

        environment.pluginSettings["webAPIKeyVariable"] = .text(Self.keyVariable)
        environment.pluginSettings["secureTokenBaseURL"] = .text("http://securetoken.example.com/v1/")
        let problems = PluginRegistry.standard.problems(in: environment)
        #expect(problems.contains { "\($0)".contains("secureTokenBaseURL") }, "\(problems)")
        #expect(throws: CompositionError.self) { try AppWorld(testing: environment) }
    }
}
