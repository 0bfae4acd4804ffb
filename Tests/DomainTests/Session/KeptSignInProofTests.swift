import DomainCore
import Ports
import Testing

/// The ID token a stored session kept, proved again when the launch reads it
/// back (docs/spec/root-screen-and-bootstrap.md §3, row 7): another process
/// or a changed file must not slip in a token the provider never signed, or
/// one naming someone else. Virtual time only.
@MainActor
@Suite("Launch: the kept ID token proved again")
struct KeptSignInProofTests {
    static let idToken = "eyJ.kept-SECRET.sig"

    @Test(
        "Row 7: a kept ID token the provider did not sign ends the session: tokens cleared and ended at the backend, data wiped, said why"
    )
    func unprovedTokenEndsTheSession() async throws {
        let harness = SessionHarness()
        let stored = await harness.storeSession(idToken: Self.idToken)
        await harness.server.answerKeptSignInProof(.success(.notTheProviders))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.storedSignInUnproved))
        #expect(await harness.storedSession() == nil, "nothing of the changed session is kept")
        #expect(await harness.server.provedIDTokens == [Self.idToken])
        #expect(await harness.server.signedOutTokens == [stored.token?.token.reveal()])
    }

    @Test("Row 7: a kept ID token that names someone else than the account the backend answered for ends it too")
    func tokenOfSomeoneElseEndsTheSession() async throws {
        let harness = SessionHarness()
        await harness.storeSession(idToken: Self.idToken)
        await harness.server.answerKeptSignInProof(.success(.proved(subject: UserProfile.joao.id)))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.storedSignInUnproved))
        #expect(await harness.storedSession() == nil)
    }

    @Test("Row 1: a kept ID token the provider signed, naming the account, keeps the session as it was")
    func provedTokenKeepsTheSession() async throws {
        let harness = SessionHarness()
        let stored = await harness.storeSession(idToken: Self.idToken)
        await harness.server.answerKeptSignInProof(.success(.proved(subject: UserProfile.maria.id)))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.storedSession()?.token == stored.token)
        #expect(await harness.server.provedIDTokens == [Self.idToken])
    }

    @Test("Row 5: keys that cannot be fetched are the network's failure: the session expires, its data kept")
    func unreachableKeysExpireTheSession() async throws {
        let harness = SessionHarness()
        await harness.storeSession(idToken: Self.idToken)
        await harness.server.answerKeptSignInProof(.failure(.transport("connection refused")))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .sessionExpired(.network))
        #expect(await harness.storedSession()?.cachedUser?.profile == .maria, "the data is preserved")
        #expect(await harness.storedSession()?.token == nil)
    }

    @Test("A session without an ID token asks for no proof")
    func noIDTokenNoProof() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.server.answerKeptSignInProof(.success(.notTheProviders))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.provedIDTokens.isEmpty)
    }

    @Test("A backend that rejects the stored token first decides by its row: no proof is asked")
    func refusedTokenDecidesFirst() async throws {
        let harness = SessionHarness()
        await harness.storeSession(idToken: Self.idToken)
        await harness.server.answerKeptSignInProof(.success(.notTheProviders))
        await harness.server.set(user: .fail(.rejected(status: 410, code: .userDeleted)))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.userDeleted))
        #expect(await harness.server.provedIDTokens.isEmpty)
    }
}
