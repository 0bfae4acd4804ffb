import Composition
import CompositionTesting
import DomainCore
import Ports
import Testing

/// A world made as an app ships it holds no test hook on its path: its app
/// store is the environment's store, bound to its backend, with no fault
/// switch in front, no backend control and no network switch (issue 54).
/// The testing composition (`CompositionTesting`) adds them; the shipping
/// registry holds none of the stand-ins.
@MainActor
struct ShippingWorldTests {
    /// The built-in environments that need no server, no key and no
    /// directory of the machine's to be made: every in-memory one.
    nonisolated static let inMemoryEnvironments = AppEnvironment.builtIn.filter { $0.name.hasSuffix("in-memory") }.map(
        \.name)

    @Test(
        "A world made without test hooks holds no store fault switch, no backend control and no network switch",
        arguments: inMemoryEnvironments)
    func shippingWorldHoldsNoHook(name: String) async throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        // The stand-ins' registry, so that the in-memory environments can be
        // made at all: what is checked is what the world adds by itself.
        let world = try AppWorld(environment: environment, registry: .standard)
        #expect(world.storeFaults == nil)
        #expect(!(world.appStore is StoreFaultSwitch))
        // The store the app writes to is the bound store itself.
        #expect(world.appStore as AnyObject === world.store as AnyObject)
        #expect(world.control == nil)
        #expect(!world.setNetwork(connected: false))
    }

    @Test(
        "A world made for the acceptance runs has the store's fault switch, the backend's control and the network switch",
        arguments: inMemoryEnvironments)
    func acceptanceWorldHasTheSwitches(name: String) async throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        let world = try AppWorld(testing: environment)
        let faults = try #require(world.storeFaults)
        #expect(world.appStore as AnyObject === faults)
        faults.set(.unavailable)
        #expect(faults.current == .unavailable)
        #expect(world.control != nil)
        #expect(world.setNetwork(connected: false))
        #expect(await !world.connectivity.isConnected())
    }

    @Test("The shipping registry holds no stand-in: no in-memory backend, network or browser, no virtual time")
    func shippingRegistryHoldsNoStandIn() {
        for port in PortName.allCases {
            let shipped = Set(PluginRegistry.shipping.names(for: port))
            let standing = Set(PluginRegistry.standIns.names(for: port))
            #expect(shipped.isDisjoint(with: standing), "\(port): \(shipped.intersection(standing))")
            // The standard registry is the shipping one plus the stand-ins.
            #expect(Set(PluginRegistry.standard.names(for: port)) == shipped.union(standing), "\(port)")
        }
        #expect(throws: CompositionError.self) { try PluginRegistry.shipping.validate(.inMemory) }
    }

    @Test("The in-memory environments are found, so the checks above ran on something")
    func environmentsAreFound() {
        #expect(Self.inMemoryEnvironments.contains("in-memory"))
    }
}
