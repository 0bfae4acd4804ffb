import Ports
import Testing

/// `AuthRemoteAPI`'s registration capability, for every adapter, with
/// registration or without: `offersRegistration` says which, and an adapter
/// without it answers `register` `.rejected(404, NOT_FOUND)` at once, sending
/// nothing.
/// Where the refusal of `register` by an adapter without registration is proved.
let registrationRefusalProved =
    "\"AuthRemoteAPI contract: registration\" proves register is NOT_FOUND at once, sending nothing"

@Suite("AuthRemoteAPI contract: registration")
struct AuthRemoteAPIRegistrationContractTests {
    static let everyAdapter =
        RemoteAdapters.auth + RemoteAdapters.authWithoutRegistration + RemoteAdapters.authByCPFOnly

    @Test("offersRegistration never changes for an adapter", arguments: everyAdapter)
    func capabilityIsConstant(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let before = auth.offersRegistration
        _ = try? await auth.register(RemoteSeed.newcomer(cpf: RemoteSeed.maria.cpf))

        #expect(auth.offersRegistration == before)
    }

    /// Reads the server's request counts (the control API's metrics); the
    /// registration offered is tried with a CPF already in use, so it
    /// creates no account.
    @Test(
        "Registration offered: register reaches the server; not offered: register is NOT_FOUND and nothing is sent",
        .needsControlAPI, .needsRoutes(RemoteRoute.register), arguments: everyAdapter)
    func registerFollowsTheCapability(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let sentBefore = try await server.metrics().allRequests

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(RemoteSeed.newcomer(cpf: RemoteSeed.maria.cpf))
        }

        let sent = try await server.metrics().allRequests - sentBefore
        if auth.offersRegistration {
            #expect(error == .alreadyRegistered)
            #expect(sent == 1)
        } else {
            #expect(error == .rejected(status: 404, code: .notFound))
            #expect(sent == 0)
        }
    }

    @Test(
        "The adapters without registration are in this suite",
        arguments: RemoteAdapters.authWithoutRegistration + RemoteAdapters.authByCPFOnly)
    func withoutRegistrationSaysSo(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        #expect(!auth.offersRegistration)
    }
}
