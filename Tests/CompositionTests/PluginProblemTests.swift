import Composition
import Testing
import CompositionTesting

/// Each plugin checks its own problems; the registry gathers the chosen
/// plugins' problems and recognises none by name.
@Suite("Each plugin checks its own problems")
struct PluginProblemTests {
    private static let actuatorProblem = CompositionError.missingSetting(
        setting: "actuatorPath", neededBy: "the actuator plugin")

    /// The standard registry plus a health plugin with a problem of its own.
    private static func registryWithActuator() -> PluginRegistry {
        var registry = PluginRegistry.standard
        registry.health.append(
            .init(name: "actuator", summary: "a test's probe", problems: { _ in [actuatorProblem] }) {
                _ throws(CompositionError) in throw actuatorProblem
            })
        return registry
    }

    @Test("A plugin added to the registry has its own problems named when an environment chooses it, and only then")
    func anAddedPluginsProblemsAreNamed() {
        var environment = AppEnvironment.inMemory
        #expect(Self.registryWithActuator().problems(in: environment).isEmpty)
        environment.plugins.health = "actuator"
        #expect(Self.registryWithActuator().problems(in: environment) == [Self.actuatorProblem])
        #expect(
            PluginRegistry.standard.problems(in: environment) == [
                .unknownPlugin(
                    port: "HealthProbe", name: "actuator", known: PluginRegistry.standard.names(for: .health))
            ])
    }

    @Test("A problem several chosen plugins share is named once")
    func aSharedProblemIsNamedOnce() {
        var environment = AppEnvironment.local
        environment.pluginSettings["baseURL"] = nil
        environment.pluginSettings["apiKeyVariable"] = nil
        #expect(
            PluginRegistry.standard.problems(in: environment) == [
                .missingSetting(setting: "baseURL", neededBy: "the http plugin")
            ])
    }

    @Test("oauth2's problems come in the order a person fixes them: the base URL, the API key, the client")
    func oauth2ProblemsInOrder() {
        var environment = AppEnvironment.oauth2Local
        environment.pluginSettings["baseURL"] = .text("ftp://auth.example.com")
        environment.pluginSettings["oauth2"] = nil
        let problems = PluginRegistry.standard.problems(in: environment)
        #expect(problems.count == 2)
        guard case .invalidSetting(let setting, _) = problems.first else {
            Issue.record("the base URL first, got \(problems)")
            return
        }
        #expect(setting == "baseURL")
        #expect(problems.last == .missingSetting(setting: "oauth2", neededBy: "the oauth2 plugin"))
    }

    @Test("A native app keeps no secret: oauth2 refuses a clientSecretVariable; only oauth2-password-legacy reads one")
    func onlyTheLegacyPluginTakesASecret() {
        var environment = AppEnvironment.oauth2Local
        environment.pluginSettings["oauth2"] = .object([
            "clientId": "our-app", "clientSecretVariable": "GATEHOUSE_TEST_NO_SUCH_VARIABLE",
        ])
        #expect(
            PluginRegistry.standard.problems(in: environment) == [
                .invalidSetting(
                    setting: "oauth2.clientSecretVariable",
                    reason:
                        "a native app is a public client and keeps no secret (RFC 8252 §8.5); only oauth2-password-legacy takes one"
                )
            ])
        environment.plugins.auth = "oauth2-password-legacy"
        #expect(
            PluginRegistry.standard.problems(in: environment) == [
                .missingSetting(
                    setting: "the client secret in $GATEHOUSE_TEST_NO_SUCH_VARIABLE",
                    neededBy: "the oauth2-password-legacy plugin")
            ])
    }

    @Test("No built-in environment chooses the legacy password grant or names a client secret")
    func noBuiltInEnvironmentUsesThePasswordGrant() {
        for environment in AppEnvironment.builtIn {
            #expect(environment.plugins.auth != "oauth2-password-legacy", "\(environment.name)")
            if case .object(let client) = environment.pluginSettings["oauth2"] {
                #expect(client["clientSecretVariable"] == nil, "\(environment.name)")
            }
        }
        #expect(AppEnvironment.oauth2Local.plugins.auth == "oauth2")
    }

    @Test("oauth2's discovery is on or off, and on needs the issuer")
    func discoveryNeedsAnIssuer() {
        var environment = AppEnvironment.oauth2Local
        #expect(PluginRegistry.standard.problems(in: environment).isEmpty)
        environment.pluginSettings["oauth2"] = .object(["clientId": "our-app", "discovery": "on"])
        #expect(
            PluginRegistry.standard.problems(in: environment) == [
                .missingSetting(setting: "oauth2.issuer", neededBy: "oauth2.discovery")
            ])
        environment.pluginSettings["oauth2"] = .object([
            "clientId": "our-app", "issuer": "https://auth.example.com", "discovery": "maybe",
        ])
        #expect(
            PluginRegistry.standard.problems(in: environment) == [
                .invalidSetting(setting: "oauth2.discovery", reason: "must be on or off")
            ])
    }
}
