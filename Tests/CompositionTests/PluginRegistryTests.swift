import Composition
import Testing

/// The registry: every built-in environment's plugins exist; an unknown name
/// is refused with the names that do.
@Suite("Plugin registry")
struct PluginRegistryTests {
    @Test(arguments: AppEnvironment.builtIn.map(\.name))
    func everyBuiltInEnvironmentValidates(name: String) throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        try PluginRegistry.standard.validate(environment)
    }

    @Test(
        arguments: [
            ("auth", "AuthRemoteAPI"), ("user", "UserRemoteAPI"), ("statement", "StatementRemoteAPI"),
            ("health", "HealthProbe"), ("store", "SessionDataStore"), ("coding", "SessionCoding"), ("clock", "Clock"),
        ])
    func anUnknownPluginIsRefusedNamingThePortAndTheKnownOnes(field: String, port: String) {
        var environment = AppEnvironment.inMemory
        switch field {
        case "auth": environment.plugins.auth = "carrier-pigeon"
        case "user": environment.plugins.user = "carrier-pigeon"
        case "statement": environment.plugins.statement = "carrier-pigeon"
        case "health": environment.plugins.health = "carrier-pigeon"
        case "store": environment.plugins.store = "carrier-pigeon"
        case "coding": environment.plugins.coding = "carrier-pigeon"
        default: environment.plugins.clock = "carrier-pigeon"
        }
        #expect {
            try PluginRegistry.standard.validate(environment)
        } throws: { error in
            guard case CompositionError.unknownPlugin(let namedPort, let name, let known) = error else { return false }
            return namedPort == port && name == "carrier-pigeon" && !known.isEmpty
        }
    }
}
