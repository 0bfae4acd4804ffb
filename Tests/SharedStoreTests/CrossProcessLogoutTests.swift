import GatehouseBench
import Composition
import OffThePool
import Testing
import CompositionTesting

/// Issue 29, "done when" 2: a logout in one process is never undone by
/// another process's refresh or save — on a backend with a sign-out route
/// (`local` against the full reference server) and on one without
/// (`cora-local` against the server playing the Cora API, the case the
/// issue reports).
///
/// Worker A holds the newest token, B an older one (A refreshed after B
/// launched; on the Cora backend A's launch itself refreshes). B logs out:
/// the store is emptied. Then the token expires and A calls, which makes A
/// refresh. Afterwards the store must still hold no session and a fresh
/// launch must reach the welcome screen.
@Suite("A logout in one process holds in every process", .serialized)
struct CrossProcessLogoutTests {
    struct Backend: Sendable, CustomTestStringConvertible {
        let environment: String
        let profile: ReferenceServerProfile
        var testDescription: String { "\(environment) (server profile \(profile.rawValue))" }
    }

    static let backends = [
        Backend(environment: "local", profile: .full),
        Backend(environment: "cora-local", profile: .cora),
    ]

    @Test(
        "A logout in one process is not undone by another process's refresh and save",
        arguments: backends)
    func logoutHolds(backend: Backend) async throws {
        try await offThePool {
            let server = try RotatingReferenceServer(cora: backend.profile == .cora)
            let fleet = try SessionWorkerFleet(
                executable: AppExecutable.path,
                base: backend.environment, baseURL: server.baseURL, apiKey: RotatingReferenceServer.apiKey)
            try fleet.signInOnce()
            let processB = try fleet.startWorker("B")
            #expect(try processB.ask("launch") == "screen dashboard")
            let processA = try fleet.startWorker("A")
            #expect(try processA.ask("launch") == "screen dashboard")
            try await server.expireTokens()
            #expect(try processA.ask("call") == "ok", "A refreshes: B's token is now the older one")

            #expect(try processB.ask("logout") == "screen welcome")
            #expect(!fleet.storeHoldsASession, "the logout emptied the store")
            try await server.expireTokens()
            let afterLogout = try processA.ask("call")

            #expect(afterLogout != "ok", "A's session ended with B's logout")
            #expect(!fleet.storeHoldsASession, "no process wrote the session back")
            #expect(try processA.ask("state").hasPrefix("state unauthenticated"), "A dropped its tokens")
            processA.quit()
            processB.quit()
            let fresh = try fleet.startWorker("fresh")
            #expect(try fresh.ask("launch") == "screen welcome", "the next launch is signed out")
            fresh.quit()
        }
    }
}
