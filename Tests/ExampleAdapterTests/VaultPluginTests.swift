import Composition
import DomainCore
import ExampleAdapters
import Ports
import Testing
import CompositionTesting

/// The adapter guide's last step, run: the example store plugged into the
/// store port through the plugin registry, every other port keeping its
/// in-memory adapter.
@MainActor
@Suite("The example vault store, plugged in")
struct VaultPluginTests {
    /// The registry every test here uses: the standard plugins plus the vault.
    private func registry(with vault: InMemorySecretVault) -> PluginRegistry {
        var registry = PluginRegistry.standard
        registry.store.append(
            PluginRegistry.StorePlugin(
                name: "vault",
                summary: "the session in a secret vault (the adapter guide's example)"
            ) { _, coding in
                VaultSessionDataStore(vault: vault, coding: coding)
            })
        return registry
    }

    /// The in-memory environment with the vault in the store port.
    private func environment() -> AppEnvironment {
        var environment = AppEnvironment.inMemory
        environment.plugins.store = "vault"
        return environment
    }

    @Test("The registry gives the vault store to the store port, and every other port keeps its adapter")
    func theVaultPluginsIntoTheStorePort() throws {
        let vault = InMemorySecretVault()
        let world = try AppWorld(testing: environment(), registry: registry(with: vault))
        let standard = try AppWorld(testing: .inMemory)

        #expect(world.storeAdapter is VaultSessionDataStore)
        #expect(type(of: world.remote.auth) == type(of: standard.remote.auth))
        #expect(world.hasVirtualTime)
    }

    @Test("A sign-in is kept in the vault, and the next launch on the same vault opens on the dashboard")
    func aSignInIsKeptInTheVaultAndRestored() async throws {
        let vault = InMemorySecretVault()
        let world = try AppWorld(testing: environment(), registry: registry(with: vault))
        let first = AppContainer(world: world)
        _ = first.makeMainViewModel()
        await first.launcher.bootstrap()

        let signedIn = await first.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        await first.shutDown()

        #expect(signedIn.map(\.name) == .success("Maria Silva"))
        #expect(vault.names == ["gatehouse.session"])
        let second = AppContainer(world: world)
        let main = second.makeMainViewModel()
        second.launch(main)
        await world.settle()
        #expect(main.screen == .signedIn)
        #expect(main.dashboard?.user.name == "Maria Silva")
        await second.shutDown()
    }

    @Test("A logout leaves nothing in the vault")
    func aLogoutEmptiesTheVault() async throws {
        let vault = InMemorySecretVault()
        let world = try AppWorld(testing: environment(), registry: registry(with: vault))
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))

        await container.sessionEnd.logout()
        await world.settle()

        #expect(vault.names == [])
        #expect(await world.store.read() == .absent)
        await container.shutDown()
    }
}
