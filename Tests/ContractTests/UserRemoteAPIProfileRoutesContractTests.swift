import PortContracts
import Ports
import Testing

/// `UserRemoteAPI`'s capability rule for the adapters of backends without
/// some user routes, which the rest of the user suite does not run:
/// `offersCurrentUser` and `offersAccountRoutes` say which routes there
/// are, never change, and never claim account routes without the current
/// user; a call whose route the backend lacks answers
/// `.rejected(404, NOT_FOUND)` at once, sending nothing — the promises of
/// `UserRemoteAPIContract` that concern the declared routes. (The adapters
/// in `RemoteAdapters.users` keep them in the seeded and control suites.)
@Suite("UserRemoteAPI contract: user routes")
struct UserRemoteAPIProfileRoutesContractTests {
    @Test(
        "An adapter without some user routes keeps each promise about its declared routes",
        .needsControlAPI,
        arguments: RemoteAdapters.usersWithoutSomeRoutes,
        UserRemoteAPIContract.Promise.allCases.filter(\.concernsTheDeclaredRoutes))
    func keepsThePromise(_ adapter: UserAdapter, _ promise: UserRemoteAPIContract.Promise) async throws {
        try await UserRemoteAPIContract.check(promise, on: adapter.underTest)
    }

    @Test("The adapters without some user routes are in this suite", arguments: RemoteAdapters.usersWithoutSomeRoutes)
    func withoutSomeRoutesSaysSo(_ adapter: UserAdapter) async throws {
        let (users, _) = try await adapter.make()

        #expect(!users.offersAccountRoutes)
    }
}
