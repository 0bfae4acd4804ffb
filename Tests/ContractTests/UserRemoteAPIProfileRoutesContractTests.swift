import Ports
import Testing

/// `UserRemoteAPI`'s capability rule, for every adapter, whichever user routes
/// its backend has: `offersCurrentUser` and `offersAccountRoutes` say which,
/// never change, and never claim account routes without the current user; a
/// call whose route the backend lacks answers `.rejected(404, NOT_FOUND)` at
/// once, sending nothing.
@Suite("UserRemoteAPI contract: user routes")
struct UserRemoteAPIProfileRoutesContractTests {
    static let everyAdapter = RemoteAdapters.users + RemoteAdapters.usersWithoutSomeRoutes

    @Test(
        "offersCurrentUser and offersAccountRoutes never change, and account routes come only with the current user",
        .needsRoutes(RemoteRoute.currentUser), arguments: everyAdapter)
    func capabilitiesAreConstant(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let before = (users.offersCurrentUser, users.offersAccountRoutes)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        for call in RemoteUserCall.allCases where !Self.offers(call, users) {
            _ = try? await call.perform(on: users, token: token)
        }

        #expect(users.offersCurrentUser == before.0)
        #expect(users.offersAccountRoutes == before.1)
        #expect(!users.offersAccountRoutes || users.offersCurrentUser)
    }

    /// Reads the server's request counts (the control API's metrics): an
    /// outside server without them is skipped, not failed.
    @Test(
        "A call whose route the backend lacks is NOT_FOUND and nothing is sent", .needsControlAPI,
        arguments: everyAdapter, RemoteUserCall.allCases)
    func callsNotOfferedSendNothing(_ adapter: UserAdapter, _ call: RemoteUserCall) async throws {
        let (users, server) = try await adapter.make()
        guard !Self.offers(call, users) else { return }
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        let sentBefore = try await server.metrics().allRequests

        let error = await #expect(throws: RemoteError.self) { try await call.perform(on: users, token: token) }

        #expect(error == .rejected(status: 404, code: .notFound))
        #expect(try await server.metrics().allRequests == sentBefore)
    }

    /// The adapters that speak the wire contract (the Supabase adapter asks
    /// Supabase's own route, which its own tests replay).
    @Test(
        "Current user offered: currentUser answers the token's user", .needsRoutes(RemoteRoute.currentUser),
        arguments: RemoteAdapters.users)
    func currentUserOffered(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken
        try #require(users.offersCurrentUser)

        let maria = try await users.currentUser(token: token)

        #expect(maria.email == RemoteSeed.maria.email)
        #expect(maria.cpf == (users.profileCarriesCPF ? RemoteSeed.maria.cpf : ""))
        #expect(maria.source == .server)
    }

    @Test("The adapters without some user routes are in this suite", arguments: RemoteAdapters.usersWithoutSomeRoutes)
    func withoutSomeRoutesSaysSo(_ adapter: UserAdapter) async throws {
        let (users, _) = try await adapter.make()

        #expect(!users.offersAccountRoutes)
    }

    static func offers(_ call: RemoteUserCall, _ users: any UserRemoteAPI) -> Bool {
        call == .currentUser ? users.offersCurrentUser : users.offersAccountRoutes
    }
}
