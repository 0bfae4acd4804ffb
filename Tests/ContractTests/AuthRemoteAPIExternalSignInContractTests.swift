import PortContracts
import Ports
import Testing

/// `AuthRemoteAPI`'s sign-in outside the app (`ExternalSignInContract` of
/// `PortContracts`), for the adapters that offer the browser or the device
/// flow (`ExternalSignInAdapters.all`), the person played where the
/// in-memory backend can. What every adapter declares of its methods, the
/// password-only ones included, is `AuthRemoteAPIContract`'s
/// (`declarationsAgree`, `unlistedMethodsAreRefused`,
/// `undeclaredCallsSendNothing`), run by the auth contract suites.
@Suite("AuthRemoteAPI contract: sign-in methods and the sign-in outside the app")
struct AuthRemoteAPIExternalSignInContractTests {
    @Test(
        "Every adapter offering a sign-in outside the app keeps each promise",
        arguments: ExternalSignInAdapters.all, ExternalSignInContract.Promise.allCases)
    func keepsThePromise(_ adapter: ExternalSignInAdapter, _ promise: ExternalSignInContract.Promise) async throws {
        try await ExternalSignInContract.check(promise, on: adapter.underTest)
    }
}

extension ExternalSignInAdapter {
    /// The adapter, and the in-memory backend's person signing in as Maria
    /// where it can play them, as `PortContracts` takes them.
    @Sendable func underTest() async throws -> ExternalSignInUnderTest {
        let (auth, person) = try await make()
        guard let person else { return ExternalSignInUnderTest(api: auth) }
        let signsIn: @Sendable () async throws -> Void = { try await person.signsIn(RemoteSeed.maria.byCPF) }
        return ExternalSignInUnderTest(api: auth, personSignsIn: signsIn)
    }
}
