import PortContracts
import Ports
import Testing

/// The part of `UserRemoteAPI`'s contract that needs the server's switches
/// — revocation, the server's clock, account states, faults, every error
/// status, and changes to the seeded accounts that only a reset undoes — the
/// promises of `UserRemoteAPIContract` that throw one, for every adapter in
/// `RemoteAdapters.users`.
@Suite(
    "UserRemoteAPI contract, control switches", .needsControlAPI,
    .needsRoutes(
        RemoteRoute.currentUser, RemoteRoute.updateCurrentUser, RemoteRoute.deleteCurrentUser, RemoteRoute.relatedUsers,
        RemoteRoute.saveSharedWith, RemoteRoute.register))
struct UserRemoteAPIControlContractTests {
    @Test(
        "Every user adapter keeps each promise that throws a switch",
        arguments: RemoteAdapters.users, UserRemoteAPIContract.Promise.allCases.filter(\.needsTheServersSwitches))
    func keepsThePromise(_ adapter: UserAdapter, _ promise: UserRemoteAPIContract.Promise) async throws {
        try await UserRemoteAPIContract.check(promise, on: adapter.underTest)
    }

    /// The auth side of a deletion (the user contract checks its own side:
    /// the tokens refused by the user routes, the credentials by sign-in).
    @Test("after deleteCurrentUser a refresh of the account's session is refused", arguments: RemoteAdapters.users)
    func deletedAccountsSessionDoesNotRefresh(_ adapter: UserAdapter) async throws {
        let (users, server) = try await adapter.make()
        try adapter.requireOffered(.deleteCurrentUser, by: users)
        let token = try await server.auth.signIn(RemoteSeed.maria.byCPF).accessToken

        try await users.deleteCurrentUser(token: token)

        let refreshError = await #expect(throws: RemoteError.self) {
            try await server.auth.refresh(.accessToken(token))
        }
        #expect(refreshError?.isTokenRefused == true, "got \(String(describing: refreshError))")
    }
}
