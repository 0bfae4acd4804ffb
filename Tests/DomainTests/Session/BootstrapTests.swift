import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// `AuthSession.bootstrap()` performing each row of the decision table
/// (docs/spec/root-screen-and-bootstrap.md §2, §3) against doubles, on virtual
/// time.
@MainActor
@Suite("Bootstrap")
struct BootstrapTests {
    @Test(
        "Row 1: a stored session whose user is active is restored, its token kept and the user saved with a sync stamp")
    func activeUserRestored() async throws {
        let harness = SessionHarness()
        let stored = await harness.storeSession()

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .authenticated(.maria))
        let saved = try #require(await harness.storedSession())
        #expect(saved.token == stored.token)
        #expect(saved.cachedUser == CachedUser(profile: .maria, syncedAt: harness.clock.now()))
        #expect(await harness.server.userCallTokens.count == 1)
        #expect(await harness.server.refreshedTokens.isEmpty)
    }

    @Test("Row 1: an expired stored token is refreshed once, transparently, and the new token saved")
    func expiredStoredTokenRefreshedOnce() async throws {
        let harness = SessionHarness()
        let stored = await harness.storeSession(issuedAgo: .seconds(120))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.refreshedTokens == [stored.token?.token.reveal()])
        let saved = try #require(await harness.storedSession()?.token)
        #expect(saved != stored.token)
        #expect(saved == (await harness.tokenManager.currentToken))
    }

    @Test(
        "Row 2: TOKEN_INVALID, TOKEN_EXPIRED (refresh also refused), USER_DELETED clear the tokens and wipe the data",
        arguments: [
            (RemoteError.rejected(status: 401, code: .tokenInvalid), SignedOutReason.tokenInvalid),
            (.rejected(status: 401, code: .tokenExpired), .tokenExpired),
            (.rejected(status: 410, code: .userDeleted), .userDeleted),
        ])
    func refusedSessionWiped(error: RemoteError, reason: SignedOutReason) async throws {
        let harness = SessionHarness()
        await harness.storeSession(issuedAgo: .seconds(301))
        // The token is past its refresh window: the refresh is refused too.
        await harness.server.set(
            refresh: .fail(error.isTokenRefused ? error : .rejected(status: 401, code: .tokenInvalid)))
        await harness.server.set(user: .fail(error))
        if error.isTokenRefused { await harness.server.revokeAll() }

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(error.isTokenRefused ? reason : .tokenInvalid))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test("Row 2: USER_DELETED on /users/me with a good token wipes at once, without a refresh")
    func deletedUserWiped() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.server.set(user: .fail(.rejected(status: 410, code: .userDeleted)))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.userDeleted))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.server.refreshedTokens.isEmpty)
    }

    @Test("Row 3: USER_INACTIVE clears the tokens, wipes the data and blocks offline use")
    func inactiveUserWiped() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.server.set(user: .fail(.rejected(status: 403, code: .userInactive)))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.userInactive))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.store.operations == [.delete])
    }

    @Test("Row 3: a 200 with active == false is treated as USER_INACTIVE")
    func inactiveFlagWiped() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        var inactive = UserProfile.maria
        inactive.active = false
        await harness.server.set(user: .answer(inactive))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.userInactive))
        #expect(await harness.storedSession() == nil)
    }

    @Test("Row 4: a 200 with is_deleted == true is treated as deleted")
    func deletedFlagWiped() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        var deleted = UserProfile.maria
        deleted.isDeleted = true
        await harness.server.set(user: .answer(deleted))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(.userDeleted))
        #expect(await harness.storedSession() == nil)
    }

    @Test(
        "Row 5: network error, timeout, 5xx or malformed body while healthy → session expired, tokens cleared, data preserved, no retry",
        arguments: [
            (RemoteError.transport("connection reset"), SessionExpiredReason.network),
            (.timeout, .timedOut),
            (.rejected(status: 500, code: nil), .server),
            (.malformedResponse("truncated JSON"), .server),
        ])
    func infrastructureFailureExpires(error: RemoteError, reason: SessionExpiredReason) async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.server.set(user: .fail(error))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .sessionExpired(reason))
        let kept = try #require(await harness.storedSession())
        #expect(kept.token == nil)
        #expect(kept.cachedUser?.profile == .maria)
        #expect(await harness.server.userCallTokens.count == 1, "no other attempt at bootstrap")
    }

    @Test("Row 6: health down at launch → system unavailable with the session kept; on recovery the bootstrap resumes")
    func healthDownWaitsThenResumes() async throws {
        let harness = SessionHarness()
        let stored = await harness.storeSession()
        await harness.probe.setHealthy(false)

        let launch = Task { await harness.launcher.bootstrap() }
        await harness.clock.waitForSleepers()

        #expect(harness.authSession.state == .loading)
        #expect(harness.health.status == .serverDown)
        #expect(await harness.storedSession() == stored, "tokens and data kept while down")
        // /users/me went out at once, concurrently with the health check.
        await harness.server.wait { $0.userCallTokens.count == 1 }

        await harness.probe.setHealthy(true)
        harness.clock.advance(by: .seconds(15))
        await launch.value

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.userCallTokens.count == 1, "the kept result was acted on, not asked again")
        #expect(!harness.health.isPolling)
    }

    @Test("Row 6: a /users/me that failed because of the outage is asked again once on recovery")
    func outageFailureAskedAgainOnRecovery() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.probe.setHealthy(false)
        await harness.server.set(user: .fail(.transport("connection refused")))

        let launch = Task { await harness.launcher.bootstrap() }
        await harness.clock.waitForSleepers()
        await harness.server.wait { $0.userCallTokens.count == 1 }
        await harness.probe.setHealthy(true)
        await harness.server.set(user: .answer(.maria))
        harness.clock.advance(by: .seconds(15))
        await launch.value

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.server.userCallTokens.count == 2)
    }

    @Test("The health check, the store read and /users/me start concurrently: /users/me goes out before health answers")
    func userCheckDoesNotWaitForHealth() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.probe.hold()

        let launch = Task { await harness.launcher.bootstrap() }
        await harness.server.wait { $0.userCallTokens.count == 1 }
        #expect(await harness.probe.heldCount == 1)
        await harness.probe.release()
        await launch.value

        #expect(harness.authSession.state == .authenticated(.maria))
    }

    @Test("No stored session and healthy → unauthenticated")
    func noSessionHealthy() async throws {
        let harness = SessionHarness()
        await harness.launcher.bootstrap()
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.server.userCallTokens.isEmpty)
    }

    @Test("No stored session and the server down → system unavailable, polling, then unauthenticated on recovery")
    func noSessionDownThenRecovers() async throws {
        let harness = SessionHarness()
        await harness.probe.setHealthy(false)

        let launch = Task { await harness.launcher.bootstrap() }
        await harness.clock.waitForSleepers()
        #expect(harness.authSession.state == .loading)
        #expect(harness.health.status == .serverDown)

        // Still down at the first poll: it keeps polling.
        harness.clock.advance(by: .seconds(15))
        await harness.clock.waitForSleepers()
        #expect(await harness.probe.checks == 2)

        await harness.probe.setHealthy(true)
        harness.clock.advance(by: .seconds(15))
        await launch.value
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.probe.checks == 3)
    }

    @Test("Local data without a token (closed on session expired) shows session expired again")
    func localDataWithoutTokenIsExpired() async throws {
        let harness = SessionHarness()
        await harness.store.plant(
            UserSession(token: nil, cachedUser: CachedUser(profile: .maria, syncedAt: harness.clock.now())))

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .sessionExpired(.previouslyExpired))
        #expect(await harness.storedSession()?.cachedUser?.profile == .maria)
        #expect(await harness.server.userCallTokens.isEmpty)
    }

    @Test("A store that cannot be read is not 'signed out': nothing is deleted and the user is asked to sign in again")
    func unreadableStoreIsNotSignedOut() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.store.setUnavailable(true)

        // Still unreadable once the launch's wait for it is over.
        let launch = harness.scheduler.spawn { @MainActor in await harness.launcher.bootstrap() }
        await harness.pass(LockedStoreWaitPolicy.defaultTimeLimit)
        await launch.value

        #expect(harness.authSession.state == .sessionExpired(.storageUnavailable))
        #expect(await harness.store.operations.isEmpty)
        await harness.store.setUnavailable(false)
        #expect(await harness.storedSession()?.token != nil)
    }
}
