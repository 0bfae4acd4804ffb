import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// Another live process of the app holds the store's lock — stopped, or
/// busy — (issue 41, item 1): this process never refreshes "as a store
/// alone" then, since that process may have sent the very refresh token;
/// it keeps the session it read, says so, and goes on once the lock is let
/// go. It says another window is busy, never that something failed to
/// save: nothing did.
@MainActor
@Suite("Another process holds the session")
struct BusyElsewhereTests {
    static let stoppedHolder = SessionLockHolder(
        processID: 4242, since: Date(timeIntervalSince1970: 1), isStopped: true)

    /// A harness restored on a stored session signed in `age` ago.
    private static func restored(issuedAgo age: Duration) async throws -> SessionHarness {
        let server = ScriptedServer()
        await server.setIssuesRefreshTokens(true)
        let harness = SessionHarness(server: server)
        let issued = await harness.server.issueTokens()
        let issuedAt = harness.clock.now().addingTimeInterval(-age.timeInterval)
        await harness.store.plant(
            UserSession(
                token: SessionToken(
                    token: issued.accessToken, issuedAt: issuedAt,
                    expiresAt: issuedAt.addingTimeInterval(harness.policy.lifetime.timeInterval),
                    refreshToken: issued.refreshToken, lineage: .random()),
                cachedUser: CachedUser(profile: .maria, syncedAt: issuedAt)))
        guard case .found(let session) = await harness.repository.load(), let token = session.token else {
            throw SessionStoreError.unavailable("no session planted")
        }
        let generation = await harness.repository.beginGeneration()
        await harness.tokenManager.start(token, generation: generation)
        harness.sessionEndRelay.attach(harness.sessionEndRecorder)
        return harness
    }

    @Test(
        "An expired token while another process holds the lock: no refresh sent, the session kept, the call says busy")
    func noRefreshWhileAnotherHolds() async throws {
        let harness = try await Self.restored(issuedAgo: .seconds(61))
        let before = await harness.storedSession()
        let held = await harness.tokenManager.currentToken
        await harness.store.setBusy(Self.stoppedHolder)

        let call = await harness.currentUser()

        #expect(call == .failure(.sessionBusyElsewhere))
        #expect(await harness.store.transactionPurposes == [.refreshing], "a waiter's lease would say so")
        #expect(await harness.server.refreshedTokens.isEmpty, "no refresh token left this process")
        #expect(await harness.tokenManager.currentToken == held, "the session read is kept")
        #expect(await harness.storedSession() == before, "nothing written")
        #expect(harness.sessionEnds.isEmpty)
        #expect(
            harness.authSession.storageProblem == .anotherWindowBusy,
            "said: another window is busy (not 'could not save': nothing failed)")

        // The holder lets go: the next call refreshes once and goes through.
        await harness.store.setBusy(nil)
        #expect(await harness.currentUser().isSuccess)
        #expect(await harness.server.refreshedTokens.count == 1)
        #expect(await harness.storedSession()?.token == (await harness.tokenManager.currentToken))
        #expect(harness.authSession.storageProblem == nil, "no longer said once the refresh went through")
    }

    @Test(
        "A logout while another process holds the lock: signed out at once, told the stored copy goes once it lets go, and then it goes; never 'could not remove'"
    )
    func logoutWhileAnotherHolds() async throws {
        let harness = try await Self.restored(issuedAgo: .seconds(1))
        await harness.store.setBusy(Self.stoppedHolder)

        await harness.sessionEnd.logout()

        #expect(harness.authSession.user == nil, "signed out here at once")
        #expect(harness.authSession.storageProblem == .removalWaiting, "not .notDeleted: nothing failed")
        #expect(await harness.signOutLedger.isPending(), "no launch reads the copy back meanwhile")
        #expect(await harness.storedSession() != nil, "the holder still has it")
        // Tried again on the clock while the holder holds: still waiting, still said.
        await harness.pass(UserSessionRepository.removalRetry.first)
        #expect(harness.authSession.storageProblem == .removalWaiting)
        #expect(await harness.storedSession() != nil)

        await harness.store.setBusy(nil)
        await harness.pass(UserSessionRepository.removalRetry.first * 2)

        #expect(await harness.storedSession() == nil, "removed once the holder let go")
        #expect(harness.authSession.storageProblem == nil)
        #expect(await !harness.signOutLedger.isPending())
    }

    @Test(
        "Attempts that found another window busy leave the refresh cap untouched: past the cap still busy, never 'too many refreshes'; once it lets go, one refresh"
    )
    func busyAttemptsDoNotCount() async throws {
        let harness = try await Self.restored(issuedAgo: .seconds(61))
        await harness.store.setBusy(Self.stoppedHolder)

        for attempt in 1...(harness.policy.maxRefreshesPerWindow * 2) {
            #expect(await harness.currentUser() == .failure(.sessionBusyElsewhere), "attempt \(attempt)")
        }

        await harness.store.setBusy(nil)
        #expect(await harness.currentUser().isSuccess, "the cap was never reached")
        #expect(await harness.server.refreshedTokens.count == 1)
    }

    @Test("A profile saved over the session while another process holds the lock: nothing written, no 'could not save'")
    func noWriteWhileAnotherHolds() async throws {
        let harness = try await Self.restored(issuedAgo: .seconds(1))
        let before = await harness.storedSession()
        await harness.store.setBusy(Self.stoppedHolder)

        let generation = await harness.repository.generation
        let write = await harness.repository.saveUser(
            CachedUser(profile: .maria, syncedAt: harness.clock.now()), generation: generation)

        #expect(write == .busyElsewhere)
        #expect(await harness.store.transactionPurposes == [.writing])
        #expect(await harness.storedSession() == before)
        #expect(harness.authSession.storageProblem == .anotherWindowBusy, "said, and not as 'could not save'")

        await harness.store.setBusy(nil)
        #expect(
            await harness.repository.saveUser(
                CachedUser(profile: .maria, syncedAt: harness.clock.now()), generation: generation) == .written)
        #expect(harness.authSession.storageProblem == nil, "no longer said once a write went through")
    }
}
