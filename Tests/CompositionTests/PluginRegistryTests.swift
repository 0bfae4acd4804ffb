import Composition
import Foundation
import Testing
import CompositionTesting

/// The registry: every built-in environment's plugins exist; an unknown name
/// is refused with the names that do.
@Suite("Plugin registry")
struct PluginRegistryTests {
    @Test(arguments: AppEnvironment.builtIn.map(\.name))
    func everyBuiltInEnvironmentValidates(name: String) throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        try PluginRegistry.standard.validate(environment)
    }

    @Test(arguments: PortName.allCases)
    func anUnknownPluginIsRefusedNamingThePortAndTheKnownOnes(port: PortName) {
        var environment = AppEnvironment.inMemory
        environment.plugins[port] = "carrier-pigeon"
        #expect {
            try PluginRegistry.standard.validate(environment)
        } throws: { error in
            guard case CompositionError.unknownPlugin(let namedPort, let name, let known) = error else { return false }
            return namedPort == port.protocolName && name == "carrier-pigeon"
                && known == PluginRegistry.standard.names(for: port)
        }
    }

    @Test("An environment file names its plugins by port, and an unknown port is refused naming the known ones")
    func environmentFilesNameOnePluginPerPort() throws {
        let environment = try EnvironmentFile.parse(
            Data(#"{"plugins": {"health": "http", "store": "file-keychain"}}"#.utf8), path: "mixed.json",
            registry: .standard)
        #expect(environment.plugins[.health] == "http")
        #expect(environment.plugins[.store] == "file-keychain")
        #expect(environment.plugins[.auth] == AppEnvironment.inMemory.plugins.auth)
        #expect {
            try EnvironmentFile.parse(
                Data(#"{"plugins": {"remote": "http"}}"#.utf8), path: "old.json", registry: .standard)
        } throws: { error in
            guard case CompositionError.environmentFileInvalid(_, let field, let reason) = error else { return false }
            return field == "plugins.remote" && PortName.allCases.allSatisfy { reason.contains($0.rawValue) }
        }
    }
}
