import Ports
import Testing

/// `AuthRemoteAPI`'s registration capability, for every adapter, with
/// registration or without: `registrationOffer` says which, and an adapter
/// without it answers `register` `.rejected(404, NOT_FOUND)` at once, sending
/// nothing.
/// Where the refusal of `register` by an adapter without registration is proved.
let registrationRefusalProved =
    "\"AuthRemoteAPI contract: registration\" proves register is NOT_FOUND at once, sending nothing"

@Suite("AuthRemoteAPI contract: registration")
struct AuthRemoteAPIRegistrationContractTests {
    static let everyAdapter =
        RemoteAdapters.auth + RemoteAdapters.authWithoutRegistration + RemoteAdapters.authByCPFOnly

    @Test("registrationOffer never changes for an adapter", arguments: everyAdapter)
    func capabilityIsConstant(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let before = auth.registrationOffer
        _ = try? await auth.register(Self.takenRegistration)

        #expect(auth.registrationOffer == before)
    }

    @Test(
        "An offered sign-up takes the password and an identifier the backend signs in by",
        arguments: everyAdapter)
    func offeredSignUpTakesWhatSignsIn(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let fields = auth.registrationOffer.fields
        guard auth.registrationOffer.isOffered else {
            #expect(fields.isEmpty)
            return
        }

        #expect(fields.contains(.password))
        #expect((fields.contains(.cpf) && auth.signsInByCPF) || (fields.contains(.email) && auth.signsInByEmail))
    }

    /// Maria's CPF and e-mail: in use whichever identifier a sign-up takes.
    static let takenRegistration = RemoteSeed.newcomer(
        email: RemoteSeed.maria.signInEmail, cpf: RemoteSeed.maria.cpf)

    /// Reads the server's request counts (the control API's metrics); the
    /// registration offered is tried with a CPF and an e-mail already in
    /// use, so it creates no account.
    @Test(
        "Registration offered: register reaches the server; not offered: register is NOT_FOUND and nothing is sent",
        .needsControlAPI, .needsRoutes(RemoteRoute.register), arguments: everyAdapter)
    func registerFollowsTheCapability(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let sentBefore = try await server.metrics().allRequests

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(Self.takenRegistration)
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
