import DomainCore
import Ports
import Testing

/// A logout whose delete the store refuses must not leave a usable session
/// behind: the sign-out is remembered apart from the store, and the next
/// launch finishes it before it reads anything.
@MainActor
@Suite("Pending sign-out")
struct PendingSignOutTests {
    /// Maria signed in, then logged out while the store refused every write:
    /// her session, token included, is still stored.
    private static func loggedOutWhileStoreRefusedDelete() async -> SessionHarness {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        await harness.store.setWritesFail(true)
        await harness.sessionEnd.logout()
        return harness
    }

    @Test("A logout whose delete fails is remembered, and the session it could not remove is still stored")
    func failedDeleteIsRemembered() async {
        let harness = await Self.loggedOutWhileStoreRefusedDelete()
        defer { harness.health.shutDown() }

        #expect(harness.authSession.storageProblem == .notDeleted)
        #expect(await harness.storedSession()?.token != nil)
        #expect(await harness.signOutLedger.isPending())
    }

    @Test("The next launch deletes the left-behind session first: signed out, nothing stored, no call with its token")
    func nextLaunchFinishesTheSignOut() async {
        let loggedOut = await Self.loggedOutWhileStoreRefusedDelete()
        await loggedOut.store.setWritesFail(false)
        let callsBefore = await loggedOut.server.userCallTokens.count
        let next = loggedOut.relaunched()
        defer { next.health.shutDown() }

        await next.launcher.launch()

        #expect(next.authSession.state == .unauthenticated(nil))
        #expect(next.authSession.storageProblem == nil)
        #expect(await next.storedSession() == nil)
        #expect(await next.store.operations.last == .delete)
        #expect(await next.server.userCallTokens.count == callsBefore, "the old token is never sent")
        #expect(await !next.signOutLedger.isPending())
    }

    @Test("While the delete still fails at the next launch, the stored session is not used and the user is told")
    func nextLaunchWhoseDeleteFailsSignsOutAndSaysSo() async {
        let loggedOut = await Self.loggedOutWhileStoreRefusedDelete()
        let callsBefore = await loggedOut.server.userCallTokens.count
        let next = loggedOut.relaunched()
        defer { next.health.shutDown() }

        await next.launcher.launch()

        #expect(next.authSession.state == .unauthenticated(nil))
        #expect(next.authSession.storageProblem == .notDeleted)
        #expect(await next.storedSession()?.token != nil, "the store still refuses the delete")
        #expect(await next.server.userCallTokens.count == callsBefore, "the old token is never sent")
        #expect(await next.signOutLedger.isPending(), "the launch after this one tries again")
    }

    @Test("A session saved whole after the failed delete clears the mark: the launch after it restores that session")
    func aLaterSavedSessionClearsTheMark() async {
        let loggedOut = await Self.loggedOutWhileStoreRefusedDelete()
        await loggedOut.store.setWritesFail(false)
        await loggedOut.signInAsMaria()
        #expect(loggedOut.authSession.storageProblem == nil)
        #expect(await !loggedOut.signOutLedger.isPending())
        let next = loggedOut.relaunched()
        defer { next.health.shutDown() }

        await next.launcher.launch()

        #expect(next.authSession.state == .authenticated(.maria))
    }

    @Test("A logout whose delete goes through leaves no mark behind")
    func aLogoutThatWorksLeavesNoMark() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()

        await harness.sessionEnd.logout()

        #expect(await harness.storedSession() == nil)
        #expect(await !harness.signOutLedger.isPending())
    }

    @Test("A ledger that cannot be read is taken for a sign-out pending: the stored session is deleted, not used")
    func anUnreadableLedgerIsASignOutPending() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.storeSession()
        harness.signOutLedger.simulateUnavailable(true)

        await harness.launcher.launch()

        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.server.userCallTokens.isEmpty)
    }
}
