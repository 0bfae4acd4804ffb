import Ports
import Testing

/// `UserRemoteAPI`'s capability rule, for every adapter, with profile routes
/// or without: `offersProfileRoutes` says which, and an adapter without them
/// answers every call `.rejected(404, NOT_FOUND)` at once, sending nothing.
@Suite("UserRemoteAPI contract: profile routes")
struct UserRemoteAPIProfileRoutesContractTests {
    static let everyAdapter = RemoteAdapters.users + RemoteAdapters.usersWithoutProfileRoutes

    @Test(
        "offersProfileRoutes never changes for an adapter", .needsRoutes(RemoteRoute.currentUser),
        arguments: everyAdapter)
    func capabilityIsConstant(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let before = users.offersProfileRoutes
        _ = try? await users.currentUser(token: try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken)

        #expect(users.offersProfileRoutes == before)
    }

    /// Reads the server's request counts (the control API's metrics) and
    /// calls `GET /users/me` with the HTTP adapter, which claims the profile
    /// routes: an outside server without either is skipped, not failed.
    @Test(
        "Profile routes offered: currentUser answers; not offered: every call is NOT_FOUND and nothing is sent",
        .needsControlAPI, .needsRoutes(RemoteRoute.currentUser),
        arguments: everyAdapter, RemoteUserCall.allCases)
    func callsFollowTheCapability(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let sentBefore = try await server.metrics().requests[call.route, default: 0]

        if users.offersProfileRoutes {
            let maria = try await users.currentUser(token: token)
            #expect(maria.cpf == RemoteSeed.maria.cpf)
            #expect(maria.source == .server)
            return
        }
        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }

        #expect(error == .rejected(status: 404, code: .notFound))
        #expect(try await server.metrics().requests[call.route, default: 0] == sentBefore)
    }

    @Test("The adapters without profile routes are in this suite", arguments: RemoteAdapters.usersWithoutProfileRoutes)
    func withoutProfileRoutesSaysSo(_ adapter: UserAdapter) async throws {
        let (users, _) = try await adapter.make()

        #expect(!users.offersProfileRoutes)
    }
}
