import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Testing

/// The PIN lock as `AuthSession` and the root carry it out
/// (docs/spec/pin-lock.md): when the PIN screen comes, that nothing signed
/// in is shown or refreshed behind it, the attempt limit, "Forgot PIN", and
/// the PIN going with its session.
@MainActor
@Suite("PIN lock")
struct PINLockTests {
    /// A harness whose vault already holds `pin` and a session stored for
    /// Maria, as a launch that set a PIN leaves them.
    private func lockedLaunch(pin: String = "2580", pinPolicy: PINLockPolicy = PINLockPolicy()) async throws
        -> (TestViewModelGraph, MainViewModel)
    {
        let harness = SessionHarness(pinPolicy: pinPolicy)
        try await harness.pinVault.set(PIN(pin))
        await harness.storeSession()
        let graph = TestViewModelGraph(harness: harness)
        let main = graph.makeMainViewModel()
        await harness.launcher.bootstrap()
        return (graph, main)
    }

    /// Signed in as Maria with `pin` set from the security screen's use case.
    private func signedInWithPIN(_ pin: String = "2580", pinPolicy: PINLockPolicy = PINLockPolicy()) async
        -> (TestViewModelGraph, MainViewModel)
    {
        let graph = TestViewModelGraph(harness: SessionHarness(pinPolicy: pinPolicy))
        let main = graph.makeMainViewModel()
        await graph.harness.launcher.bootstrap()
        await graph.harness.signInAsMaria()
        #expect(await graph.pinLock.setPIN(PIN(pin)) == nil)
        return (graph, main)
    }

    // MARK: - A restored session

    @Test("A restored session with a PIN set shows the PIN screen and no signed-in area, and refreshes nothing")
    func restoredSessionIsLocked() async throws {
        let (graph, main) = try await lockedLaunch()

        #expect(graph.authSession.state == .pinLocked(.maria))
        #expect(main.screen == .pinLock)
        #expect(main.signedInArea == nil)
        #expect(main.pinLock != nil)
        #expect(graph.dashboardsMade == 0)
        #expect(!graph.authSession.isRefreshingProactively)
        #expect(graph.authSession.user == nil)
    }

    @Test("The right PIN shows the signed-in area and starts the token's refresh")
    func rightPINUnlocks() async throws {
        let (graph, main) = try await lockedLaunch()
        let lock = try #require(main.pinLock)

        lock.pin = "2580"
        await lock.unlock()

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(main.screen == .signedIn)
        #expect(main.signedInArea != nil)
        #expect(main.pinLock == nil)
        #expect(graph.authSession.isRefreshingProactively)
        await graph.sessionEnd.logout()
    }

    @Test("A restored session without a PIN is not locked")
    func noPINNoLock() async {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.launcher.bootstrap()
        #expect(harness.authSession.state == .authenticated(.maria))
        await harness.sessionEnd.logout()
    }

    @Test("A PIN store that cannot be read locks all the same, and no entry unlocks it (fail closed)")
    func unreadableVaultLocks() async {
        let harness = SessionHarness(pinVault: InMemoryPINVault(hasher: StandInSecretHasher()))
        await harness.storeSession()
        let failing = SessionHarnessWithVault(harness: harness, vault: FailingPINVault())
        await failing.session.launcher.bootstrap()

        #expect(failing.session.authSession.state == .pinLocked(.maria))
        #expect(await failing.session.pinLock.unlock(with: PIN("2580")) == .refused(.unavailable))
        #expect(failing.session.authSession.state == .pinLocked(.maria))
        await failing.session.pinLock.forgotPIN()
        #expect(failing.session.authSession.state == .sessionExpired(.pinForgotten))
    }

    // MARK: - Wrong PINs

