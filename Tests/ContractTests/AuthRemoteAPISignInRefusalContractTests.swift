import Ports
import Testing

/// `AuthRemoteAPI.signIn`'s refusal of an identifier kind the backend does
/// not sign in by: `.signInRefused(.identifierKindNotAccepted)` at once,
/// sending nothing. The adapters that speak the wire contract take both kinds
/// (the seeded sign-in suite signs in by CPF and by e-mail with each).
@Suite("AuthRemoteAPI contract: identifier kinds")
struct AuthRemoteAPISignInRefusalContractTests {
    /// Reads the server's request counts (every route, and none).
    @Test(
        "A backend that signs in by e-mail only refuses a CPF at once, sending nothing", .needsControlAPI,
        arguments: RemoteAdapters.authByEmailOnly)
    func aCPFIsRefusedSendingNothing(_ adapter: AuthAdapter) async throws {
        let (auth, server) = try await adapter.make()
        let sentBefore = try await server.metrics().allRequests

        let error = await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSeed.maria.byCPF) }

        #expect(error == .signInRefused(.identifierKindNotAccepted))
        #expect(try await server.metrics().allRequests == sentBefore)
    }
}
