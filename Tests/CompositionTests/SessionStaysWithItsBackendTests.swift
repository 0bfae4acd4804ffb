import SimulatedBackend
import AdapterSystem
import Composition
import DomainCore
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import Testing
import CompositionTesting

/// A session belongs to the backend that issued it (docs/environments.md,
/// "One session per backend"). Signed in on one backend, a launch on
/// another — a server at another base URL, or another auth plugin — sends
/// that backend nothing of the first session and deletes nothing, and going
/// back to the first opens its session.
@MainActor
@Suite("A session stays with the backend that issued it")
struct SessionStaysWithItsBackendTests {
    /// The backend a launch goes to after signing in on server A.
    enum SecondBackend: String, CaseIterable, Sendable {
        /// The same plugins, at another base URL (server B).
        case anotherBaseURL
        /// Another auth plugin (and user and statement plugins): the in-memory backend.
        case anotherAuthPlugin
    }

    /// Server A's backend and the server itself, on real time.
    struct Served {
        let backend: InMemoryBackend
        let server: ReferenceServer

        init() throws {
            backend = InMemoryBackend(clock: SystemClock())
            // The environment names PATH as its API key's variable: a variable every test process has.
            server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(
                    port: 0, apiKey: ProcessInfo.processInfo.environment["PATH"] ?? ""),
                backend: backend)
            server.start()
        }
    }

    private static func environment(_ plugins: String, baseURL: String?, root: String) throws -> AppEnvironment {
        let base = baseURL.map { #""baseURL": "\#($0)", "apiKeyVariable": "PATH","# } ?? ""
        let json = """
            {"name": "backend-test", "plugins": {\(plugins), "store": "file-keychain", "coding": "json",
              "clock": "system", "connectivity": "in-memory"},
             "settings": {\(base) "storeDirectory": "\(root)", "requestTimeoutSeconds": 120}}
            """
        return try EnvironmentFile.parse(Data(json.utf8), path: "backend-test.json", registry: .standard)
    }

    private static let httpPlugins = #""auth": "http", "user": "http", "statement": "http", "health": "http""#
    private static let inMemoryPlugins =
        #""auth": "in-memory", "user": "in-memory", "statement": "in-memory", "health": "in-memory""#

    /// Launches `environment` once, to its first decision, and shuts it down.
    private static func launch(_ environment: AppEnvironment) async throws -> (AuthState, AppWorld) {
        let world = try AppWorld(testing: environment)
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        let state = container.authSession.state
        await container.shutDown()
        return (state, world)
    }

    @Test(arguments: SecondBackend.allCases)
    func aSessionIsNeverSentToAnotherBackendNorLost(_ second: SecondBackend) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-backends-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let serverA = try Served()
        defer { serverA.server.stop() }
        let first = try Self.environment(Self.httpPlugins, baseURL: serverA.server.baseURL, root: root)

        // Signed in on A.
        let worldA = try AppWorld(testing: first)
        let containerA = AppContainer(world: worldA)
        _ = containerA.makeMainViewModel()
        await containerA.launcher.bootstrap()
        let signedIn = await containerA.signIn.login(
            Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        #expect(signedIn.map(\.name) == .success("Maria Silva"))
        await containerA.shutDown()
        let filesBefore = try Self.files(under: root)
        #expect(!filesBefore.isEmpty, "the session is kept in a file under the store's directory")

        // A launch on the second backend: nothing of A's session reaches it.
        let serverB = second == .anotherBaseURL ? try Served() : nil
        defer { serverB?.server.stop() }
        let secondEnvironment =
            switch second {
            case .anotherBaseURL: try Self.environment(Self.httpPlugins, baseURL: serverB?.server.baseURL, root: root)
            case .anotherAuthPlugin: try Self.environment(Self.inMemoryPlugins, baseURL: nil, root: root)
            }
        let (stateOnSecond, secondWorld) = try await Self.launch(secondEnvironment)
        #expect(stateOnSecond == .unauthenticated(nil), "the second backend has no session of its own")
        let requests: [String: Int]? =
            if let serverB {
                await serverB.backend.metrics().requests
            } else {
                try await secondWorld.control?.metrics().requests
            }
        let routesAsked = try #require(requests, "the second backend's count of requests").filter { $0.value > 0 }.keys
        #expect(
            Set(routesAsked).isSubset(of: [BackendRoute.health]),
            "the second backend was asked only for its health, never sent a token: \(routesAsked.sorted())")

        // Nothing of A's was deleted, and going back to A opens its session.
        for (path, bytes) in filesBefore where path.hasSuffix("/session") {
            #expect(try Self.files(under: root)[path] == bytes, "A's session file is as it was: \(path)")
        }
        let (stateOnA, _) = try await Self.launch(first)
        #expect(stateOnA.isSignedIn, "back on A, its session opens: \(stateOnA.name)")
        #expect(await serverA.backend.metrics().logins == 1, "without signing in again")
    }

    /// Every regular file under `root`, by path, with its bytes.
    private static func files(under root: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return found }
        for case let relative as String in walker {
            let path = root + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[path] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return found
    }
}
