import DomainCore
import Foundation
import Ports
import Testing

/// A window learns that the session ended in another window (issue 52):
/// while signed in and in the foreground, a store shared with other
/// processes is asked every second whether the session is still there; a
/// logout elsewhere (the session gone, or the sign-out marked) or a sign-in
/// as someone else lets it go here within that second, without a call.
@MainActor
@Suite("A session ended in another window")
struct EndedElsewhereWatchTests {
    private static let interval = Duration.seconds(1)

    private static func signedIn() async -> SessionHarness {
        let harness = SessionHarness(watchInterval: interval)
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        return harness
    }

    @Test("Another window logs out: within a second this one says the session ended elsewhere, sending nothing")
    func logoutElsewhereIsSeen() async {
        let harness = await Self.signedIn()
        defer { harness.health.shutDown() }
        #expect(harness.authSession.user != nil)
        let callsBefore = await harness.server.userCallTokens.count
        // The other window's logout: the mark, then the delete.
        try? await harness.signOutLedger.markPending()
        await harness.store.plant(nil)

        await harness.pass(Self.interval)

        #expect(harness.authSession.state == .unauthenticated(.endedElsewhere))
        #expect(await harness.server.userCallTokens.count == callsBefore, "nothing sent")
        #expect(await harness.signOutLedger.isPending(), "the other window's mark is left as it is")
    }

    @Test("Another window signs in as someone else: this one lets its session go, and leaves the new one stored")
    func anotherSignInIsSeen() async {
        let harness = await Self.signedIn()
        defer { harness.health.shutDown() }
        let other = UserSession(
            token: SessionToken(
                token: AccessToken("someone-else"), issuedAt: harness.clock.now(),
                expiresAt: harness.clock.now().addingTimeInterval(300)),
            cachedUser: nil)
        await harness.store.plant(other)

        await harness.pass(Self.interval)

        #expect(harness.authSession.state == .unauthenticated(.endedElsewhere))
        #expect(await harness.storedSession() == other, "the other window's session is not touched")
    }

    @Test("Nothing changed elsewhere: the watch only reads, for as long as the session lasts")
    func nothingChangedNothingHappens() async {
        let harness = await Self.signedIn()
        defer { harness.health.shutDown() }
        let stored = await harness.storedSession()
        let writes = await harness.store.operations.count

        await harness.pass(Self.interval * 5)

        #expect(harness.authSession.user != nil)
        #expect(await harness.storedSession() == stored)
        #expect(await harness.store.operations.count == writes, "no write")
    }

    @Test("Without a shared store nothing is asked: a session removed behind the app is met at the next call")
    func noWatchWithoutASharedStore() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        await harness.store.plant(nil)

        await harness.pass(Self.interval * 5)

        #expect(harness.authSession.user != nil)
    }
}
