import SimulatedBackend
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing

/// How the contract suites learn what a server named by `CONTRACT_BASE_URL`
/// offers: against a reference server in each profile, the probe finds
/// exactly the profile's routes, so the Cora profile's other suites are
/// skipped as "route not offered" and its own run.
@Suite("Route probe of an outside server")
struct RemoteRouteProbeTests {
    private static func server(_ profile: ServerProfile) throws -> ReferenceServer {
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "probe-key", profile: profile),
            backend: InMemoryBackend(clock: ManualClock()))
        server.start()
        return server
    }

    @Test("the full profile offers every route and sign-in by e-mail")
    func fullProfileOffersEverything() async throws {
        let server = try Self.server(.full)
        defer { server.stop() }

        let offer = await RemoteRouteProbe.offer(baseURL: server.baseURL, apiKey: "probe-key")

        #expect(offer == .everything)
    }

    @Test(
        "the Cora profile offers its three routes and no sign-in by e-mail; the rest reads as not offered, sign-out's 405 too"
    )
    func coraProfileOffersItsThreeRoutes() async throws {
        let server = try Self.server(.cora)
        defer { server.stop() }

        let offer = await RemoteRouteProbe.offer(baseURL: server.baseURL, apiKey: "probe-key")

        #expect(offer.routes == [RemoteRoute.auth, RemoteRoute.statementList, RemoteRoute.statementDetails])
        #expect(
            Set(RemoteRoute.all).subtracting(offer.routes)
                == [
                    RemoteRoute.health, RemoteRoute.currentUser, RemoteRoute.updateCurrentUser,
                    RemoteRoute.deleteCurrentUser,
                    RemoteRoute.relatedUsers, RemoteRoute.saveSharedWith, RemoteRoute.register, RemoteRoute.signOut,
                ])
        #expect(!offer.signsInByEmail)
    }

    @Test("the probe changes nothing on the server: no sign-in, no account, no token")
    func probeChangesNothing() async throws {
        let server = try Self.server(.full)
        defer { server.stop() }
        let before = await server.backend.metrics()

        _ = await RemoteRouteProbe.offer(baseURL: server.baseURL, apiKey: "probe-key")

        let after = await server.backend.metrics()
        #expect(after.logins == before.logins)
        #expect(after.tokensLive == before.tokensLive)
        #expect(after.refreshes == before.refreshes)
        _ = try await server.backend.signIn(RemoteSeed.maria.byCPF)
    }

    @Test("a server that cannot be reached offers everything, so its tests run and fail instead of being skipped")
    func unreachableServerOffersEverything() async throws {
        // Port 1 (tcpmux): below the range the system hands out for port 0,
        // so no test's server can be listening there. (A stopped server's
        // port was once taken by another test's server mid-probe, which then
        // answered half the probe.)
        let baseURL = "http://127.0.0.1:1"

        let offer = await RemoteRouteProbe.offer(baseURL: baseURL, apiKey: "probe-key")

        #expect(offer == .everything)
    }
}
