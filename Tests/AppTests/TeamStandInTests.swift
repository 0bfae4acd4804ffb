import AdapterHTTP
import BoundedHTTP
import Composition
import CompositionTesting
import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
@testable import GatehouseApp
import Ports
import ReferenceServer
import SimulatedBackend
import Synchronization
import Testing
import VirtualTime

/// A team's stand-in of its own backend, registered beside its auth plugin
/// (`StandInPlugin`, `GatehouseCommandLine.run(arguments:registry:standIns:)`):
/// `run --in-process-server` starts a fresh one behind that plugin for each
/// script, on the script's backend, and stops it after; `serve --profile`
/// takes its name. The team's plugin here is the wire contract's adapter
/// under a setting of its own, and its stand-in a reference server: what
/// is checked is where the app points the plugin and when the stand-in
/// lives, not a dialect.
@Suite("A team's stand-in behind its auth plugin")
@MainActor
struct TeamStandInTests {
    /// What the stand-in saw: how many were served and stopped, and where.
    final class Lifecycle: Sendable {
        let served = Mutex<[String]>([])
        let stopped = Mutex(0)
    }

    let lifecycle = Lifecycle()
    let folder = ScratchFolder("team-stand-in")

    /// The team's auth plugin: it reads its base URL from `teamURL`, a
    /// plain setting, so that nothing but the stand-in's registration
    /// points it anywhere (the file's value is a port nothing listens on).
    static let teamAuth = PluginRegistry.Plugin<any AuthRemoteAPI>(
        name: "team-auth", summary: "the team's auth",
        settings: [.text("teamURL", "the team's backend")]
    ) { context throws(CompositionError) in
        do throws(HTTPConfigurationError) {
            return URLSessionAuthRemoteAPI(
                configuration: try HTTPConfiguration(
                    baseURL: context.settings.text("teamURL") ?? "", apiKey: APIKey("gatehouse-dev-key")))
        } catch {
            throw .invalidSetting(setting: "teamURL", reason: error.description)
        }
    }

    var registry: PluginRegistry {
        var registry = PluginRegistry.standard
        registry.auth.append(Self.teamAuth)
        return registry
    }

