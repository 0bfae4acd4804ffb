import Composition
import ExampleAdapters
import Foundation
import Ports
import Testing
import CompositionTesting

/// The adapter guide's second example plugged in: a team's registry — the
/// standard one plus the Actuator health probe — with the health port
/// pointed at a Spring Boot service (here the loopback stand-in), every other
/// port keeping its in-memory adapter.
@Suite("The example Actuator health probe, plugged in")
struct ActuatorPluginTests {
    /// The registry a team would keep: the standard plugins plus `actuator`.
    static func registry() -> PluginRegistry {
        var registry = PluginRegistry.standard
        registry.health.append(
            PluginRegistry.Plugin(
                name: "actuator",
                summary: "Spring Boot Actuator's GET /actuator/health (the adapter guide's example)",
                settings: [.text("baseURL", role: .baseURL, "the service's root: https, or http to loopback")]
            ) { context throws(CompositionError) in
                guard let baseURL = context.settings.text("baseURL") else {
                    throw .missingSetting(setting: "baseURL", neededBy: "the actuator plugin")
                }
                guard let url = URL(string: baseURL) else {
                    throw .invalidSetting(setting: "baseURL", reason: "not a URL")
                }
                do throws(ActuatorBaseURLError) {
                    return try ActuatorHealthProbe(baseURL: url)
                } catch {
                    throw .invalidSetting(setting: "baseURL", reason: error.description)
                }
            })
        return registry
    }

    /// The in-memory environment with the Actuator probe in the health port.
    static func environment(baseURL: String?) -> AppEnvironment {
        var environment = AppEnvironment.inMemory
        environment.plugins.health = "actuator"
        environment.pluginSettings["baseURL"] = baseURL.map(SettingValue.text)
        return environment
    }

    @Test("The health port asks the Actuator service, and hears it go down and come back")
    func theHealthPortAsksTheService() async throws {
        let service = try ActuatorStandIn()
        let world = try AppWorld(
            testing: Self.environment(baseURL: service.baseURL.absoluteString), registry: Self.registry())

        let up = try await world.remote.health.check()
        service.setUp(false)
        let down = try await world.remote.health.check()

        #expect(up == .healthy)
        #expect(down == .unhealthy)
        #expect(service.healthCalls == 2)
    }

    @Test("Without a base URL the world is not built, and the error names the setting and the plugin")
    func aMissingBaseURLIsNamed() {
        #expect(throws: CompositionError.missingSetting(setting: "baseURL", neededBy: "the actuator plugin")) {
            try AppWorld(testing: Self.environment(baseURL: nil), registry: Self.registry())
        }
    }

    @Test("A plain-http base URL off loopback is refused before anything is sent")
    func aRemotePlainHTTPBaseURLIsRefused() {
        #expect(throws: CompositionError.self) {
            try AppWorld(testing: Self.environment(baseURL: "http://example.com"), registry: Self.registry())
        }
    }
}
