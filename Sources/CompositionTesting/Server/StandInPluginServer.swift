import AdapterSystem
import Foundation
public import ReferenceServer
import SimulatedBackend

/// `serve --profile NAME` for a stand-in registered beside a team's auth
/// plugin (`StandInPlugin`): the stand-in on its port and the reference
/// server beside it, both on real time over one seeded backend, so that the
/// team's environment file — its auth plugin at the stand-in, its other
/// HTTP plugins at the app's own backend — can be tried by hand.
public struct StandInPluginServer {
    /// What to serve and how.
    public struct Options: Sendable {
        /// The stand-in's port; nil: the plugin's own (`StandInPlugin.port`).
        public var port: UInt16?
        /// The reference server's port and API key.
        public var referencePort: UInt16 = 8080
        public var referenceKey = "gatehouse-dev-key"
        public var tokenLifetime: Duration = .seconds(60)
        public var refreshWindow: Duration = .seconds(300)

        public init() {}
    }

    /// What is served, in the order a person reads it.
    public let services: [DialectStandInServer.Service]
    private let standIn: StandInPlugin.Served
    private let referenceServer: ReferenceServer

    /// Binds both ports; the stand-in answers at once, the reference server
    /// once `start()` is called.
    ///
    /// - Throws: a `ServeFailure` naming what could not be had.
    public init(
        _ plugin: StandInPlugin, options: Options, requestLog: @escaping @Sendable (RequestLogEntry) -> Void
    ) throws(DialectStandInServer.ServeFailure) {
        let backend = InMemoryBackend(
            clock: SystemClock(),
            configuration: InMemoryBackend.Configuration(
                tokenLifetime: options.tokenLifetime, refreshWindow: options.refreshWindow,
                passwordRule: plugin.passwordRule))
        let serving = StandInPlugin.Serving(backend: backend, port: options.port ?? plugin.port) { answered in
            requestLog(
                RequestLogEntry(
                    method: answered.method, path: answered.path, status: answered.status,
                    duration: answered.duration))
        }
        do {
            standIn = try plugin.serve(serving)
        } catch {
            throw DialectStandInServer.ServeFailure(description: "the stand-in '\(plugin.name)': \(error)")
        }
        do {
            referenceServer = try ReferenceServer(
                configuration: ReferenceServer.Configuration(
                    port: options.referencePort, apiKey: options.referenceKey, requestLog: requestLog),
                backend: backend)
        } catch {
            standIn.stop()
            throw DialectStandInServer.ServeFailure(description: "the reference server beside it: \(error)")
        }
        services = [
            DialectStandInServer.Service(name: "\(plugin.summary): stand-in '\(plugin.name)'", url: standIn.baseURL),
            DialectStandInServer.Service(
                name: "the app's own backend (reference server, full profile)", url: referenceServer.baseURL),
        ]
    }

    /// Starts the reference server (the stand-in already answers).
    public func start() { referenceServer.start() }

    /// Stops both.
    public func stop() {
        standIn.stop()
        referenceServer.stop()
    }
}
