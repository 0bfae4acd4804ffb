import Composition
import DomainCore
import CompositionTesting

/// A launch of the app on a world, driven through its screens' models as a
/// person would: what the bootstrap, soak and day scenarios repeat.
@MainActor
struct BenchLaunch {
    let container: AppContainer
    let main: MainViewModel

    /// A new container on `world`, its root made and launched, settled.
    static func start(on world: AppWorld) async -> BenchLaunch {
        let container = AppContainer(world: world)
        let main = container.makeMainViewModel()
        container.launch(main)
        await world.settle()
        return BenchLaunch(container: container, main: main)
    }

    /// A launch on a new in-memory world, Maria signed in.
    static func signedInOnAnInMemoryWorld() async throws(BenchSetupError) -> BenchLaunch {
        let world: AppWorld
        do {
            world = try AppWorld(testing: .inMemory)
        } catch {
            throw BenchSetupError("cannot build the in-memory world: \(error)")
        }
        let launch = await start(on: world)
        guard await launch.signIn() else { throw BenchSetupError("the in-memory app could not sign in") }
        return launch
    }

    /// Signs Maria in through welcome and sign-in; true when the signed-in area shows.
    func signIn() async -> Bool {
        main.onboarding?.welcome?.signIn()
        guard let form = main.onboarding?.signIn else { return false }
        form.identifier = "123.456.789-09"
        await form.next()
        form.password = "123456"
        await form.next()
        await container.world.settle()
        return main.signedInArea != nil
    }
}
