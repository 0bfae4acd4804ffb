import Ports
import Testing

/// `AuthRemoteAPI`'s identifier kinds, for every adapter: `signsInByCPF`
/// and its twin `signsInByEmail` say whether the backend signs in by CPF and
/// by e-mail, never change, are never both false, and where one is false
/// `signIn` refuses that kind as `.signInRefused(.identifierKindNotAccepted)`
/// at once, sending nothing. Where it is true the seeded sign-in suite
/// (`AuthRemoteAPIContractTests` › "signIn by CPF with the right password
/// returns a token that can be refreshed") signs in by CPF with each
/// adapter, so this suite does not repeat it.
@Suite("AuthRemoteAPI contract: identifier kinds")
struct AuthRemoteAPISignInRefusalContractTests {
    /// `auth`, and the e-mail-only and CPF-only adapters it does not already run.
    static let everyAdapter =
        RemoteAdapters.auth
        + (RemoteAdapters.authByEmailOnly + RemoteAdapters.authByCPFOnly).filter { entry in
            !RemoteAdapters.auth.contains { $0.testDescription == entry.testDescription }
        }

    @Test("signsInByEmail never changes for an adapter", arguments: everyAdapter)
    func emailCapabilityIsConstant(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()
        let before = auth.signsInByEmail
        _ = try? await auth.signIn(RemoteSeed.maria.byCPF)

        #expect(auth.signsInByEmail == before)
    }

    @Test("Every adapter signs in by CPF, by e-mail or by both, never by neither", arguments: everyAdapter)
    func someKindIsAccepted(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        #expect(auth.signsInByCPF || auth.signsInByEmail)
        #expect(auth.signsIn(by: .cpf(RemoteSeed.maria.cpf)) == auth.signsInByCPF)
        #expect(auth.signsIn(by: .email("maria@example.com")) == auth.signsInByEmail)
    }

    /// Reads the server's request counts (every route, and none).
    @Test(
        "A backend that signs in by CPF only refuses an e-mail at once, sending nothing", .needsControlAPI,
        arguments: RemoteAdapters.authByCPFOnly)
    func anEmailIsRefusedSendingNothing(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let sentBefore = try await server.metrics().allRequests

        let error = await #expect(throws: RemoteError.self) {
            try await auth.signIn(Credentials(identifier: .email("maria@example.com"), password: Password("123456")))
        }

        #expect(!auth.signsInByEmail)
        #expect(auth.signsInByCPF)
        #expect(error == .signInRefused(.identifierKindNotAccepted))
        #expect(try await server.metrics().allRequests == sentBefore)
    }

    /// The seeded sign-in suite signs in by e-mail with these adapters
    /// (`AuthRemoteAPIContractTests`, where the server takes an e-mail):
    /// here only the flag is checked.
    @Test(
        "The adapters of the wire contract's full profile say they sign in by e-mail", .needsSignInByEmail,
        arguments: RemoteAdapters.auth.filter { [.wireContract, .inMemoryBackend].contains($0.fixtureDialect) })
    func wireContractSignsInByEmail(_ adapter: AuthAdapter) async throws {
        let (auth, _) = try await adapter.make()

        #expect(auth.signsInByEmail)
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
