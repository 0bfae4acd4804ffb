import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

@testable import Composition
import CompositionTesting

/// What a plugin declares, the world uses — never what its adapter's type
/// is: virtual time (the clock plugin's `WorldClock` case), the network
/// switch (a connectivity plugin's `networkSwitch`), health from the calls
/// (a health plugin's `learnsFromCalls`) and the stores that keep notices (a
/// store plugin's `StorePart.keepingNotices`). docs/environments.md, "What a
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

        let world = try AppWorld(testing: environment, registry: registry)

        #expect(!world.hasVirtualTime)
        #expect(try AppWorld(testing: .inMemory).hasVirtualTime)
    }

    @Test("The in-memory connectivity plugin declares a switch that turns the world's probe")
    func theInMemorySwitchTurnsTheWorldsProbe() async throws {
        let world = try AppWorld(testing: .inMemory)

        #expect(world.setNetwork(connected: false))
        #expect(await !world.connectivity.isConnected())
        #expect(world.setNetwork(connected: true))
        #expect(await world.connectivity.isConnected())
    }

    @Test("A connectivity plugin that declares no switch cannot be switched")
    func noDeclaredSwitchMeansNoSwitching() async throws {
        var environment = AppEnvironment.inMemory
        environment.plugins.connectivity = "network-interfaces"

        let world = try AppWorld(testing: environment)

        #expect(!world.setNetwork(connected: false))
    }

    @Test("A testing composition's switch for a plugin is the one a world turns, whatever the probe's type")
    func aTestPluginsSwitchIsUsed() async throws {
        var registry = PluginRegistry.standard
        registry.connectivity.append(
            PluginRegistry.Plugin<any ConnectivityProbe>(name: "test-network", summary: "a network a test turns") {
                context throws(CompositionError) in try context.shared("test-network") { TestNetwork() }
            })
        let hooks = WorldTestHooks(
            storeFaults: false,
            networkSwitch: { plugin, context throws(CompositionError) in
                guard plugin == "test-network" else { return nil }
                let network = try context.shared("test-network") { TestNetwork() }
                return NetworkSwitch { network.set(connected: $0) }
            })
        var environment = AppEnvironment.inMemory
        environment.plugins.connectivity = "test-network"

        let world = try AppWorld(testing: environment, registry: registry, testHooks: hooks)

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

        let world = try AppWorld(testing: environment, registry: registry)

        #expect(handed.withLock { $0 }, "the adapters it was handed are already behind the request deadline")
        #expect(world.remote.health is LearnedProbe, "the world uses the probe the plugin gave back, not its deadline")
    }

    @Test("A store plugin's declared notice keepers are the ones a world collects from, not whatever keeps notices")
    func aStorePluginsDeclaredNoticeKeepersAreCollected() throws {
        let declared = NoticingStore()
        let undeclared = NoticingStore()
        var registry = PluginRegistry.standard
        registry.store.append(
            .declaringNotices(
                name: "test-declared", summary: "a store that declares it keeps notices",
                signOutLedger: { _ in PluginRegistry.StorePart(InMemorySignOutLedger()) },
                pinVault: { _, hasher in PluginRegistry.StorePart(InMemoryPINVault(hasher: hasher, iterations: 1)) },
                rememberedIdentifier: { _ in InMemoryRememberedIdentifierStore() }
            ) { _, _ throws(CompositionError) in .keepingNotices(declared) })
        registry.store.append(
            PluginRegistry.StorePlugin(name: "test-undeclared", summary: "a store that keeps notices, undeclared") {
                _, _ throws(CompositionError) in undeclared
            })
        var environment = AppEnvironment.inMemory
        environment.plugins.store = "test-declared"
        let declaring = try AppWorld(testing: environment, registry: registry)
        environment.plugins.store = "test-undeclared"
        let silent = try AppWorld(testing: environment, registry: registry)
        declared.keep(StorageNotice(.tightened, "session: made 0600"))

        #expect(declaring.storageNoticeSources.count == 1)
        #expect(
            declaring.storageNoticeSources.first?.takeNotices() == [StorageNotice(.tightened, "session: made 0600")])
        #expect(silent.storageNoticeSources.isEmpty, "undeclared, its notices are never collected: no cast finds them")
    }

    @Test("The file keychain's plugin declares its session store, PIN vault and sign-out ledger as notice keepers")
    func theFileKeychainDeclaresItsNoticeKeepers() throws {
        var environment = AppEnvironment.inMemory
        environment.plugins.store = "file-keychain"
        environment.plugins.coding = "json"
        environment.pluginSettings["storeDirectory"] = .text(
            FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-notices-\(UUID().uuidString)").path
        )

        let world = try AppWorld(testing: environment)

        #expect(world.storageNoticeSources.count == 3)
        #expect(try AppWorld(testing: .inMemory).storageNoticeSources.isEmpty)
    }
}

/// A session store that keeps the notices a test gives it; the session is
/// the in-memory store's.
private final class NoticingStore: SessionDataStore, StorageNoticeSource {
    private let notices = Mutex<[StorageNotice]>([])
    private let session = InMemorySessionDataStore()

    func keep(_ notice: StorageNotice) { notices.withLock { $0.append(notice) } }

    func takeNotices() -> [StorageNotice] {
        notices.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    func read() async -> SessionRead { await session.read() }
    func save(_ session: UserSession) async throws(SessionStoreError) { try await self.session.save(session) }
    func delete() async throws(SessionStoreError) { try await session.delete() }

    func exclusively<Outcome: Sendable>(
        for purpose: SessionLockPurpose, waitingAtMost limit: Duration,
        _ body: @Sendable (any SessionDataStore) async -> Outcome
    ) async throws(SessionStoreError) -> Outcome {
        try await session.exclusively(for: purpose, waitingAtMost: limit, body)
    }
}

/// A network switch of a test's own.
private final class TestNetwork: ConnectivityProbe {
    private let connected = Mutex(true)

    func isConnected() async -> Bool { connected.withLock { $0 } }

    func set(connected: Bool) { self.connected.withLock { $0 = connected } }
}

private struct LearnedProbe: HealthProbe {
    let source = HealthSource.theAppsCalls
    func check() async throws(RemoteError) -> ServerHealth { .healthy }
}
