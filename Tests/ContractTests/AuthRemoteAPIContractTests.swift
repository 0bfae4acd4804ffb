import OAuth2ServerAccess
import PortContracts
import Ports
import Testing

/// The part of `AuthRemoteAPI`'s contract any backend passes with its seeded
/// data alone, changing none of it — the promises of `AuthRemoteAPIContract`
/// that throw no switch — for every auth adapter (`SeededAdapters.everyAuth`:
/// the control list's, those that leave a capability out, and the OAuth 2.0
/// test server's when it is set). The switches' promises run in
/// `AuthRemoteAPIControlContractTests`; a promise about a capability an
/// adapter declares it lacks is cancelled there, saying why.
@Suite("AuthRemoteAPI contract, seeded data", .needsRoutes(RemoteRoute.auth), .sharesTheOAuth2Server)
struct AuthRemoteAPIContractTests {
    @Test(
        "Every auth adapter keeps each promise that needs no switch",
        arguments: SeededAdapters.everyAuth,
        AuthRemoteAPIContract.Promise.allCases.filter { !$0.needsTheServersSwitches })
    func keepsThePromise(_ adapter: AuthAdapter, _ promise: AuthRemoteAPIContract.Promise) async throws {
        try await AuthRemoteAPIContract.check(promise, on: adapter.underTest)
    }
}
