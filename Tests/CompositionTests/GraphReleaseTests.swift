import Composition
import DomainCore
import Ports
import Testing
import CompositionTesting

/// Nothing of a launch outlives it: once the container is shut down and the
/// world has settled, every object of the graph — container, root, session,
/// token manager, repository, monitor, and the screens' models — is freed.
/// A retain cycle anywhere in it (a closure holding its owner, a loop holding
/// the manager) fails here, naming what was kept.
@MainActor
@Suite("A launch's graph is freed")
struct GraphReleaseTests {
    /// Weak references to every object of one launch's graph.
    private final class Watched {
        weak var container: AppContainer?
        weak var main: MainViewModel?
        weak var authSession: AuthSession?
        weak var tokenManager: TokenManager?
        weak var repository: UserSessionRepository?
        weak var health: HealthMonitor?
        weak var signedInArea: SignedInCoordinator?
        weak var dashboard: DashboardViewModel?
        weak var statement: StatementListViewModel?

        var kept: [String] {
            let all: [(String, AnyObject?)] = [
                ("AppContainer", container), ("MainViewModel", main), ("AuthSession", authSession),
                ("TokenManager", tokenManager), ("UserSessionRepository", repository), ("HealthMonitor", health),
                ("SignedInCoordinator", signedInArea), ("DashboardViewModel", dashboard),
                ("StatementListViewModel", statement),
            ]
            return all.filter { $0.1 != nil }.map(\.0)
        }
    }

    /// Signs Maria in through the screens' models, keeps her signed in for two
    /// minutes (two refreshes), opens the statement; then `end` ends the launch.
    private func signedInLaunch(
        on world: AppWorld, watching watched: Watched, end: (AppContainer, MainViewModel) async -> Void
    ) async throws {
        let container = AppContainer(world: world)
        let main = container.makeMainViewModel()
        container.launch(main)
        await world.settle()
        main.onboarding?.welcome?.signIn()
        let signIn = try #require(main.onboarding?.signIn)
        signIn.identifier = "123.456.789-09"
        await signIn.next()
        signIn.password = "123456"
        await signIn.next()
        await world.settle()
        let area = try #require(main.signedInArea)
        await world.pass(.seconds(120))
        await area.dashboard.showStatement()
        await world.settle()
        guard case .statement(let statement) = area.destination else {
            Issue.record("the statement is on screen, not \(area.route)")
            return
        }
        #expect(statement.sections != nil)

        watched.container = container
        watched.main = main
        watched.authSession = container.authSession
        watched.tokenManager = container.tokenManager
        watched.repository = container.repository
        watched.health = container.health
        watched.signedInArea = area
        watched.dashboard = area.dashboard
        watched.statement = statement
        await end(container, main)
    }

    @Test("Shut down while signed in: the whole graph is freed")
    func shutDownWhileSignedIn() async throws {
        let world = try AppWorld(testing: .inMemory)
        let watched = Watched()
        try await signedInLaunch(on: world, watching: watched) { container, _ in await container.shutDown() }
        await world.settle()

        #expect(world.liveTaskCount == 0)
        #expect(watched.kept == [], "kept alive after the launch ended")
    }

    @Test("Relaunched while GET /users/me hangs: the ended launch's graph is freed")
    func relaunchedWhileTheUserCheckHangs() async throws {
        let world = try AppWorld(testing: .inMemory)
        let control = try #require(world.control)
        let watched = Watched()
        try await signedInLaunch(on: world, watching: watched) { container, _ in await container.shutDown() }
        await world.settle()
        try await control.addFault(route: "GET /users/me", mode: .hang, count: 1)

        // A launch on the stored session: its bootstrap waits on the hung
        // /users/me, then the app ends (a relaunch or quit).
        let hungWatched = Watched()
        do {
            let container = AppContainer(world: world)
            let main = container.makeMainViewModel()
            container.launch(main)
            await world.settle()
            #expect(main.screen == .startup, "the bootstrap waits on /users/me")
            hungWatched.container = container
            hungWatched.main = main
            hungWatched.authSession = container.authSession
            hungWatched.tokenManager = container.tokenManager
            hungWatched.repository = container.repository
            hungWatched.health = container.health
            await container.shutDown()
        }
        await world.settle()

        #expect(world.liveTaskCount == 0, "the hung request was abandoned with its launch")
        #expect(hungWatched.kept == [], "kept alive by the request that never answered")
        #expect(watched.kept == [])
    }

    @Test("Logged out, then shut down: the whole graph is freed")
    func logoutThenShutDown() async throws {
        let world = try AppWorld(testing: .inMemory)
        let watched = Watched()
        try await signedInLaunch(on: world, watching: watched) { container, main in
            await main.dashboard?.logout()
            await world.settle()
            await container.shutDown()
        }
        await world.settle()

        #expect(world.liveTaskCount == 0)
        #expect(watched.kept == [], "kept alive after the launch ended")
    }
}