    @Test("Each wrong PIN says the attempts left; the fifth expires the session with the data and CPF kept")
    func fiveWrongPINsExpireTheSession() async throws {
        let (graph, main) = try await lockedLaunch()
        let lock = try #require(main.pinLock)

        for left in [4, 3, 2, 1] {
            lock.pin = "1111"
            await lock.unlock()
            #expect(lock.problem == .wrong(attemptsLeft: left))
            #expect(graph.authSession.state == .pinLocked(.maria))
        }
        lock.pin = "1111"
        await lock.unlock()

        #expect(graph.authSession.state == .sessionExpired(.pinAttemptsExhausted))
        #expect(main.screen == .sessionExpired)
        let stored = try #require(await graph.harness.storedSession())
        #expect(stored.token == nil)
        #expect(stored.cachedUser?.profile == .maria)
        #expect(graph.authSession.keptUserIdentifier == "123.456.789-09")
        #expect(await graph.harness.tokenManager.currentToken == nil)
        #expect(try await !graph.harness.pinVault.isSet())
    }

    @Test("The wrong PINs counted before a relaunch still count after it")
    func attemptsSurviveARelaunch() async throws {
        let (graph, main) = try await lockedLaunch()
        for _ in 0..<3 {
            main.pinLock?.pin = "1111"
            await main.pinLock?.unlock()
        }
        let next = graph.harness.relaunched()
        await next.launcher.bootstrap()

        #expect(await next.pinLock.unlock(with: PIN("1111")) == .refused(.wrong(attemptsLeft: 1)))
        #expect(await next.pinLock.unlock(with: PIN("1111")) == .sessionExpired)
        #expect(next.authSession.state == .sessionExpired(.pinAttemptsExhausted))
    }

    @Test("A right PIN sets the count back to zero")
    func rightPINResetsTheCount() async throws {
        let (graph, _) = try await lockedLaunch()
        #expect(await graph.pinLock.unlock(with: PIN("1111")) == .refused(.wrong(attemptsLeft: 4)))
        #expect(await graph.pinLock.unlock(with: PIN("2580")) == .accepted)
        #expect(graph.harness.pinVault.storedRecord?.failedAttempts == 0)
        await graph.sessionEnd.logout()
    }

    @Test("Forgot PIN expires the session as too many wrong PINs do, and removes the PIN")
    func forgotPINExpiresTheSession() async throws {
        let (graph, main) = try await lockedLaunch()

        await main.pinLock?.forgotPIN()

        #expect(graph.authSession.state == .sessionExpired(.pinForgotten))
        #expect(await graph.harness.storedSession()?.token == nil)
        #expect(await graph.harness.storedSession()?.cachedUser?.profile == .maria)
        #expect(graph.authSession.keptUserIdentifier == "123.456.789-09")
        #expect(try await !graph.harness.pinVault.isSet())
    }

    @Test("After a PIN expiry, signing in again shows the dashboard with no PIN, and a new one may be set")
    func signInAgainAfterAPINExpiry() async throws {
        let (graph, main) = try await lockedLaunch()
        await main.pinLock?.forgotPIN()
        main.sessionExpired?.reauthenticate()
        _ = await graph.signIn.login(.maria)

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(await graph.pinLock.isPINSet() == false)
        #expect(await graph.pinLock.setPIN(PIN("1470")) == nil)
        #expect(await graph.pinLock.isPINSet() == true)
        await graph.sessionEnd.logout()
    }

    // MARK: - The background

    @Test("Back from the background before the timeout: no PIN screen", arguments: [0, 60, 299])
    func shortAbsenceIsNotLocked(seconds: Int) async {
        let (graph, main) = await signedInWithPIN()
        graph.lifecycle.enterBackground()
        await graph.harness.pass(.seconds(seconds))
        graph.lifecycle.enterForeground()

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(main.screen == .signedIn)
        await graph.sessionEnd.logout()
    }

