import OAuth2ServerAccess
import PortContracts
import Ports
import Testing

/// The part of `UserRemoteAPI`'s contract any backend with these routes
/// passes with its seeded data alone, changing none of it — the promises of
/// `UserRemoteAPIContract` that throw no switch — for every adapter in
/// `SeededAdapters.users`. The switches' promises run in
/// `UserRemoteAPIControlContractTests`; a promise about a route an adapter
/// declares it lacks is cancelled there, saying why.
@Suite(
    "UserRemoteAPI contract, seeded data",
    .needsRoutes(
        RemoteRoute.auth, RemoteRoute.currentUser, RemoteRoute.updateCurrentUser, RemoteRoute.deleteCurrentUser,
        RemoteRoute.relatedUsers, RemoteRoute.saveSharedWith),
    .sharesTheOAuth2Server)
struct UserRemoteAPIContractTests {
    @Test(
        "Every user adapter keeps each promise that needs no switch",
        arguments: SeededAdapters.users, UserRemoteAPIContract.Promise.allCases.filter { !$0.needsTheServersSwitches })
    func keepsThePromise(_ adapter: UserAdapter, _ promise: UserRemoteAPIContract.Promise) async throws {
        try await UserRemoteAPIContract.check(promise, on: adapter.underTest)
    }
}
