import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// One session, many processes (docs/concurrency.md): two harnesses on one
/// store, one sign-out ledger and one server are two processes of one app —
/// an app and its extension. The server rotates refresh tokens and revokes
/// the family of one sent twice, as an OAuth 2.0 server with reuse
/// protection does. The real-process twins are `SharedStoreTests`.
@MainActor
@Suite("One session, many processes")
struct SharedSessionTests {
    /// The app and its extension, before either launched.
    private static func twoProcesses() async -> (app: SessionHarness, extension: SessionHarness) {
        let server = ScriptedServer()
        await server.setIssuesRefreshTokens(true)
        let app = SessionHarness(server: server)
        let other = SessionHarness(store: app.store, signOutLedger: app.signOutLedger, server: server)
        return (app, other)
    }

    /// Leaves in the shared store a session signed in `age` ago, with its
    /// sign-in's lineage, as a previous launch would.
    @discardableResult
    private static func storeSession(in harness: SessionHarness, issuedAgo age: Duration) async -> UserSession {
        let issued = await harness.server.issueTokens()
        let issuedAt = harness.clock.now().addingTimeInterval(-age.timeInterval)
        let session = UserSession(
            token: SessionToken(
                token: issued.accessToken, issuedAt: issuedAt,
                expiresAt: issuedAt.addingTimeInterval(harness.policy.lifetime.timeInterval),
                refreshToken: issued.refreshToken, lineage: .random()),
            cachedUser: CachedUser(profile: .maria, syncedAt: issuedAt))
        await harness.store.plant(session)
        return session
    }

    /// A launch that restores the stored session into the token manager.
    private static func restore(_ harness: SessionHarness) async throws {
        guard case .found(let session) = await harness.repository.load(), let token = session.token else {
            Issue.record("no session stored to restore")
            return
        }
        let generation = await harness.repository.beginGeneration()
        await harness.tokenManager.start(token, generation: generation)
        harness.sessionEndRelay.attach(harness.sessionEndRecorder)
    }

    /// Leaves in the shared store a token of `stored`'s sign-in that another
    /// process refreshed just now and the server has already expired (a
    /// forced expiry, a clock ahead), though its refresh token still serves.
    private static func storeNewerExpiredToken(after stored: UserSession, in app: SessionHarness) async throws
        -> SessionToken
    {
        let issued = await app.server.issueTokens()
        var newer = try #require(stored.token)
        newer.token = issued.accessToken
        newer.refreshToken = issued.refreshToken
        newer.issuedAt = app.clock.now()
        newer.expiresAt = app.clock.now().addingTimeInterval(app.policy.lifetime.timeInterval)
        await app.store.plant(UserSession(token: newer, cachedUser: stored.cachedUser))
        await app.server.expire(newer.token)
        return newer
    }

    @Test(
        "Two processes meeting one expiry make one refresh: the one that waited adopts the token the other stored",
        .timeLimit(.minutes(10)))
    func oneRefreshPerExpiry() async throws {
        let (app, other) = await Self.twoProcesses()
        await Self.storeSession(in: app, issuedAgo: .seconds(61))
        try await Self.restore(app)
        try await Self.restore(other)

        await app.server.holdRefreshes(1)
        let appCall = Task { await app.currentUser() }
        await app.server.wait { $0.heldRefreshCount == 1 }
        let otherCall = Task { await other.currentUser() }
        // The second refresh waits for the store's lock.
        await app.store.untilAWriterWaits()
        await app.server.releaseRefreshes()

        #expect(await appCall.value.isSuccess)
        #expect(await otherCall.value.isSuccess)
        #expect(await app.server.refreshedTokens.count == 1)
        #expect(await app.server.replayedRefreshTokens == 0)
        let adopted = await other.tokenManager.currentToken
        #expect(adopted != nil)
        #expect(adopted == (await app.tokenManager.currentToken))
        #expect(await app.storedSession()?.token == adopted)
        #expect(app.sessionEnds.isEmpty && other.sessionEnds.isEmpty)
    }

    @Test("A logout in another process is not undone: the refresh sends nothing, writes nothing, and lets go")
    func logoutElsewhereIsNotUndoneByARefresh() async throws {
        let (app, other) = await Self.twoProcesses()
        await Self.storeSession(in: app, issuedAgo: .seconds(61))
        try await Self.restore(app)
        try await Self.restore(other)

        await other.repository.endSession()
        let call = await app.currentUser()

        #expect(call.failure == .sessionEnded(.endedElsewhere))
        #expect(app.sessionEnds == [.endedElsewhere])
        #expect(await app.server.refreshedTokens.isEmpty)
        #expect(await app.storedSession() == nil)
        #expect(await app.signOutLedger.isPending() == false)
    }

