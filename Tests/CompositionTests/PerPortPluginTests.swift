import AdapterFileKeychain
import AdapterHTTP
import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing

@testable import Composition
import CompositionTesting

/// One plugin per port: an environment file swaps the adapter of one port and
/// every other port keeps its own — and the swapped port really talks to the
/// new adapter, not only names it.
@MainActor
@Suite("One plugin per port")
struct PerPortPluginTests {
    private func write(_ json: String) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-env-\(UUID().uuidString).json").path
        try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// On real time (the system clock): the request timeout is generous, since
    /// a busy machine can take seconds to answer on loopback.
    @Test("The HTTP health probe in an otherwise in-memory environment asks the server; sign-in stays in memory")
    func httpHealthWithTheInMemoryBackend() async throws {
        let served = InMemoryBackend(clock: ManualClock())
        let server = try ReferenceServer(configuration: ReferenceServer.Configuration(port: 0), backend: served)
        server.start()
        defer { server.stop() }
        let path = try write(
            """
            {"name": "health-over-http", "plugins": {"health": "http", "clock": "system"},
             "settings": {"baseURL": "\(server.baseURL)", "requestTimeoutSeconds": 120}}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let environment = try EnvironmentFile.load(path: path, registry: .standard)
        let world = try AppWorld(testing: environment)

        #expect((world.remote.health as? DeadlineHealthProbe)?.adapter is URLSessionHealthProbe)
        let chosen: [(any Sendable)?] = [
            (world.remote.auth as? DeadlineAuthRemoteAPI)?.adapter,
            (world.remote.user as? DeadlineUserRemoteAPI)?.adapter,
            (world.remote.statement as? DeadlineStatementRemoteAPI)?.adapter,
        ]
        #expect(chosen.compactMap { $0 }.count == 3, "every remote port is behind the request deadline")
        for case let adapter? in chosen {
            #expect(String(describing: type(of: adapter)).hasPrefix("InMemory"), "\(type(of: adapter))")
        }
        #expect(world.storeAdapter is InMemorySessionDataStore)
        #expect(world.control is InMemoryBackendControl, "the switches of the backend that issues the tokens")

        // The probe reaches the server: its health switch decides the answer.
        #expect(try await world.remote.health.check() == .healthy)
        await served.setHealthy(false)
        #expect(try await world.remote.health.check() == .unhealthy)

        // Sign-in reaches the in-memory backend, not the server.
        let token = try await world.remote.auth.signIn(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456"))
        ).accessToken
        #expect(try await world.remote.user.currentUser(token: token).name == "Maria Silva")
        #expect(await served.metrics().logins == 0)
        #expect(try await world.control?.metrics().logins == 1)
    }

    @Test("The file keychain in an otherwise in-memory environment keeps the session in its file")
    func fileStoreWithTheInMemoryBackend() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-store-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try write(
            """
            {"plugins": {"store": "file-keychain", "coding": "plist"}, "settings": {"storeDirectory": "\(directory)"}}
            """)
        defer { try? FileManager.default.removeItem(atPath: path) }

        let world = try AppWorld(testing: try EnvironmentFile.load(path: path, registry: .standard))
        #expect(world.storeAdapter is FileSessionDataStore)
        #expect((world.remote.auth as? DeadlineAuthRemoteAPI)?.adapter is InMemoryAuthRemoteAPI)
        #expect(world.hasVirtualTime, "the clock stays the in-memory environment's")

        let token = try await world.remote.auth.signIn(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456"))
        ).accessToken
        let now = world.now()
        let session = UserSession(
            token: SessionToken(token: token, issuedAt: now, expiresAt: now.addingTimeInterval(60)), cachedUser: nil)
        try await world.store.save(session)

        #expect(FileManager.default.fileExists(atPath: directory + "/" + world.sessionBackend.folderName + "/session"))
        let reread = try AppWorld(testing: try EnvironmentFile.load(path: path, registry: .standard))
        guard case .found(let found) = await reread.store.read() else {
            Issue.record("a second world on the same file finds no session")
            return
        }
        #expect(found.token?.token == token)
    }

    @Test("The remote plugins of one kind share one backend per world, and two worlds share nothing")
    func inMemoryRemotePluginsShareOneBackendPerWorld() async throws {
        let first = try AppWorld(testing: .inMemory)
        let second = try AppWorld(testing: .inMemory)
        let token = try await first.remote.auth.signIn(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456"))
        ).accessToken

        #expect(try await first.remote.user.currentUser(token: token).cpf == "12345678909")
        await #expect(throws: RemoteError.self) { try await second.remote.user.currentUser(token: token) }
    }

    @Test("Every port is listed once, and each built-in environment names a plugin the registry has for it")
    func everyPortHasOnePlugin() throws {
        for environment in AppEnvironment.builtIn {
            #expect(environment.plugins.byPort.map(\.port) == PortName.allCases)
            for (port, plugin) in environment.plugins.byPort {
                #expect(PluginRegistry.standard.names(for: port).contains(plugin), "\(environment.name): \(port)")
                #expect(PluginRegistry.standard.summary(of: plugin, for: port) != nil)
            }
        }
    }
}
