import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// The token manager's scenarios (docs/spec/tokens.md), each on virtual time
/// and gates: nothing here sleeps.
@MainActor
@Suite("Token manager")
struct TokenManagerTests {
    /// Runs `count` calls to the user route at once and returns their results.
    private func concurrentCalls(_ count: Int, on harness: SessionHarness) async -> [Result<
        UserProfile, AuthorizedCallError
    >] {
        await Self.concurrentCalls(count, manager: harness.tokenManager, api: harness.userAPI)
    }

    private nonisolated static func concurrentCalls(_ count: Int, manager: TokenManager, api: ScriptedUserAPI) async
        -> [Result<UserProfile, AuthorizedCallError>]
    {
        await withTaskGroup(of: Result<UserProfile, AuthorizedCallError>.self) { group in
            for _ in 0..<count {
                group.addTask { await SessionHarness.currentUser(through: manager, api: api) }
            }
            var results: [Result<UserProfile, AuthorizedCallError>] = []
            for await result in group { results.append(result) }
            return results
        }
    }

    @Test(
        "N concurrent calls on an expired token make exactly one refresh and all succeed",
        arguments: [1, 10, 100, 1000])
    func concurrentCallsOnExpiredTokenRefreshOnce(count: Int) async throws {
        let harness = SessionHarness()
        let old = await harness.startTokenManager(issuedAgo: .seconds(61))

        let results = await concurrentCalls(count, on: harness)

        #expect(results.allSatisfy { $0.isSuccess })
        #expect(await harness.server.refreshedTokens == [old.token.reveal()])
        // The barrier: no request left with the token being replaced.
        let sent = await harness.server.userCallTokens
        #expect(sent.count == count)
        #expect(!sent.contains(old.token.reveal()))
    }

    @Test("N concurrent 401s make one refresh and each call is retried at most once", arguments: [1, 10, 100, 1000])
    func concurrentRefusalsRefreshOnceAndRetryOnce(count: Int) async throws {
        let harness = SessionHarness()
        let old = await harness.startTokenManager()
        // Every call leaves with the old token before any answer comes back…
        await harness.server.holdUserCalls(count)
        let calls = Task { await concurrentCalls(count, on: harness) }
        await harness.server.wait { $0.heldUserCallCount == count }
        // …and the token has expired on the server meanwhile.
        await harness.server.expire(old.token)
        await harness.server.releaseUserCalls()

        let results = await calls.value

        #expect(results.allSatisfy { $0.isSuccess })
        #expect(await harness.server.refreshedTokens.count == 1)
        let sent = await harness.server.userCallTokens
        #expect(sent.count == 2 * count, "each call sent once with the old token and retried once")
        #expect(sent.filter { $0 == old.token.reveal() }.count == count)
    }

