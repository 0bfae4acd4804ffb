import Composition
import DomainCore
import Foundation
import CompositionTesting

/// The overhead scenario's Gatehouse contender: an app built by the
/// composition root for the `local` environment, pointed at a server in
/// another process, signed in through its screens' models as a person
/// would, then reading the statement the way its signed-in area does
/// (`SignedInContainer.statementReading`). So each call pays everything the
/// world and the containers wrap around the HTTP adapter: the request
/// deadline, the token manager and its cap (`connectionsPerHost`), and the
/// app's health polls beside it. `local`'s health plugin is `http`, which
/// wraps nothing; with `healthFromCalls` it is `from-calls` instead (the
/// Cora environments' choice), whose outcome recording then wraps every call
/// too. Its store and preferences live in a private directory of its own,
/// removed at the end.
@MainActor
final class ComposedAppStatement {
    let reading: StatementService
    private let launch: BenchLaunch
    private let directory: String

    /// Builds the world and the containers for `baseURL` (the health plugin
    /// `from-calls` when `healthFromCalls`) and signs Maria in.
    static func signedIn(at baseURL: String, healthFromCalls: Bool = false) async throws(BenchSetupError)
        -> ComposedAppStatement
    {
        let directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("bench-app-\(UUID().uuidString)").path
        var environment = AppEnvironment.local
        environment.name = "bench-local"
        if healthFromCalls { environment.plugins.health = "from-calls" }
        environment.pluginSettings["baseURL"] = .text(baseURL)
        // The server's tokens last an hour; so do the app's, or a slow run
        // (a sanitizer's) would refresh after the default minute.
        environment.settings.tokenLifetime = .seconds(AppServeProcess.tokenLifetimeSeconds)
        environment.pluginSettings["storeDirectory"] = .text(directory + "/store")
        environment.pluginSettings["preferencesDirectory"] = .text(directory + "/preferences")
        // The development key on loopback, as `AppServeProcess` starts the
        // server: the bench never reads a person's own key.
        environment.pluginSettings.removeValue(forKey: "apiKeyVariable")
        let world: AppWorld
        do {
            // Private (0700) from the start: the store below keeps the demo account's session.
            for path in [directory, directory + "/preferences"] {
                try FileManager.default.createDirectory(
                    atPath: path, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            }
            world = try AppWorld(testing: environment)
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw BenchSetupError("cannot build the app's world for \(baseURL): \(error)")
        }
        let launch = await BenchLaunch.start(on: world)
        guard await launch.signIn(), let user = launch.container.authSession.user else {
            await launch.container.shutDown()
            try? FileManager.default.removeItem(atPath: directory)
            throw BenchSetupError("the composed app could not sign in at \(baseURL)")
        }
        let area = SignedInContainer(app: launch.container, user: user)
        return ComposedAppStatement(reading: area.statementReading, launch: launch, directory: directory)
    }

    private init(reading: StatementService, launch: BenchLaunch, directory: String) {
        self.reading = reading
        self.launch = launch
        self.directory = directory
    }

    /// The app ends (nothing of it polls or refreshes on) and its directory goes.
    func shutDown() async {
        await launch.container.shutDown()
        await launch.container.world.settle()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
