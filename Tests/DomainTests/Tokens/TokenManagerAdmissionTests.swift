import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// The token manager's admission (docs/spec/tokens.md): at most K authorised
/// calls on the wire at once, the others waiting behind the barrier and
/// reading their token only once admitted; on gates and virtual time.
@MainActor
@Suite("Token manager admission")
struct TokenManagerAdmissionTests {
    private nonisolated static func calls(_ count: Int, manager: TokenManager, api: ScriptedUserAPI) -> Task<
        [Result<UserProfile, AuthorizedCallError>], Never
    > {
        Task {
            await withTaskGroup(of: Result<UserProfile, AuthorizedCallError>.self) { group in
                for _ in 0..<count {
                    group.addTask { await SessionHarness.currentUser(through: manager, api: api) }
                }
                var results: [Result<UserProfile, AuthorizedCallError>] = []
                for await result in group { results.append(result) }
                return results
            }
        }
    }

    private nonisolated static func waiting(_ manager: TokenManager, atLeast count: Int) async {
        while await manager.callersWaitingForAdmission < count { await Task.yield() }
    }

    @Test(
        "With a limit of K, K calls reach the server and the rest wait; after a 401 the waiters leave with the new token: N + K calls, one refresh"
    )
    func storm() async {
        let harness = SessionHarness(policy: TokenPolicy(maxAuthorizedCallsInFlight: 3))
        let old = await harness.startTokenManager()
        await harness.server.holdUserCalls(10)
        let calls = Self.calls(10, manager: harness.tokenManager, api: harness.userAPI)
        await harness.server.wait { $0.heldUserCallCount == 3 }
        await Self.waiting(harness.tokenManager, atLeast: 7)
        #expect(await harness.server.userCallTokens.count == 3, "only K on the wire")
        await harness.server.expire(old.token)
        await harness.server.releaseUserCalls()

        let results = await calls.value

        #expect(results.allSatisfy { $0.isSuccess })
        #expect(await harness.server.refreshedTokens == [old.token.reveal()])
        let sent = await harness.server.userCallTokens
        #expect(sent.count == 10 + 3)
        #expect(sent.filter { $0 == old.token.reveal() }.count == 3, "only the K admitted first carried the old token")
        #expect(await harness.tokenManager.callersWaitingForAdmission == 0)
    }

    @Test(
        "A call let in after its token came within the refresh margin refreshes first: the token handed over with the place is not sent"
    )
    func handedTokenInsideTheMargin() async {
        let harness = SessionHarness(
            policy: TokenPolicy(lifetime: .seconds(60), refreshMargin: .seconds(10), maxAuthorizedCallsInFlight: 1))
        let old = await harness.startTokenManager()
        await harness.server.holdUserCalls(1)
        let first = Self.calls(1, manager: harness.tokenManager, api: harness.userAPI)
        await harness.server.wait { $0.heldUserCallCount == 1 }
        let second = Self.calls(1, manager: harness.tokenManager, api: harness.userAPI)
        await Self.waiting(harness.tokenManager, atLeast: 1)

        // Within the margin while the second call waits; the first hands its
        // place over (and the token as it stands) only after that.
        harness.clock.advance(by: .seconds(55))
        await harness.server.releaseUserCalls()

        #expect(await first.value.allSatisfy { $0.isSuccess })
        #expect(await second.value.allSatisfy { $0.isSuccess })
        #expect(await harness.server.refreshedTokens == [old.token.reveal()], "one refresh, before the second call")
        let sent = await harness.server.userCallTokens
        #expect(sent.count == 2)
        #expect(sent.last != old.token.reveal(), "the second call left with the new token")
    }

    @Test(
        "A caller cancelled while it waits for a place leaves the queue, fails as a cancelled request, and takes no place"
    )
    func cancelledWaiter() async {
        let harness = SessionHarness(policy: TokenPolicy(maxAuthorizedCallsInFlight: 1))
        await harness.startTokenManager()
        await harness.server.holdUserCalls(1)
        let first = Self.calls(1, manager: harness.tokenManager, api: harness.userAPI)
        await harness.server.wait { $0.heldUserCallCount == 1 }
        let second = Self.calls(1, manager: harness.tokenManager, api: harness.userAPI)
        await Self.waiting(harness.tokenManager, atLeast: 1)

        second.cancel()
        let cancelled = await second.value

        #expect(cancelled.first?.failure == .remote(.transport("request cancelled")))
        #expect(await harness.tokenManager.callersWaitingForAdmission == 0)
        await harness.server.releaseUserCalls()
        #expect(await first.value.allSatisfy { $0.isSuccess })
        #expect(
            await Self.calls(1, manager: harness.tokenManager, api: harness.userAPI).value.allSatisfy { $0.isSuccess })
        #expect(await harness.server.userCallTokens.count == 2, "the cancelled call never reached the server")
    }

    @Test("Calls waiting for a place when the session stops are refused as not signed in, and send nothing")
    func stopWhileWaiting() async {
        let harness = SessionHarness(policy: TokenPolicy(maxAuthorizedCallsInFlight: 1))
        await harness.startTokenManager()
        await harness.server.holdUserCalls(1)
        let first = Self.calls(1, manager: harness.tokenManager, api: harness.userAPI)
        await harness.server.wait { $0.heldUserCallCount == 1 }
        let waiters = Self.calls(3, manager: harness.tokenManager, api: harness.userAPI)
        await Self.waiting(harness.tokenManager, atLeast: 3)

        await harness.tokenManager.stop()
        await harness.server.releaseUserCalls()

        _ = await first.value
        #expect(await waiters.value.allSatisfy { $0.failure == .notSignedIn })
        #expect(await harness.server.userCallTokens.count == 1)
    }
}

