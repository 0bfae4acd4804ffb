import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// The token manager with a backend that issues refresh tokens and rotates
/// them, with reuse protection (docs/spec/tokens.md, "Refresh tokens"): the
/// same single flight, barrier and retry as the Cora backend, the refresh
/// token sent instead of the access token, and the rotated one stored before
/// the new access token is used. On virtual time and gates: nothing sleeps.
@MainActor
@Suite("Token manager with refresh tokens")
struct TokenManagerRefreshTokenTests {
    private func refreshTokenHarness(statedLifetime: Duration? = nil) async -> SessionHarness {
        let harness = SessionHarness()
        await harness.server.setIssuesRefreshTokens(true, statedLifetime: statedLifetime)
        return harness
    }

    private func concurrentCalls(_ count: Int, on harness: SessionHarness) async -> [Result<
        UserProfile, AuthorizedCallError
    >] {
        let manager = harness.tokenManager
        let api = harness.userAPI
        return await withTaskGroup(of: Result<UserProfile, AuthorizedCallError>.self) { group in
            for _ in 0..<count {
                group.addTask { await SessionHarness.currentUser(through: manager, api: api) }
            }
            var results: [Result<UserProfile, AuthorizedCallError>] = []
            for await result in group { results.append(result) }
            return results
        }
    }

    @Test(
        "N concurrent calls on an expired token make exactly one refresh, sending the refresh token, and all succeed",
        arguments: [1, 10, 100])
    func concurrentCallsRefreshOnceWithTheRefreshToken(count: Int) async throws {
        let harness = await refreshTokenHarness()
        let old = await harness.startTokenManager(issuedAgo: .seconds(61))
        let oldRefreshToken = try #require(old.refreshToken)

        let results = await concurrentCalls(count, on: harness)

        #expect(results.allSatisfy { $0.isSuccess })
        #expect(await harness.server.refreshedTokens == [oldRefreshToken.reveal()])
        let current = try #require(await harness.tokenManager.currentToken)
        #expect(current.refreshToken != oldRefreshToken)
        #expect(await harness.server.liveRefreshTokens == [try #require(current.refreshToken).reveal()])
        // The rotated refresh token is the one stored.
        #expect(await harness.storedSession()?.token == current)
        #expect(await harness.server.userCallTokens.allSatisfy { $0 == current.token.reveal() })
        #expect(await harness.server.replayedRefreshTokens == 0)
    }

    @Test("The rotated refresh token is stored before the new access token leaves")
    func rotationStoredBeforeUse() async throws {
        let harness = await refreshTokenHarness()
        let old = await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.store.holdNextSave()

        let call = Task { await harness.currentUser() }
        await harness.store.waitForHeldSave()

        // The server has rotated; the save of the new tokens is held: nothing
        // has been sent with the new access token, and the barrier is up.
        #expect(await harness.server.refreshedTokens == [try #require(old.refreshToken).reveal()])
        #expect(await harness.server.userCallTokens.isEmpty)
        #expect(await harness.tokenManager.isRefreshing)
        #expect(await harness.tokenManager.currentToken == old)

        await harness.store.releaseSaves()
        #expect(await call.value.isSuccess)
        let stored = try #require(await harness.storedSession()?.token)
        #expect(stored.refreshToken != old.refreshToken)
        #expect(await harness.server.userCallTokens == [stored.token.reveal()])
    }

    @Test(
        "When the rotated refresh token cannot be stored, the new tokens live on in memory, the failure is said, and the spent one is never sent again"
    )
    func unstorableRotationKeepsTheAnswer() async throws {
        let harness = await refreshTokenHarness()
        await harness.startTokenManager(issuedAgo: .seconds(61))
        let spent = try #require(await harness.tokenManager.currentToken?.refreshToken)
        await harness.store.setWritesFail(true)

        let first = await harness.currentUser()
        let second = await harness.currentUser()

        #expect(first.isSuccess)
        #expect(second.isSuccess)
        #expect(harness.sessionEnds.isEmpty)
        #expect(await harness.server.refreshedTokens.count == 1)
        #expect(await harness.server.replayedRefreshTokens == 0)
        let kept = try #require(await harness.tokenManager.currentToken)
        #expect(kept.refreshToken != spent)
        #expect(await harness.server.userCallTokens == [kept.token.reveal(), kept.token.reveal()])
        #expect(harness.authSession.storageProblem == .notSaved)
    }

