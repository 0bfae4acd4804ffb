import Composition
import DomainCore
import Ports
import Testing

/// A world made as an app ships it holds no test hook on its path: its app
/// store is the environment's store, bound to its backend, with no fault
/// switch in front (issue 54). The acceptance runs ask for one.
@MainActor
struct ShippingWorldTests {
    /// The built-in environments that need no server, no key and no
    /// directory of the machine's to be made: every in-memory one.
    nonisolated static let inMemoryEnvironments = AppEnvironment.builtIn.filter { $0.name.hasSuffix("in-memory") }.map(
        \.name)

    @Test("A shipping world (the default) holds no store fault switch", arguments: inMemoryEnvironments)
    func shippingWorldHoldsNoFaultSwitch(name: String) async throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        let world = try AppWorld(environment: environment)
        #expect(world.storeFaults == nil)
        #expect(!(world.appStore is StoreFaultSwitch))
        // The store the app writes to is the bound store itself.
        #expect(world.appStore as AnyObject === world.store as AnyObject)
    }

    @Test(
        "A world made for the acceptance runs puts the store behind its fault switch", arguments: inMemoryEnvironments)
    func acceptanceWorldHasTheSwitch(name: String) async throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        let world = try AppWorld(environment: environment, testHooks: .acceptance)
        let faults = try #require(world.storeFaults)
        #expect(world.appStore as AnyObject === faults)
        faults.set(.unavailable)
        #expect(faults.current == .unavailable)
    }

    @Test("The in-memory environments are found, so the checks above ran on something")
    func environmentsAreFound() {
        #expect(Self.inMemoryEnvironments.contains("in-memory"))
    }
}
