import Ports
import Testing

/// `AuthRemoteAPI`'s identifier kinds, for every adapter: `signsInByCPF`
/// says whether the backend signs in by CPF, never changes, and where it is
/// false `signIn` refuses a CPF as `.signInRefused(.identifierKindNotAccepted)`
/// at once, sending nothing. Where it is true the seeded sign-in suite
/// (`AuthRemoteAPIContractTests` › "signIn by CPF with the right password
/// returns a token that can be refreshed") signs in by CPF with each
/// adapter, so this suite does not repeat it.
@Suite("AuthRemoteAPI contract: identifier kinds")
struct AuthRemoteAPISignInRefusalContractTests {
    /// `auth`, and the e-mail-only adapters it does not already run.
    static let everyAdapter =
        RemoteAdapters.auth
        + RemoteAdapters.authByEmailOnly.filter { entry in
            !RemoteAdapters.auth.contains { $0.testDescription == entry.testDescription }
        }

    @Test("signsInByCPF never changes for an adapter", arguments: everyAdapter)
    func capabilityIsConstant(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let before = auth.signsInByCPF
        _ = try? await auth.signIn(RemoteSeed.maria.byCPF)

        #expect(auth.signsInByCPF == before)
    }

    /// Reads the server's request counts (every route, and none).
    @Test(
        "A backend that signs in by e-mail only refuses a CPF at once, sending nothing", .needsControlAPI,
        arguments: RemoteAdapters.authByEmailOnly)
    func aCPFIsRefusedSendingNothing(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let sentBefore = try await server.metrics().allRequests

        let error = await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSeed.maria.byCPF) }

        #expect(!auth.signsInByCPF)
        #expect(error == .signInRefused(.identifierKindNotAccepted))
        #expect(try await server.metrics().allRequests == sentBefore)
    }

    /// The wire contract signs in by `{"cpf"}`: the seeded sign-in suite
    /// proves these adapters do, so here only the flag is checked.
    @Test(
        "The adapters of the wire contract say they sign in by CPF",
        arguments: RemoteAdapters.auth.filter { [.wireContract, .inMemoryBackend].contains($0.fixtureDialect) })
    func wireContractSignsInByCPF(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        #expect(auth.signsInByCPF)
    }
}
