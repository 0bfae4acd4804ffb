import AdapterInMemory
import DomainCore
import Ports
import Synchronization
import TaskRuntime
import Testing

@testable import Composition

/// What a plugin declares, the world uses — never what its adapter's type
/// is: virtual time (the clock plugin's `WorldClock` case), the network
/// switch (a connectivity plugin's `networkSwitch`) and health from the calls
/// (a health plugin's `learnsFromCalls`). docs/environments.md, "What a
/// plugin declares".
@MainActor
@Suite("Capabilities a plugin declares")
struct DeclaredCapabilityTests {
    @Test("A clock plugin's declared time decides virtual time, not the type of the clock it made")
    func theClockPluginsDeclarationDecidesVirtualTime() throws {
        var registry = PluginRegistry.standard
        registry.clock.append(
            PluginRegistry.ClockPlugin(name: "manual-declared-real", summary: "a manual clock declared real") {
                activity, _ in .real(ManualClock(activity: activity))
            })
        var environment = AppEnvironment.inMemory
        environment.plugins.clock = "manual-declared-real"

        let world = try AppWorld(environment: environment, registry: registry)

        #expect(!world.hasVirtualTime)
        #expect(try AppWorld(environment: .inMemory).hasVirtualTime)
    }

    @Test("The in-memory connectivity plugin declares a switch that turns the world's probe")
    func theInMemorySwitchTurnsTheWorldsProbe() async throws {
        let world = try AppWorld(environment: .inMemory)

        #expect(world.setNetwork(connected: false))
        #expect(await !world.connectivity.isConnected())
        #expect(world.setNetwork(connected: true))
        #expect(await world.connectivity.isConnected())
    }

    @Test("A connectivity plugin that declares no switch cannot be switched")
    func noDeclaredSwitchMeansNoSwitching() async throws {
        var environment = AppEnvironment.inMemory
        environment.plugins.connectivity = "network-interfaces"

        let world = try AppWorld(environment: environment)

        #expect(!world.setNetwork(connected: false))
    }

    @Test("A test plugin's declared switch is the one a world turns, whatever the probe's type")
    func aTestPluginsSwitchIsUsed() async throws {
        var registry = PluginRegistry.standard
        registry.connectivity.append(
            PluginRegistry.Plugin<any ConnectivityProbe>(
                name: "test-network", summary: "a network a test turns",
                networkSwitch: { context throws(CompositionError) in
                    let network = try context.shared("test-network") { TestNetwork() }
                    return NetworkSwitch { network.set(connected: $0) }
                }
            ) { context throws(CompositionError) in try context.shared("test-network") { TestNetwork() } })
        var environment = AppEnvironment.inMemory
        environment.plugins.connectivity = "test-network"

        let world = try AppWorld(environment: environment, registry: registry)

        #expect(world.setNetwork(connected: false))
        #expect(await !world.connectivity.isConnected())
    }

    @Test(
        "A health plugin that declares it learns from the calls is handed the world's adapters, and its answer is used")
    func aHealthPluginThatLearnsFromCallsRewiresTheWorld() throws {
        let handed = Mutex(false)
        var registry = PluginRegistry.standard
        registry.health.append(
            PluginRegistry.Plugin<any HealthProbe>(
                name: "test-learner", summary: "a probe that learns from the calls",
                learnsFromCalls: { _, remote throws(CompositionError) in
                    handed.withLock { $0 = remote.auth is DeadlineAuthRemoteAPI }
                    return RemoteAdapters(
                        auth: remote.auth, user: remote.user, statement: remote.statement, health: LearnedProbe())
                }
            ) { _ throws(CompositionError) in LearnedProbe() })
        var environment = AppEnvironment.inMemory
        environment.plugins.health = "test-learner"

        let world = try AppWorld(environment: environment, registry: registry)

        #expect(handed.withLock { $0 }, "the adapters it was handed are already behind the request deadline")
        #expect(world.remote.health is LearnedProbe, "the world uses the probe the plugin gave back, not its deadline")
    }
}

/// A network switch of a test's own.
private final class TestNetwork: ConnectivityProbe {
    private let connected = Mutex(true)

    func isConnected() async -> Bool { connected.withLock { $0 } }

    func set(connected: Bool) { self.connected.withLock { $0 = connected } }
}

private struct LearnedProbe: HealthProbe {
    func check() async throws(RemoteError) -> ServerHealth { .healthy }
}