extension TokenManagerAdmissionTests {
    /// Records the order calls were let onto the wire.
    private actor AdmissionOrder {
        private(set) var indices: [Int] = []
        func record(_ index: Int) { indices.append(index) }
    }

    @Test(
        "A long line is first come, first served: of 200 waiters with every third cancelled, the rest go on the wire in arrival order"
    )
    func longLineInArrivalOrder() async {
        let harness = SessionHarness(policy: TokenPolicy(maxAuthorizedCallsInFlight: 1))
        await harness.startTokenManager()
        await harness.server.holdUserCalls(1)
        let first = Self.calls(1, manager: harness.tokenManager, api: harness.userAPI)
        await harness.server.wait { $0.heldUserCallCount == 1 }
        let order = AdmissionOrder()
        var waiters: [Task<Result<Int, AuthorizedCallError>, Never>] = []
        for index in 0..<200 {
            let manager = harness.tokenManager
            waiters.append(
                Task {
                    do throws(AuthorizedCallError) {
                        return .success(
                            try await manager.authorized { _ throws(RemoteError) in
                                await order.record(index)
                                return index
                            })
                    } catch {
                        return .failure(error)
                    }
                })
            // One at a time into the line, so arrival order is the index.
            await Self.waiting(harness.tokenManager, atLeast: index + 1)
        }
        let cancelled = Set(stride(from: 0, to: 200, by: 3))
        for index in cancelled.sorted() { waiters[index].cancel() }
        for index in cancelled.sorted() {
            #expect(await waiters[index].value.failure == .remote(.transport("request cancelled")))
        }
        #expect(await harness.tokenManager.callersWaitingForAdmission == 200 - cancelled.count)

        await harness.server.releaseUserCalls()
        _ = await first.value
        for (index, waiter) in waiters.enumerated() where !cancelled.contains(index) {
            #expect(await waiter.value.failure == nil)
        }

        #expect(await order.indices == (0..<200).filter { !cancelled.contains($0) })
        #expect(await harness.tokenManager.callersWaitingForAdmission == 0)
        #expect(
            await Self.calls(1, manager: harness.tokenManager, api: harness.userAPI).value.allSatisfy { $0.isSuccess },
            "the place is free again")
    }
}

/// The request deadline starts when a call is admitted: time spent waiting
/// for a place or for a refresh is not counted against it.
@Suite("Request deadline behind admission")
struct RequestDeadlineAdmissionTests {
    private static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))

    @Test(
        "With one place and a 10 s deadline, three calls each answered in 6 s all succeed, the last 18 s after it was made"
    )
    func waitingIsNotCounted() async throws {
        let activity = VirtualActivity()
        let clock = ManualClock(activity: activity)
        let scheduler = CountingTaskScheduler(activity: activity)
        let backend = InMemoryBackend(clock: clock, activity: activity)
        let token = try await backend.signIn(Self.maria)
        await backend.addFault(InMemoryBackend.Fault(route: "GET /challenge/list", mode: .delay(.seconds(6)), count: 3))
        let deadline = RequestDeadline(timeout: .seconds(10), clock: clock, scheduler: scheduler)
        let statements = DeadlineStatementRemoteAPI(InMemoryStatementRemoteAPI(backend: backend), deadline: deadline)
        let policy = TokenPolicy(lifetime: .seconds(3600), maxAuthorizedCallsInFlight: 1)
        let repository = UserSessionRepository(
            store: InMemorySessionDataStore(), signOutLedger: InMemorySignOutLedger(), scheduler: scheduler,
            writeOutcomes: SessionStoreWriteRelay())
        let manager = TokenManager(
            authAPI: DeadlineAuthRemoteAPI(InMemoryAuthRemoteAPI(backend: backend), deadline: deadline), clock: clock,
            scheduler: scheduler, policy: policy, repository: repository, sessionEnds: SessionEndRelay())
        await manager.start(policy.issue(token, at: clock.now()), generation: await repository.beginGeneration())
        let start = clock.now()

        let calls = (0..<3).map { _ in
            scheduler.spawn { () -> Result<Date, AuthorizedCallError> in
                do throws(AuthorizedCallError) {
                    _ = try await manager.authorized { token throws(RemoteError) in
                        try await statements.statement(token: token)
                    }
                    return .success(clock.now())
                } catch {
                    return .failure(error)
                }
            }
        }
        await clock.pass(.seconds(30)) { await activity.waitUntilIdle() }

        var answeredAt: [TimeInterval] = []
        for call in calls {
            let outcome = await call.value
            #expect(outcome.failure == nil)
            if case .success(let date) = outcome { answeredAt.append(date.timeIntervalSince(start)) }
        }
        #expect(answeredAt.sorted() == [6, 12, 18])
    }
}