    @Test("Back from the background at or after the timeout: the PIN screen, then the very screen left")
    func longAbsenceIsLocked() async throws {
        let (graph, main) = await signedInWithPIN()
        let area = try #require(main.signedInArea)
        area.showProfile()
        graph.lifecycle.enterBackground()
        await graph.harness.pass(.seconds(300))
        graph.lifecycle.enterForeground()

        #expect(graph.authSession.state == .pinLocked(.maria))
        #expect(main.screen == .pinLock)
        #expect(!graph.authSession.isRefreshingProactively)

        main.pinLock?.pin = "2580"
        await main.pinLock?.unlock()
        #expect(main.screen == .signedIn)
        #expect(main.signedInArea === area)
        #expect(area.route == .profile)
        #expect(graph.authSession.isRefreshingProactively)
        await graph.sessionEnd.logout()
    }

    @Test("The timeout is the policy's: one minute locks after one minute")
    func timeoutComesFromThePolicy() async {
        let (graph, _) = await signedInWithPIN(pinPolicy: PINLockPolicy(timeout: .seconds(60)))
        graph.lifecycle.enterBackground()
        await graph.harness.pass(.seconds(60))
        graph.lifecycle.enterForeground()
        #expect(graph.authSession.state == .pinLocked(.maria))
    }

    @Test("Without a PIN, a long absence locks nothing")
    func noPINNoLockAfterBackground() async {
        let graph = TestViewModelGraph()
        _ = graph.makeMainViewModel()
        await graph.harness.launcher.bootstrap()
        await graph.harness.signInAsMaria()
        graph.lifecycle.enterBackground()
        await graph.harness.pass(.seconds(200))
        graph.lifecycle.enterForeground()
        #expect(graph.authSession.state == .authenticated(.maria))
        await graph.sessionEnd.logout()
    }

    // MARK: - The PIN goes with its session

    @Test("Logout removes the PIN")
    func logoutRemovesThePIN() async throws {
        let (graph, _) = await signedInWithPIN()
        await graph.sessionEnd.logout()
        #expect(try await !graph.harness.pinVault.isSet())
        #expect(graph.authSession.storageProblem == nil)
    }

    @Test("Deleting the account removes the PIN")
    func accountDeletionRemovesThePIN() async throws {
        let (graph, _) = await signedInWithPIN()
        #expect(await graph.account.deleteAccount().isSuccess)
        #expect(try await !graph.harness.pinVault.isSet())
    }

    @Test("A PIN left behind by an earlier session is removed by the next sign-in")
    func signInRemovesALeftoverPIN() async throws {
        let harness = SessionHarness()
        try await harness.pinVault.set(PIN("2580"))
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        #expect(try await !harness.pinVault.isSet())
        await harness.sessionEnd.logout()
    }

    @Test("A PIN the store will not remove at logout is said on every screen")
    func aPINThatCannotBeRemovedIsSaid() async {
        let harness = SessionHarness()
        let failing = SessionHarnessWithVault(harness: harness, vault: FailingPINVault())
        await failing.session.launcher.bootstrap()
        await harness.server.set(user: .answer(.maria))
        _ = await failing.session.signIn.login(.maria)
        #expect(failing.session.authSession.storageProblem == .pinNotRemoved)

        await failing.session.sessionEnd.logout()

        #expect(failing.session.authSession.state == .unauthenticated(.loggedOut))
        #expect(failing.session.authSession.storageProblem == .pinNotRemoved)
    }
}

/// The session graph on a harness's doubles but with another PIN vault.
@MainActor
struct SessionHarnessWithVault {
    let session: SessionGraph

    init(harness: SessionHarness, vault: any PINVault) {
        session = SessionGraph(
            authAPI: ScriptedAuthAPI(server: harness.server), userAPI: ScriptedUserAPI(server: harness.server),
            repository: harness.repository, tokenManager: harness.tokenManager, health: harness.health,
            clock: harness.clock, scheduler: harness.scheduler, policy: harness.policy, pinVault: vault,
            storeWrites: harness.storeWriteRelay, sessionEnds: harness.sessionEndRelay)
    }
}