    @Test(
        "A refused refresh gives every waiter the same error and ends the session once",
        // A hang guard, as the fault matrix's: under ThreadSanitizer, with
        // every suite's main-actor work in parallel, one minute was not
        // enough for this main-actor test (alone it takes under a second).
        .timeLimit(.minutes(5)),
        arguments: [1, 10, 100])
    func refusedRefreshEndsSessionOnce(count: Int) async throws {
        let harness = SessionHarness()
        await harness.startTokenManager(issuedAgo: .seconds(301))
        await harness.server.set(refresh: .fail(.rejected(status: 401, code: .tokenExpired)))
        // Every call waits behind the one refresh before it is refused: a
        // call that came after the session ended would rightly be told
        // "not signed in", which is not what this test is about.
        await harness.server.holdRefreshes()
        let manager = harness.tokenManager
        let api = harness.userAPI
        let storm = Task { await Self.concurrentCalls(count, manager: manager, api: api) }
        while await manager.callersWaitingForRefresh < count { await Task.yield() }
        await harness.server.releaseRefreshes()
        let results = await storm.value

        #expect(results.allSatisfy { $0.failure == .sessionEnded(.tokenExpired) })
        #expect(harness.sessionEnds == [.tokenExpired])
        #expect(await harness.server.refreshedTokens.count == 1)
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test(
        "A refresh that fails for network reasons keeps the session",
        arguments: [RemoteError.transport("connection refused"), .timeout, .rejected(status: 503, code: nil)])
    func networkFailureOnRefreshKeepsSession(failure: RemoteError) async throws {
        let harness = SessionHarness()
        let old = await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.server.set(refresh: .fail(failure))

        let failed = await harness.currentUser()

        #expect(failed.failure == .remote(failure))
        #expect(harness.sessionEnds.isEmpty)
        #expect(await harness.tokenManager.currentToken == old)

        await harness.server.set(refresh: .rotate)
        let retried = await harness.currentUser()
        #expect(retried.isSuccess)
    }

    @Test("A 401 on a token already replaced retries with the new token without refreshing")
    func refusalOfReplacedTokenRetriesWithoutRefresh() async throws {
        let harness = SessionHarness()
        let old = await harness.startTokenManager()
        // Call A leaves with the old token and is held at the server.
        await harness.server.holdUserCalls(1)
        let callA = Task { await harness.currentUser() }
        await harness.server.wait { $0.heldUserCallCount == 1 }
        // Meanwhile the token expires on the server and call B refreshes it.
        await harness.server.expire(old.token)
        let callB = await harness.currentUser()
        #expect(callB.isSuccess)
        #expect(await harness.server.refreshedTokens.count == 1)

        await harness.server.releaseUserCalls()
        let resultA = await callA.value

        #expect(resultA.isSuccess)
        #expect(await harness.server.refreshedTokens.count == 1, "no second refresh for a replaced token")
        let sent = await harness.server.userCallTokens
        #expect(sent.count == 4)
        #expect(sent.last != old.token.reveal())
    }

    @Test("Two refreshes of the same token never both reach the server")
    func sameTokenIsNeverRefreshedTwice() async throws {
        let harness = SessionHarness()
        let old = await harness.startTokenManager(issuedAgo: .seconds(55))
        await harness.server.holdRefreshes()
        let manager = harness.tokenManager
        // A proactive refresh and two calls all want a refresh of the same token.
        let proactive = Task { try await manager.refreshIfDue() }
        await harness.server.wait { $0.heldRefreshCount == 1 }
        let first = Task { await harness.currentUser() }
        let second = Task { await harness.currentUser() }
        let again = Task { try await manager.refreshIfDue() }
        await harness.server.releaseRefreshes()

        try await proactive.value
        try await again.value
        #expect(await first.value.isSuccess)
        #expect(await second.value.isSuccess)
        #expect(await harness.server.refreshedTokens == [old.token.reveal()])
    }

    @Test("The refresh cap stops a server that refuses every fresh token from driving a loop")
    func refreshCapStopsLoop() async throws {
        let policy = TokenPolicy(maxRefreshesPerWindow: 3, refreshCapWindow: .seconds(60))
        let harness = SessionHarness(policy: policy)
        await harness.startTokenManager()
        await harness.server.setAcceptEachTokenOnce(true)

        var outcomes: [Result<UserProfile, AuthorizedCallError>] = []
        for _ in 0..<6 { outcomes.append(await harness.currentUser()) }

        #expect(await harness.server.refreshedTokens.count == 3)
        #expect(outcomes.prefix(4).allSatisfy { $0.isSuccess })
        #expect(outcomes.suffix(2).allSatisfy { $0.failure == .refreshLimitReached })
        #expect(harness.sessionEnds.isEmpty, "the cap fails calls; it does not end the session")

        harness.clock.advance(by: .seconds(61))
        #expect(await harness.currentUser().isSuccess)
        #expect(await harness.server.refreshedTokens.count == 4)
    }

    @Test("A token within the refresh margin is refreshed before use, and the new token is saved")
    func tokenWithinMarginIsRefreshedFirst() async throws {
        let harness = SessionHarness()
        let old = await harness.startTokenManager(issuedAgo: .seconds(50))

        #expect(await harness.currentUser().isSuccess)

        #expect(await harness.server.refreshedTokens == [old.token.reveal()])
        let saved = try #require(await harness.storedSession()?.token)
        #expect(saved != old)
        #expect(saved == (await harness.tokenManager.currentToken))
        #expect(saved.issuedAt == harness.clock.now())
        #expect(saved.expiresAt == harness.clock.now().addingTimeInterval(60))
    }

    @Test("A token outside the margin is used as it is")
    func freshTokenIsNotRefreshed() async throws {
        let harness = SessionHarness()
        await harness.startTokenManager(issuedAgo: .seconds(49))

        #expect(await harness.currentUser().isSuccess)
        #expect(await harness.server.refreshedTokens.isEmpty)
    }

    @Test("An account found inactive mid-session ends the session without a refresh")
    func inactiveAccountEndsSession() async throws {
        let harness = SessionHarness()
        await harness.startTokenManager()
        await harness.server.set(user: .fail(.rejected(status: 403, code: .userInactive)))

        #expect(await harness.currentUser().failure == .sessionEnded(.userInactive))
        #expect(harness.sessionEnds == [.userInactive])
        #expect(await harness.server.refreshedTokens.isEmpty)
    }

    @Test("A fresh token refused again ends the session: no refresh can cure it")
    func freshTokenRefusedEndsSession() async throws {
        let harness = SessionHarness()
        await harness.startTokenManager()
        await harness.server.set(user: .fail(.rejected(status: 401, code: .tokenInvalid)))

        #expect(await harness.currentUser().failure == .sessionEnded(.tokenInvalid))
        #expect(await harness.server.refreshedTokens.count == 1)
        #expect(await harness.server.userCallTokens.count == 2)
        #expect(harness.sessionEnds == [.tokenInvalid])
    }

    @Test("A refresh that lands after stop changes nothing and is not saved")
    func refreshAfterStopIsDiscarded() async throws {
        let harness = SessionHarness()
        await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.server.holdRefreshes()
        let call = Task { await harness.currentUser() }
        await harness.server.wait { $0.heldRefreshCount == 1 }

        await harness.tokenManager.stop()
        await harness.repository.endSession()
        await harness.server.releaseRefreshes()

        #expect(await call.value.failure == .notSignedIn)
        #expect(await harness.tokenManager.currentToken == nil)
        #expect(await harness.storedSession() == nil)
    }

    @Test("Stopping cancels a refresh in flight: the ended app never exchanges the token it leaves stored")
    func stopCancelsRefreshInFlight() async throws {
        let harness = SessionHarness()
        let token = await harness.startTokenManager(issuedAgo: .seconds(61))
        await harness.server.holdRefreshes()
        let call = Task { await harness.currentUser() }
        await harness.server.wait { $0.heldRefreshCount == 1 }

        // The app ends (quit or relaunch) with the refresh still at the server.
        await harness.tokenManager.stop()
        await harness.server.releaseRefreshes()

        #expect(await call.value.failure == .notSignedIn)
        #expect(await harness.server.cancelledRefreshes == 1)
        #expect(
            await harness.server.refreshableTokens.contains(token.token.reveal()),
            "the stored token can still be exchanged by the next launch")
    }

    @Test("Without a session nothing is sent")
    func noSessionSendsNothing() async throws {
        let harness = SessionHarness()
        #expect(await harness.currentUser().failure == .notSignedIn)
        #expect(await harness.server.userCallTokens.isEmpty)
    }
}
