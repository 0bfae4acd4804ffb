import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// Logout and a session the backend ended (`SessionEnd`; docs/spec/explicit-actions.md).
@MainActor
@Suite("Session end")
struct SessionEndTests {

    @Test("Logout clears the tokens, wipes the data, signs the token out and leaves the state unauthenticated")
    func logoutClearsEverything() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        let token = try #require(await harness.tokenManager.currentToken)

        await harness.sessionEnd.logout()

        #expect(harness.authSession.state == .unauthenticated(.loggedOut))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.tokenManager.currentToken == nil)
        #expect(!harness.authSession.isRefreshingProactively)
        #expect(await harness.server.signedOutTokens == [token.token.reveal()])
    }

    @Test("Logout during an in-flight refresh leaves the store empty and the state unauthenticated")
    func logoutDuringRefresh() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.holdRefreshes()
        harness.clock.advance(by: .seconds(61))
        let call = Task { await harness.currentUser() }
        await harness.server.wait { $0.heldRefreshCount == 1 }

        await harness.sessionEnd.logout()
        await harness.server.releaseRefreshes()
        _ = await call.value

        #expect(harness.authSession.state == .unauthenticated(.loggedOut))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.tokenManager.currentToken == nil)
        #expect(await harness.store.operations.last == .delete)
    }

    @Test(
        "Mid-session, an inactive or deleted account or an incurable token ends the session at once",
        arguments: [
            (RemoteError.rejected(status: 403, code: .userInactive), SignedOutReason.userInactive),
            (.rejected(status: 410, code: .userDeleted), .userDeleted),
            (.rejected(status: 401, code: .tokenInvalid), .tokenInvalid),
        ])
    func midSessionRefusalEndsSession(error: RemoteError, reason: SignedOutReason) async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.set(user: .fail(error))

        #expect(await harness.currentUser().failure == .sessionEnded(reason))

        #expect(harness.authSession.state == .unauthenticated(reason))
        #expect(await harness.storedSession() == nil)
        #expect(!harness.authSession.isRefreshingProactively)
    }

    @Test("Mid-session, a network error does not end the session")
    func midSessionNetworkErrorKeepsSession() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.set(user: .fail(.transport("connection reset")))

        #expect(await harness.currentUser().failure == .remote(.transport("connection reset")))
        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.storedSession()?.token != nil)
    }

}
