import AdapterHTTP
import AdapterInMemory
import DomainCore
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import Testing

@testable import Composition

/// Which remote adapters `AppWorld` puts behind `RequestDeadline`: every one
/// on virtual time; on real time every one but the plugins that end each
/// call by the request timeout themselves (docs/spec/wire-contract.md,
/// "Every request ends").
@Suite("Request timeout wiring")
struct RequestTimeoutWiringTests {
    private static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))

    private static func environment(baseURL: String, clock: String, timeoutSeconds: Int) -> AppEnvironment {
        var environment = AppEnvironment.local
        environment.plugins.store = "in-memory"
        environment.plugins.coding = "in-memory-text"
        environment.plugins.clock = clock
        environment.pluginSettings["baseURL"] = .text(baseURL)
        environment.settings.requestTimeout = .seconds(timeoutSeconds)
        return environment
    }

    @Test(
        "On real time the http user, statement and health plugins end a call the server holds by the request timeout, with no second deadline in front"
    )
    func realTime() async throws {
        let backend = InMemoryBackend(clock: ManualClock())
        let server = try ReferenceServer(configuration: ReferenceServer.Configuration(port: 0), backend: backend)
        server.start()
        defer { server.stop() }
        let token = try await backend.signIn(Self.maria)
        // Held until the caller gives up.
        for route in ["GET /challenge/list", "GET /users/me", "GET /health"] {
            await backend.addFault(InMemoryBackend.Fault(route: route, mode: .hang))
        }
        let world = try AppWorld(
            environment: Self.environment(baseURL: server.baseURL, clock: "system", timeoutSeconds: 1))

        #expect(world.remote.statement is URLSessionStatementRemoteAPI)
        #expect(world.remote.user is URLSessionUserRemoteAPI)
        #expect(world.remote.health is URLSessionHealthProbe)
        #expect(world.remote.auth is DeadlineAuthRemoteAPI, "a plugin that does not say so stays behind the deadline")

        let remote = world.remote
        let calls: [(String, @Sendable () async throws(RemoteError) -> Void)] = [
            ("statement", { () throws(RemoteError) in _ = try await remote.statement.statement(token: token) }),
            ("user", { () throws(RemoteError) in _ = try await remote.user.currentUser(token: token) }),
            ("health", { () throws(RemoteError) in _ = try await remote.health.check() }),
        ]
        for (name, call) in calls {
            let started = ContinuousClock.now
            await #expect(throws: RemoteError.timeout, "\(name)") { try await call() }
            let elapsed = ContinuousClock.now - started
            // URLSession's own timeout is the same second, counted by libcurl in
            // whole milliseconds from when it starts the request: it may come
            // a fraction of a millisecond early, as it did behind the deadline.
            #expect(elapsed >= .milliseconds(990), "\(name): at the deadline (\(elapsed))")
            #expect(elapsed < .seconds(10), "\(name): by the deadline, on a busy machine (\(elapsed))")
        }
    }

    @Test("On virtual time every remote adapter is behind the request deadline")
    func virtualTime() throws {
        let world = try AppWorld(
            environment: Self.environment(baseURL: "http://127.0.0.1:8080", clock: "virtual", timeoutSeconds: 10))

        #expect((world.remote.statement as? DeadlineStatementRemoteAPI)?.adapter is URLSessionStatementRemoteAPI)
        #expect((world.remote.user as? DeadlineUserRemoteAPI)?.adapter is URLSessionUserRemoteAPI)
        #expect((world.remote.health as? DeadlineHealthProbe)?.adapter is URLSessionHealthProbe)
        #expect((world.remote.auth as? DeadlineAuthRemoteAPI)?.adapter is URLSessionAuthRemoteAPI)
    }

    @Test("Only the http user, statement and health plugins say they keep the request timeout themselves")
    func whichPluginsSaySo() {
        let registry = PluginRegistry.standard
        let saying =
            registry.auth.filter(\.endsEachCallByTheRequestTimeout).map { "auth \($0.name)" }
            + registry.user.filter(\.endsEachCallByTheRequestTimeout).map { "user \($0.name)" }
            + registry.statement.filter(\.endsEachCallByTheRequestTimeout).map { "statement \($0.name)" }
            + registry.health.filter(\.endsEachCallByTheRequestTimeout).map { "health \($0.name)" }
        #expect(saying.sorted() == ["health http", "statement http", "user http"])
    }
}