    @Test("After a logout in another process, a profile sync and an expiry here write nothing back")
    func logoutElsewhereIsNotUndoneByASave() async throws {
        let (app, other) = await Self.twoProcesses()
        await Self.storeSession(in: app, issuedAgo: .seconds(10))
        try await Self.restore(app)
        try await Self.restore(other)

        await other.repository.endSession()
        let synced = CachedUser(profile: .maria, syncedAt: app.clock.now())
        let saved = await app.repository.saveUser(synced, generation: app.repository.generation)
        #expect(saved == .endedElsewhere)
        #expect(await app.storedSession() == nil)

        await app.repository.expireSession()
        #expect(await app.storedSession() == nil, "the expiry kept no user over a session ended elsewhere")
    }

    @Test("A newer sign-in in another process is left as it is: the old session here lets go without a request")
    func newerSignInElsewhereIsLeftAlone() async throws {
        let (app, other) = await Self.twoProcesses()
        await Self.storeSession(in: app, issuedAgo: .seconds(61))
        try await Self.restore(app)

        let generation = await other.repository.beginGeneration()
        let newer = UserSession(
            token: app.policy.issue(await other.server.issueTokens(), at: other.clock.now()),
            cachedUser: CachedUser(profile: .maria, syncedAt: other.clock.now()))
        await other.repository.saveSession(newer, generation: generation)

        #expect(await app.currentUser().failure == .sessionEnded(.endedElsewhere))
        #expect(await app.server.refreshedTokens.isEmpty)
        #expect(await app.storedSession() == newer)
    }

    @Test(
        "A token of the same sign-in another process saved is adopted with the ID token held here, never the one it carries"
    )
    func adoptedTokenKeepsTheIDTokenHeld() async throws {
        let (app, other) = await Self.twoProcesses()
        var stored = await Self.storeSession(in: app, issuedAgo: .seconds(61))
        let proved = IDTokenHint("eyJ.proved-SECRET.sig")
        stored.token?.idToken = proved
        await app.store.plant(stored)
        try await Self.restore(other)

        // Another process refreshed and saved; what it wrote carries an ID
        // token the provider never signed.
        let issued = await app.server.issueTokens()
        var newer = try #require(stored.token)
        newer.token = issued.accessToken
        newer.refreshToken = issued.refreshToken
        newer.issuedAt = app.clock.now()
        newer.expiresAt = app.clock.now().addingTimeInterval(app.policy.lifetime.timeInterval)
        newer.idToken = IDTokenHint("eyJ.forged-SECRET.sig")
        await app.store.plant(UserSession(token: newer, cachedUser: stored.cachedUser))

        #expect(await other.currentUser().isSuccess)
        let adopted = try #require(await other.tokenManager.currentToken)
        #expect(adopted.token == newer.token, "the newer token was adopted, not refreshed")
        #expect(adopted.idToken == proved)
        #expect(await app.server.refreshedTokens.isEmpty)
    }

    @Test(
        "A token adopted from another process that the server refuses gets one refresh of this process's own: the session holds"
    )
    func adoptedTokenRefusedIsRefreshedNotEnded() async throws {
        let (app, other) = await Self.twoProcesses()
        let stored = await Self.storeSession(in: app, issuedAgo: .seconds(10))
        try await Self.restore(other)
        let held = try #require(stored.token)

        // The app refreshed twice while this process slept.
        let newer = try await Self.storeNewerExpiredToken(after: stored, in: app)
        await app.server.expire(held.token)

        #expect(await other.currentUser().isSuccess)
        #expect(other.sessionEnds.isEmpty)
        #expect(await app.server.refreshedTokens.count == 1, "one refresh, of the adopted token's refresh token")
        #expect(await app.server.replayedRefreshTokens == 0)
        let own = try #require(await other.tokenManager.currentToken)
        #expect(own.token != newer.token && own.token != held.token)
        #expect(await app.storedSession()?.token == own, "the shared store keeps the session, with the new token")
    }

    @Test("A token adopted from another process, refused again after this process's own refresh, ends the session")
    func adoptedTokenRefusedTwiceEndsTheSession() async throws {
        let (app, other) = await Self.twoProcesses()
        let stored = await Self.storeSession(in: app, issuedAgo: .seconds(10))
        try await Self.restore(other)
        let held = try #require(stored.token)

        _ = try await Self.storeNewerExpiredToken(after: stored, in: app)
        await app.server.expire(held.token)
        // The server refuses every token, a freshly refreshed one too.
        await app.server.set(user: .fail(.rejected(status: 401, code: .tokenInvalid)))

        let call = await other.currentUser()

        #expect(call.failure == .sessionEnded(.tokenInvalid))
        #expect(other.sessionEnds == [.tokenInvalid])
        #expect(await app.server.refreshedTokens.count == 1, "one refresh of its own, never a second")
    }

