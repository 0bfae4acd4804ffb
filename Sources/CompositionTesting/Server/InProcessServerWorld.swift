public import SimulatedBackend
public import Composition
import Foundation
public import Ports
public import ReferenceServer
import TaskRuntime
import VirtualTime

/// An environment's app against a `ReferenceServer` in this process: the
/// environment's HTTP adapters and file keychain talking over loopback to a
/// server on a free port, whose backend runs on the app's own virtual time —
/// the same scripts as in memory, every request on the wire
/// (`app run --in-process-server`, and the acceptance tests).
///
/// App and server share one `SharedVirtualTime`: a request the server delays
/// or holds counts as waiting (`VirtualActivity`'s handoff), so settling and
/// `wait` behave exactly as in memory, and transcripts are the same. A request
/// the server holds ends by the app's request deadline on that virtual time,
/// as in memory: the client hangs up and the server abandons the request.
public struct InProcessServerWorld: Sendable {
    public let world: AppWorld
    /// The backend the server serves: for a test that gives it what no
    /// control switch sets (`InMemoryBackend.rewriteServedTexts`).
    public let backend: InMemoryBackend
    private let server: ReferenceServer
    /// The stand-in behind the environment's auth plugin, when one was given.
    private let standIn: StandInPlugin.Served?
    /// The fresh directories the plugins that keep files were given.
    private let directories: [String]

    /// A fresh world: a new server with the seeded backend, a new, empty store
    /// directory. `tearDown()` stops the server and removes the directory.
    /// - Parameters:
    ///   - base: The environment whose plugins the app uses, on virtual time
    ///     (with the in-memory browser, which opens nothing) and pointed at
    ///     the new server and the new store directory.
    ///   - profile: Which backend the server plays; `.cora` serves only
    ///     Cora's three routes, so `base` should be an environment whose
    ///     plugins need no more (`/health`, `/users/me` answer 404).
    ///   - eventSink: Where the world reports the session's events besides
    ///     its own record (`AppWorld`'s `eventSink`).
    ///   - registry: The plugins `base` may name (a team's too).
    ///   - standIn: A stand-in of the dialect `base`'s auth plugin speaks
    ///     (it must be the one `standIn` plays): started on a free port
    ///     over the same backend, and that plugin pointed at it, while the
    ///     environment's other plugins reach the reference server.
    public init(
        from base: AppEnvironment = .local, profile: ServerProfile = .full, eventSink: (any SessionEventSink)? = nil,
        registry: PluginRegistry = .standard, standIn standInPlugin: StandInPlugin? = nil
    ) throws(InProcessServerError) {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let time = SharedVirtualTime(activity: activity, clock: clock)
        var environment = base
        environment.plugins.clock = InMemoryPlugins.virtualClock.name
        // A run no person watches opens no real browser.
        environment.plugins.browser = InMemoryPlugins.browser.name
        // The server is given the development key, which a loopback URL gets
        // when no variable names one.
        for key in registry.chosenKeys(withRole: .secretVariable, in: environment) {
            environment.pluginSettings[key] = nil
        }
        let backend = InMemoryBackend(
            clock: clock,
            configuration: InMemoryBackend.Configuration(
                tokenLifetime: environment.settings.tokenLifetime,
                passwordRule: standInPlugin?.passwordRule ?? InMemoryBackend.Configuration().passwordRule),
            activity: time.activity)
        self.backend = backend
        // A script's time is virtual, so the real time between two of its
        // requests means nothing: on a busy machine it can pass the server's
        // idle timeout (10 s), the server closes the kept-alive connection
        // while URLSession is about to reuse it, and a POST sent on it fails
        // as "connection lost" — a transcript that depends on the machine's
        // speed. The connections close when the world is torn down.
        let configuration = ReferenceServer.Configuration(port: 0, idleTimeout: .seconds(3600), profile: profile)
        do {
            server = try ReferenceServer(
                configuration: configuration, backend: backend, virtualClock: clock,
                virtualActivity: time.activity)
        } catch {
            throw InProcessServerError(description: "cannot start the in-process server: \(error)")
        }
        let prefix =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-script-\(UUID().uuidString)").path
        // Every plugin that reads a base URL is pointed at the server, and
        // every directory a plugin keeps files in is a fresh one (removed
        // by `tearDown()`).
        for key in registry.chosenKeys(withRole: .baseURL, in: environment) {
            environment.pluginSettings[key] = .text(server.baseURL)
        }
        directories = registry.chosenKeys(withRole: .directory, in: environment).map { key in
            let directory = prefix + "-" + key
            environment.pluginSettings[key] = .text(directory)
            return directory
        }
        var served: StandInPlugin.Served?
        if let standInPlugin {
            do {
                served = try standInPlugin.serve(StandInPlugin.Serving(backend: backend, port: 0))
            } catch {
                server.stop()
                throw InProcessServerError(description: "cannot start the stand-in '\(standInPlugin.name)': \(error)")
            }
            environment.pluginSettings[standInPlugin.baseURLSetting] = served.map { .text($0.baseURL) }
        }
        standIn = served
        do {
            world = try AppWorld(
                testing: environment, registry: registry, sharedTime: time,
                control: InMemoryBackendControl(backend: backend, standInRoutes: standInPlugin?.routes ?? []),
                eventSink: eventSink, testHooks: .acceptance)
        } catch {
            server.stop()
            served?.stop()
            throw InProcessServerError(description: "cannot build the app against the in-process server: \(error)")
        }
        server.start()
    }

    /// Stops the server and removes the directories the plugins were given. Removing
    /// them is best effort: they live in the temporary directory either way.
    public func tearDown() {
        server.stop()
        standIn?.stop()
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }
}

/// Why the in-process server world could not be made.
public struct InProcessServerError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