    /// Its stand-in: a reference server over the script's backend, counted.
    var standIn: StandInPlugin {
        let lifecycle = lifecycle
        return StandInPlugin(
            name: "team", summary: "the team's backend", authPlugin: Self.teamAuth.name, baseURLSetting: "teamURL",
            port: 0, passwordRule: .digits(6), routes: ["POST /team/only-here"]
        ) { serving in
            let server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(port: serving.port), backend: serving.backend)
            server.start()
            lifecycle.served.withLock { $0.append(server.baseURL) }
            return StandInPlugin.Served(baseURL: server.baseURL + "/") {
                server.stop()
                lifecycle.stopped.withLock { $0 += 1 }
            }
        }
    }

    func environmentFile() throws -> String {
        try folder.file(
            "team.json",
            #"{ "name": "team", "base": "local", "plugins": { "auth": "team-auth" }, "settings": { "teamURL": "http://127.0.0.1:9/" } }"#
        )
    }

    /// Signs the demo account in through the team's plugin; first, where
    /// told, a fault on a route only the stand-in has (never requested).
    func signInFlow(faultingTheStandInsRoute: Bool = true) throws -> String {
        try folder.file(
            "sign-in.flow",
            (faultingTheStandInsRoute ? "server fault \"POST /team/only-here\" status 500 x1\n" : "") + """
                tap sign-in
                type identifier 123.456.789-09
                tap next
                type password 123456
                tap next
                expect screen dashboard
                expect metric logins == 1
                """)
    }

    func run(_ arguments: [String], standIns: [StandInPlugin]) async throws -> (code: Int32, Transcript) {
        let transcript = Transcript()
        var app = transcript.app()
        app.registry = registry
        app.standIns = standIns
        let names = standIns.map(\.name)
        return (await app.run(try CommandLineParser.parse(arguments, standInProfiles: names)), transcript)
    }

    @Test("Each script gets a fresh stand-in behind the team's plugin, stopped when the script ends")
    func eachScriptGetsItsStandIn() async throws {
        defer { folder.remove() }
        let flow = try signInFlow()
        let (code, transcript) = try await run(
            ["run", "--in-process-server", flow, flow, "--env", try environmentFile()], standIns: [standIn])

        #expect(code == 0, "\(transcript.text)\n\(transcript.errorText)")
        #expect(transcript.output.last == "2 passed, 0 failed")
        let served = lifecycle.served.withLock { $0 }
        #expect(served.count == 2 && Set(served).count == 2, "a stand-in of its own for each script: \(served)")
        #expect(lifecycle.stopped.withLock { $0 } == 2)
        // Stopped: nothing answers where the first one listened.
        let first = try #require(served.first)
        let gone = try #require(URL(string: first + "/health"))
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(from: gone) }
    }

    @Test(
        "Without the stand-in registered, the team's plugin is pointed nowhere: the script meets no server, and nothing was served"
    )
    func unregisteredStandsInForNothing() async throws {
        defer { folder.remove() }
        let (code, transcript) = try await run(
            [
                "run", "--in-process-server", try signInFlow(faultingTheStandInsRoute: false), "--env",
                try environmentFile(),
            ],
            standIns: [])

        #expect(code == 1, "\(transcript.text)\n\(transcript.errorText)")
        #expect(transcript.text.contains("expected screen dashboard"), "\(transcript.text)")
        #expect(transcript.output.last == "0 passed, 1 failed")
        #expect(lifecycle.served.withLock { $0 }.isEmpty)
    }

    @Test(
        "`serve --profile` takes a registered stand-in's name, lists it when unknown, and refuses the reference server's own flags with it"
    )
    func serveTakesItsName() throws {
        let options = try ServeOptions.parse(["--profile", "team", "--reference-port", "0"], standInProfiles: ["team"])
        #expect(options.registeredStandIn == "team")
        #expect(options.registeredStandIn(referenceKey: "k").referencePort == 0)
        #expect(options.registeredStandIn(referenceKey: "k").port == nil, "its own port unless --port says")

        #expect(throws: UsageError.self) { try ServeOptions.parse(["--profile", "team"]) }
        do {
            _ = try ServeOptions.parse(["--profile", "teem"], standInProfiles: ["team"])
            Issue.record("an unknown profile was taken")
        } catch {
            #expect(error.description.contains("the profiles are full, cora, firebase, supabase, team"))
        }
        for flag in ServeOptions.referenceServerFlags + ["--api-key-env"] {
            var arguments = ["--profile", "team", flag]
            if ["--host", "--rotation-grace", "--api-key-env"].contains(flag) { arguments.append("5") }
            do {
                _ = try ServeOptions.parse(arguments, standInProfiles: ["team"])
                Issue.record("\(flag) was taken with a registered stand-in")
            } catch {
                #expect(error.description.contains("not to --profile team"), "\(error.description)")
            }
        }
    }

    @Test(
        "`serve` serves the registered stand-in and the reference server beside it; its banner says where and with which accounts"
    )
    func serveServesBoth() async throws {
        var options = StandInPluginServer.Options()
        options.port = 0
        options.referencePort = 0
        let served = try StandInPluginServer(standIn, options: options) { _ in }
        served.start()
        let banner = ServeBanner.lines(registered: standIn, served: served, referenceKey: ServeOptions.developmentKey)
        served.stop()

        let urls = lifecycle.served.withLock { $0 }
        #expect(urls.count == 1)
        #expect(lifecycle.stopped.withLock { $0 } == 1, "stopping serve stops the stand-in")
        #expect(banner.first == "the team's backend: stand-in 'team' on \(urls[0])/", "\(banner)")
        #expect(
            banner.contains {
                $0.hasPrefix("the app's own backend (reference server, full profile) on http://127.0.0.1:")
            })
        #expect(banner.contains { $0.contains("maria@example.com") && $0.contains("password 123456") })
        #expect(banner.contains("a new password: 6 digits"))
        #expect(banner.contains { $0.contains("auth plugin is 'team-auth', its teamURL this stand-in's URL") })
    }

    @Test("A script's `server fault` may name the stand-in's own routes, and they reach its backend")
    func faultsOnTheStandInsRoutes() async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        let control = InMemoryBackendControl(backend: backend, standInRoutes: ["POST /team/sign-in"])
        try await control.addFault(route: "POST /team/sign-in", mode: .status(503), count: 1)
        #expect(await backend.admit("POST /team/sign-in") == .status(503))
        #expect(await backend.admit("POST /team/sign-in") == .proceed)
        do throws(BackendControlError) {
            try await control.addFault(route: "POST /team/sign-up", mode: .drop, count: 1)
            Issue.record("a route neither the contract nor the stand-in has was taken")
        } catch {
            #expect(error.description.contains("known routes are POST /team/sign-in, "), "\(error.description)")
        }
    }
}
