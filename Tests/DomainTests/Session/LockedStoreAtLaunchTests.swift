import DomainCore
import Ports
import Testing

/// A session store locked at launch (a keychain before the device's first
/// unlock) is waited for, not taken for an expired session
/// (docs/spec/root-screen-and-bootstrap.md §2, `LockedStoreWaitPolicy`): the
/// launch reads it again every second, says so, goes on as any launch once
/// it opens, and gives up after 30 s with what a store that cannot be read
/// shows. All on virtual time.
@MainActor
@Suite("A store locked at launch")
struct LockedStoreAtLaunchTests {
    /// Starts the bootstrap as counted work, so that `pass` settles it.
    private static func startBootstrap(_ harness: SessionHarness) -> any TaskHandle<Void> {
        harness.scheduler.spawn { @MainActor in await harness.launcher.bootstrap() }
    }

    @Test("While the store is locked the launch waits, says so, reads it again every second and deletes nothing")
    func waitsWhileLocked() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.storeSession()
        await harness.store.setUnavailable(true)

        let launch = Self.startBootstrap(harness)
        await harness.pass(.seconds(5))

        #expect(harness.authSession.state == .loading)
        #expect(harness.authSession.isWaitingForStorage)
        #expect(await harness.store.reads == 6, "the first read, then one a second")
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.server.userCallTokens.isEmpty, "nothing is asked before the session is read")
        launch.cancel()
        await harness.pass(.zero)
    }

    @Test("When the store opens with a session in it, the launch goes on as any launch: checked, then signed in")
    func opensOnStoredSession() async throws {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        let stored = await harness.storeSession()
        await harness.store.setUnavailable(true)

        let launch = Self.startBootstrap(harness)
        await harness.pass(.seconds(3))
        await harness.store.setUnavailable(false)
        await harness.pass(.seconds(1))
        await launch.value

        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(!harness.authSession.isWaitingForStorage)
        #expect(await harness.server.userCallTokens.count == 1)
        #expect(await harness.storedSession()?.token == stored.token)
        // Four refused reads and the one that found the session; then once
        // more under the store's lock, before the profile is saved over it.
        #expect(await harness.store.reads == 6)
    }

    @Test("When the store opens with nothing in it, the launch goes on to the welcome screen")
    func opensOnNothingStored() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.store.setUnavailable(true)

        let launch = Self.startBootstrap(harness)
        await harness.pass(.seconds(10))
        await harness.store.setUnavailable(false)
        await harness.pass(.seconds(1))
        await launch.value

        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
    }

    @Test("At the time limit the launch gives up as before: session expired, storage unavailable, nothing deleted")
    func givesUpAtTheLimit() async throws {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.storeSession()
        await harness.store.setUnavailable(true)

        let launch = Self.startBootstrap(harness)
        await harness.pass(LockedStoreWaitPolicy.defaultTimeLimit - .seconds(1))
        #expect(harness.authSession.state == .loading, "still waiting a second before the limit")

        await harness.pass(.seconds(1))
        await launch.value

        #expect(harness.authSession.state == .sessionExpired(.storageUnavailable))
        #expect(!harness.authSession.isWaitingForStorage)
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.server.userCallTokens.isEmpty)
        await harness.store.setUnavailable(false)
        #expect(await harness.storedSession()?.token != nil, "the session is still there for the next launch")
    }

    @Test("The reads are bounded: the first one and one a second until the limit, and none after it")
    func readsAreBounded() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.store.setUnavailable(true)

        let launch = Self.startBootstrap(harness)
        await harness.pass(.seconds(120))
        await launch.value

        #expect(await harness.store.reads == 1 + LockedStoreWaitPolicy().retriesAtMost)
        #expect(await harness.store.reads == 31)
        #expect(harness.clock.sleeperCount == 0, "nothing is left waiting on the clock")
    }

    @Test("A relaunch while waiting cancels the wait: nothing is decided, nothing keeps reading, and settling works")
    func relaunchCancelsTheWait() async throws {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.store.setUnavailable(true)
        let launch = Self.startBootstrap(harness)
        await harness.pass(.seconds(2))
        #expect(harness.clock.sleeperCount == 1)

        launch.cancel()
        await harness.activity.waitUntilIdle()
        let next = harness.relaunched()
        defer { next.health.shutDown() }

        #expect(harness.clock.sleeperCount == 0, "the wait left the clock at once")
        #expect(harness.activity.liveTaskCount == 0, "no work of the ended launch is left")
        #expect(harness.authSession.state == .loading, "the ended launch decided nothing")
        #expect(!harness.authSession.isWaitingForStorage)
        let readsBefore = await harness.store.reads
        await harness.pass(.seconds(60))
        #expect(await harness.store.reads == readsBefore, "the ended launch reads no more")

        // The next launch waits in its turn, and goes on when the store opens.
        let nextLaunch = Self.startBootstrap(next)
        await next.pass(.seconds(1))
        #expect(next.authSession.isWaitingForStorage)
        await next.store.setUnavailable(false)
        await next.pass(.seconds(1))
        await nextLaunch.value
        #expect(next.authSession.state == .authenticated(.maria))
    }

    @Test("A sign-out pending at launch still wins over a locked store: welcome at once, no wait, nothing read")
    func pendingSignOutWinsOverLockedStore() async throws {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.storeSession()
        try await harness.signOutLedger.markPending()
        await harness.store.setUnavailable(true)

        await harness.launcher.bootstrap()

        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(!harness.authSession.isWaitingForStorage)
        #expect(await harness.store.reads == 0, "the session of a user who signed out is not read")
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.signOutLedger.isPending(), "the sign-out is finished at a later launch")
    }

    @Test("Health is still checked while waiting: the store opening while the server is down waits for the server")
    func healthCheckedWhileWaiting() async {
        let harness = SessionHarness()
        defer { harness.health.shutDown() }
        await harness.storeSession()
        await harness.store.setUnavailable(true)
        await harness.probe.setHealthy(false)

        let launch = Self.startBootstrap(harness)
        await harness.pass(.seconds(5))
        #expect(harness.health.status == .serverDown)
        await harness.store.setUnavailable(false)
        await harness.pass(.seconds(1))
        #expect(harness.authSession.state == .loading, "the store opened; the server is still down")
        #expect(!harness.authSession.isWaitingForStorage)

        await harness.probe.setHealthy(true)
        await harness.pass(.seconds(15))
        await launch.value

        #expect(harness.authSession.state == .authenticated(.maria))
    }
}

/// The wait's two numbers and the bound they give.
@Suite("Locked store wait policy")
struct LockedStoreWaitPolicyTests {
    @Test("By default the store is read again every second for 30 s: at most 30 reads after the first")
    func defaults() {
        let policy = LockedStoreWaitPolicy()
        #expect(policy.retryInterval == .seconds(1))
        #expect(policy.timeLimit == .seconds(30))
        #expect(policy.retriesAtMost == 30)
    }

    @Test("An interval of zero is read as the shortest one, so the wait never spins")
    func zeroIntervalIsTheShortest() {
        let policy = LockedStoreWaitPolicy(retryInterval: .zero, timeLimit: .seconds(1))
        #expect(policy.retryInterval == LockedStoreWaitPolicy.shortestRetryInterval)
        #expect(policy.retriesAtMost == 10)
    }

    @Test("A time limit of zero gives up at once, as a launch did before the wait")
    func zeroLimitGivesUpAtOnce() {
        #expect(LockedStoreWaitPolicy(timeLimit: .zero).retriesAtMost == 0)
        #expect(LockedStoreWaitPolicy(timeLimit: .seconds(-5)).retriesAtMost == 0)
    }
}
