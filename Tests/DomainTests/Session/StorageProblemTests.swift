import DomainCore
import Ports
import Testing

/// A store that refuses a write is never silent: `AuthSession` says so until
/// a later write goes through, whichever part of the domain asked for the write.
@MainActor
@Suite("Session storage problems")
struct StorageProblemTests {
    @Test("A sign-in the store cannot save is said; the word goes once a later save goes through")
    func aSaveThatFailsIsSaidUntilOneGoesThrough() async {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        await harness.store.setWritesFail(true)

        _ = await harness.signIn.login(.maria)
        #expect(harness.authSession.storageProblem == .notSaved)

        await harness.store.setWritesFail(false)
        await harness.pass(.seconds(60))  // the proactive refresh saves the new token
        #expect(await !harness.server.refreshedTokens.isEmpty)
        #expect(harness.authSession.storageProblem == nil)
        await harness.sessionEnd.logout()
    }

    @Test("A logout whose delete the store refuses is said")
    func aDeleteThatFailsIsSaid() async {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        _ = await harness.signIn.login(.maria)
        #expect(harness.authSession.storageProblem == nil)
        await harness.store.setWritesFail(true)

        await harness.sessionEnd.logout()

        #expect(harness.authSession.state == .unauthenticated(.loggedOut))
        #expect(harness.authSession.storageProblem == .notDeleted)
    }
}