    @Test(
        "A token adopted again after the first adopted one was refused, refused too: the call fails, the session is kept"
    )
    func adoptedTwiceRefusedKeepsTheSession() async throws {
        let (app, other) = await Self.twoProcesses()
        let stored = await Self.storeSession(in: app, issuedAgo: .seconds(10))
        try await Self.restore(other)
        let held = try #require(stored.token)
        await app.server.expire(held.token)
        _ = try await Self.storeNewerExpiredToken(after: stored, in: app)

        await app.server.holdUserCalls(1)
        let call = Task { await other.currentUser() }
        await app.server.wait { $0.heldUserCallCount == 1 }  // with the token held at launch
        await app.server.releaseUserCalls(thenHold: 1)
        await app.server.wait { $0.heldUserCallCount == 1 }  // with the first token adopted
        // Meanwhile the app refreshed again: the next refresh here adopts that.
        let newest = try await Self.storeNewerExpiredToken(after: stored, in: app)
        await app.server.releaseUserCalls()

        #expect(await call.value.failure == .remote(.rejected(status: 401, code: .tokenInvalid)))
        #expect(other.sessionEnds.isEmpty, "no token this process was issued was refused")
        #expect(await app.server.refreshedTokens.isEmpty, "both refreshes adopted: nothing was sent")
        #expect(await other.tokenManager.currentToken?.token == newest.token)
        #expect(await app.storedSession()?.token == newest, "the shared store keeps the session")
    }

    @Test("A profile sync keeps the token another process refreshed, never the one it rotated away")
    func profileSyncKeepsTheNewestToken() async throws {
        let (app, other) = await Self.twoProcesses()
        await Self.storeSession(in: app, issuedAgo: .seconds(10))
        try await Self.restore(app)
        try await Self.restore(other)

        try await other.tokenManager.refreshNow()
        let refreshed = try #require(await other.tokenManager.currentToken)
        let synced = CachedUser(profile: .maria, syncedAt: app.clock.now())
        #expect(await app.repository.saveUser(synced, generation: app.repository.generation) == .written)

        #expect(await app.storedSession() == UserSession(token: refreshed, cachedUser: synced))
    }

    @Test("A sign-out the ledger says is pending (a delete another process could not make) ends the session here")
    func pendingSignOutEndsTheSession() async throws {
        let (app, _) = await Self.twoProcesses()
        let stored = await Self.storeSession(in: app, issuedAgo: .seconds(61))
        try await Self.restore(app)

        try await app.signOutLedger.markPending()
        #expect(await app.currentUser().failure == .sessionEnded(.endedElsewhere))
        #expect(await app.server.refreshedTokens.isEmpty)
        #expect(await app.storedSession() == stored, "this process deletes nothing either: the ledger's owner will")
    }

    @Test("Signed in, a session ended in another process ends here at the next refresh, said on the screen")
    func signedInSessionEndedElsewhereIsSaid() async throws {
        let (app, other) = await Self.twoProcesses()
        defer { app.health.shutDown() }
        await app.server.set(user: .answer(.maria))
        await Self.storeSession(in: app, issuedAgo: .seconds(10))
        let launch = app.scheduler.spawn { @MainActor in await app.launcher.bootstrap() }
        await app.pass(.zero)
        await launch.value
        #expect(app.authSession.state == .authenticated(.maria))

        await other.repository.endSession()
        await app.pass(.seconds(60))

        #expect(app.authSession.state == .unauthenticated(.endedElsewhere))
        #expect(await app.server.refreshedTokens.isEmpty)
        #expect(await app.storedSession() == nil)
    }

    @Test("A launch whose check finds the session ended meanwhile in another process ends signed out, saying so")
    func launchFindsTheSessionEndedElsewhere() async throws {
        let (app, other) = await Self.twoProcesses()
        defer { app.health.shutDown() }
        await app.server.set(user: .answer(.maria))
        await Self.storeSession(in: app, issuedAgo: .seconds(10))
        await app.server.holdUserCalls(1)
        let launch = app.scheduler.spawn { @MainActor in await app.launcher.bootstrap() }
        await app.server.wait { $0.heldUserCallCount == 1 }

        await other.repository.endSession()
        await app.server.releaseUserCalls()
        await app.pass(.zero)
        await launch.value

        #expect(app.authSession.state == .unauthenticated(.endedElsewhere))
        #expect(await app.storedSession() == nil)
    }
}