    @Test("A rotated refresh token the store cannot save takes the spent one out of the store, where it still deletes")
    func unstorableRotationRemovesTheSpentToken() async throws {
        let harness = await refreshTokenHarness()
        await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.store.setSavesFail(true)

        #expect(await harness.currentUser().isSuccess)

        #expect(await harness.storedSession() == nil, "no launch finds the spent refresh token to send")
        #expect(await harness.store.operations.last == .delete)
        #expect(await harness.tokenManager.currentToken != nil)

        // The next refresh, the store well again, saves the session the process kept.
        await harness.store.setSavesFail(false)
        await harness.pass(.seconds(61))
        #expect(await harness.currentUser().isSuccess)
        #expect(await harness.storedSession()?.token == (await harness.tokenManager.currentToken))
    }

    @Test("Without a refresh token a failed save keeps the session, as before: nothing was spent that a retry needs")
    func accessTokenRefreshKeepsSessionOnFailedSave() async throws {
        let harness = SessionHarness()
        await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.store.setWritesFail(true)

        #expect(await harness.currentUser().isSuccess)
        #expect(harness.sessionEnds.isEmpty)
    }

    @Test("The lifetime the server states takes precedence over the environment's default")
    func statedLifetimeWins() async throws {
        let harness = await refreshTokenHarness(statedLifetime: .seconds(300))
        await harness.startTokenManager(issuedAgo: .seconds(61))

        #expect(await harness.currentUser().isSuccess)

        let current = try #require(await harness.tokenManager.currentToken)
        #expect(current.expiresAt == harness.clock.now().addingTimeInterval(300))
        // 250 s on (the margin before 300 s), not 50 s: the stated lifetime is used.
        #expect(await harness.tokenManager.nextProactiveRefresh() == harness.clock.now().addingTimeInterval(290))
    }

    @Test("A refused refresh token ends the session once, and the refused token is not sent again")
    func refusedRefreshTokenEndsSession() async throws {
        let harness = await refreshTokenHarness()
        await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.server.revokeAll()

        let first = await harness.currentUser()
        let second = await harness.currentUser()

        #expect(first.failure == .sessionEnded(.tokenInvalid))
        #expect(second.failure == .notSignedIn)
        #expect(await harness.server.refreshedTokens.count == 1)
    }
}

@Suite("Token policy: issued tokens")
struct TokenPolicyIssuedTokensTests {
    private let now = Date(timeIntervalSinceReferenceDate: 1000)

    @Test("Without a stated lifetime the policy's lifetime is used")
    func defaultLifetime() {
        let token = TokenPolicy(lifetime: .seconds(60)).issue(IssuedTokens(accessToken: AccessToken("a")), at: now)

        #expect(token.expiresAt == now.addingTimeInterval(60))
        #expect(token.refreshToken == nil)
    }

    @Test("A stated lifetime takes precedence over the policy's")
    func statedLifetime() {
        let issued = IssuedTokens(accessToken: AccessToken("a"), statedLifetime: .seconds(3600))

        #expect(TokenPolicy(lifetime: .seconds(60)).issue(issued, at: now).expiresAt == now.addingTimeInterval(3600))
    }

    @Test(
        "A stated lifetime longer than a day is believed for a day, whatever the backend says",
        arguments: [Duration.seconds(100_000_000), .seconds(24 * 60 * 60 + 1)])
    func statedLifetimeCapped(_ stated: Duration) {
        let issued = IssuedTokens(accessToken: AccessToken("a"), statedLifetime: stated)

        #expect(TokenPolicy().issue(issued, at: now).expiresAt == now.addingTimeInterval(24 * 60 * 60))
        #expect(TokenPolicy.longestBelievedLifetime == .seconds(24 * 60 * 60))
    }

    @Test(
        "A refresh that brings no refresh token keeps the one it was made with; one that brings a new one replaces it")
    func refreshTokenKeptOrReplaced() {
        let policy = TokenPolicy()
        let previous = policy.issue(
            IssuedTokens(accessToken: AccessToken("a1"), refreshToken: RefreshToken("r1")), at: now)

        let notRotated = policy.issue(IssuedTokens(accessToken: AccessToken("a2")), at: now, replacing: previous)
        let rotated = policy.issue(
            IssuedTokens(accessToken: AccessToken("a3"), refreshToken: RefreshToken("r2")), at: now,
            replacing: previous)

        #expect(notRotated.refreshToken == RefreshToken("r1"))
        #expect(rotated.refreshToken == RefreshToken("r2"))
    }

    @Test("The credential a refresh sends: the refresh token when the session has one, else the access token")
    func refreshCredential() {
        let withRefresh = SessionToken(
            token: AccessToken("a"), issuedAt: now, expiresAt: now, refreshToken: RefreshToken("r"))
        let without = SessionToken(token: AccessToken("a"), issuedAt: now, expiresAt: now)

        #expect(RefreshCredential(for: withRefresh) == .refreshToken(RefreshToken("r")))
        #expect(RefreshCredential(for: without) == .accessToken(AccessToken("a")))
    }
}
