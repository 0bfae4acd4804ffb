import Composition
import DomainCore
import Ports
import Testing
import CompositionTesting

/// The world a launch runs on, and the containers built on it.
@MainActor
@Suite("AppWorld and containers")
struct AppWorldTests {
    @Test func theInMemoryWorldHasVirtualTimeAndControlSwitches() throws {
        let world = try AppWorld(testing: .inMemory)
        #expect(world.hasVirtualTime)
        #expect(world.control != nil)
    }

    @Test func passingTimeOnAVirtualClockMovesItExactly() async throws {
        let world = try AppWorld(testing: .inMemory)
        let start = world.now()
        await world.pass(.seconds(61))
        #expect(world.now().timeIntervalSince(start) == 61)
    }

    @Test func aLaunchOnAnEmptyStoreSettlesOnWelcome() async throws {
        let world = try AppWorld(testing: .inMemory)
        let container = AppContainer(world: world)
        let main = container.makeMainViewModel()

        _ = world.scheduler.spawn { @MainActor in await main.launch.start() }
        await world.settle()

        #expect(main.screen == .onboarding)
        #expect(main.onboarding?.step == .welcome)
        await container.shutDown()
    }

    @Test func aSecondContainerOnTheSameWorldRestoresTheSessionTheFirstSaved() async throws {
        let world = try AppWorld(testing: .inMemory)
        let first = AppContainer(world: world)
        _ = first.makeMainViewModel()
        await first.launcher.bootstrap()
        let signedIn = await first.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        #expect(signedIn.map(\.name) == .success("Maria Silva"))
        await first.shutDown()

        let second = AppContainer(world: world)
        let main = second.makeMainViewModel()
        _ = world.scheduler.spawn { @MainActor in await main.launch.start() }
        await world.settle()

        #expect(main.screen == .signedIn)
        #expect(main.dashboard?.user.name == "Maria Silva")
        await second.shutDown()
    }

    @Test func tenMinutesSignedInMakeTwelveRefreshesAndNothingIsLeftRunningAfterShutDown() async throws {
        let world = try AppWorld(testing: .inMemory)
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        _ = await container.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))

        await world.pass(.seconds(600))

        let metrics = try #require(try await world.control?.metrics())
        #expect(metrics.refreshes == 12)
        await container.shutDown()
        await world.settle()
        #expect(!container.authSession.isRefreshingProactively)
        #expect(!container.health.isPolling)
    }

    @Test func aRelaunchLeavesNoPollingNoRefreshingAndNoMonitorOfTheOldLaunchBehind() async throws {
        let world = try AppWorld(testing: .inMemory)
        weak var oldMonitor: HealthMonitor?
        weak var oldSession: AuthSession?
        do {
            let first = AppContainer(world: world)
            let main = first.makeMainViewModel()
            first.health.startMonitoring()
            _ = world.scheduler.spawn { @MainActor in await main.launch.start() }
            await world.settle()
            _ = await first.signIn.login(
                Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
            await world.pass(.seconds(120))
            #expect(world.liveTaskCount == 2, "the health poll and the proactive refresh")
            oldMonitor = first.health
            oldSession = first.authSession
            await first.shutDown()
        }
        await world.settle()
        #expect(world.liveTaskCount == 0)
        #expect(oldMonitor == nil)
        #expect(oldSession == nil)

        let second = AppContainer(world: world)
        let main = second.makeMainViewModel()
        second.health.startMonitoring()
        _ = world.scheduler.spawn { @MainActor in await main.launch.start() }
        await world.settle()
        #expect(main.screen == .signedIn)
        #expect(world.liveTaskCount == 2)

        await main.dashboard?.logout()
        await world.settle()
        #expect(world.liveTaskCount == 1, "after logout only the health poll is left")
        await second.shutDown()
        await world.settle()
        #expect(world.liveTaskCount == 0)
    }
}
