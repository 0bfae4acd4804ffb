import Foundation
import Testing

@testable import Composition
import CompositionTesting

/// `settings.connectionsPerHost` from an environment file reaches both of
/// its readers: URLSession's connections per host in the HTTP adapters, and
/// the token manager's admission limit.
@Suite("connectionsPerHost from an environment file")
struct ConnectionsPerHostSettingTests {
    @Test("The file's value becomes the HTTP configuration's connections per host")
    func reachesTheHTTPConfiguration() throws {
        let json = #"{"base": "local", "settings": {"connectionsPerHost": 2, "baseURL": "http://127.0.0.1:8080"}}"#
        let environment = try EnvironmentFile.parse(Data(json.utf8), path: "two.json", registry: .standard)

        let settings = PluginRegistry.standard.settings(for: .auth, in: environment)
        #expect(try HTTPPlugins.httpConfiguration(for: settings).maximumConnectionsPerHost == 2)
    }

    @Test("The file's value becomes the token manager's admission limit")
    @MainActor
    func reachesTheTokenPolicy() throws {
        let json = #"{"base": "in-memory", "settings": {"connectionsPerHost": 3}}"#
        let environment = try EnvironmentFile.parse(Data(json.utf8), path: "three.json", registry: .standard)
        let container = AppContainer(world: try AppWorld(testing: environment))

        #expect(container.policy.maxAuthorizedCallsInFlight == 3)
    }
}
