import AdapterInMemory
import Composition
import Foundation
import ReferenceServer

/// The `local` environment against a `ReferenceServer` in this process: the
/// HTTP adapters and the file keychain of `local`, talking over loopback to a
/// server on a free port, whose backend runs on the app's own virtual time.
/// The same scripts as in memory, every request on the wire
/// (`app run --in-process-server`, and the acceptance tests).
///
/// App and server share one `SharedVirtualTime`: a request the server delays
/// or holds counts as waiting (`VirtualActivity`'s handoff), so settling and
/// `wait` behave exactly as in memory, and transcripts are the same.
enum InProcessServerWorld {
    /// A fresh world: a new server with the seeded backend, a new, empty store
    /// directory; `tearDown` stops the server and removes the directory.
    @MainActor
    static func make(from base: AppEnvironment = .local) throws -> ScriptWorld {
        let time = SharedVirtualTime()
        var environment = base
        environment.plugins.clock = "virtual"
        // The server is given the development key, which a loopback URL gets
        // when no variable names one.
        environment.settings.apiKeyVariable = nil
        // A script's time is virtual: a request the server holds (a hang)
        // stays held, as in memory, however slow the machine running it.
        environment.settings.requestTimeout = .seconds(3600)
        let backend = InMemoryBackend(
            clock: time.clock,
            configuration: InMemoryBackend.Configuration(tokenLifetime: environment.settings.tokenLifetime),
            activity: time.activity)
        let server: ReferenceServer
        do {
            server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(port: 0), backend: backend, virtualClock: time.clock,
                virtualActivity: time.activity)
        } catch {
            throw InProcessServerError(description: "cannot start the in-process server: \(error)")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-script-\(UUID().uuidString)").path
        environment.settings.baseURL = server.baseURL
        environment.settings.storeDirectory = directory
        let world: AppWorld
        do {
            world = try AppWorld(
                environment: environment, sharedTime: time, control: InMemoryBackendControl(backend: backend))
        } catch {
            server.stop()
            throw error
        }
        server.start()
        return ScriptWorld(world: world) {
            server.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }
}

/// Why the in-process server world could not be made.
struct InProcessServerError: Error, CustomStringConvertible {
    let description: String
}
