import AdapterInMemory
import SimulatedBackend
@testable import DomainCore
import Foundation
import Ports
import Testing

/// What the domain reports through the `SessionEventSink` port, one event
/// per transition, each from the one place its use case runs
/// (docs/events.md). Virtual time only.
@MainActor
@Suite("Session events: each transition reported once, with its reason")
struct SessionEventReportingTests {
    @Test("A first launch reports the first health check, then that it opened on no session, and nothing more")
    func firstLaunch() async {
        let harness = await SessionHarness.launchedSignedOut()
        #expect(
            harness.eventSink.events == [.healthChanged(from: .unknown, to: .healthy), .launched(.noSession, row: nil)])
        harness.health.shutDown()
    }

    @Test("A password sign-in reports how; a wrong password reports the refusal, by kind")
    func signInAndRefusal() async {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.server.set(signIn: .failure(.rejected(status: 401, code: .invalidCredentials)))
        _ = await harness.signIn.login(.maria)
        await harness.server.set(signIn: .success(()))
        await harness.signInAsMaria()

        #expect(
            harness.sessionEvents == [
                .launched(.noSession, row: nil), .signInRefused(.invalidCredentials), .signedIn(.passwordByCPF),
            ])
        harness.health.shutDown()
    }

    @Test("A logout reports the session's end as logged-out, stamped by the app's clock and process")
    func logout() async throws {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.pass(.seconds(30))
        await harness.sessionEnd.logout()

        let last = try #require(harness.eventSink.entries.last)
        #expect(last.event == .sessionEnded(.loggedOut))
        #expect(last.time == harness.clock.now() && last.process == 4242)
        harness.health.shutDown()
    }

    @Test("A stale stored token refreshed at launch reports the refresh as reactive, then the launch")
    func reactiveRefreshAtLaunch() async {
        let harness = SessionHarness()
        await harness.storeSession(issuedAgo: .seconds(120))

        await harness.launcher.bootstrap()

        #expect(
            harness.sessionEvents == [
                .tokenRefreshed(.reactive, lockWaited: .zero, took: .zero),
                .launched(.sessionRestored, row: .userConfirmed),
            ])
        harness.health.shutDown()
    }

    @Test(
        "A refresh that brings no token reports why, by the port's answer; a refusal of the session then ends it",
        arguments: [
            (RemoteError.transport("connection reset"), RefreshFailure.network, nil as SignedOutReason?),
            (.timeout, .timedOut, nil),
            (.rejected(status: 503, code: nil), .server, nil),
            (.malformedResponse("not JSON"), .server, nil),
            (.rejected(status: 403, code: .apiKeyInvalid), .refused, nil),
            (.rejected(status: 401, code: .tokenInvalid), .tokenInvalid, .tokenInvalid),
            (.rejected(status: 401, code: .tokenExpired), .tokenExpired, .tokenExpired),
            (.rejected(status: 403, code: .userInactive), .userInactive, .userInactive),
            (.rejected(status: 410, code: .userDeleted), .userDeleted, .userDeleted),
        ])
    func refreshFailure(_ error: RemoteError, _ failure: RefreshFailure, _ ended: SignedOutReason?) async {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        await harness.server.set(refresh: .fail(error))

        _ = try? await harness.tokenManager.refreshNow()

        let afterSignIn = Array(harness.sessionEvents.drop { $0 != .signedIn(.passwordByCPF) }.dropFirst())
        #expect(afterSignIn == [.refreshFailed(.launch, failure)] + (ended.map { [.sessionEnded($0)] } ?? []))
        harness.health.shutDown()
    }

    @Test("The health monitor reports each change of health, from and to")
    func healthChanges() async {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()
        await harness.probe.setHealthy(true)
        await harness.health.checkNow()

        let changes = harness.eventSink.events.filter { $0.kind == .healthChanged }
        #expect(
            changes.suffix(2) == [
                .healthChanged(from: .healthy, to: .serverDown), .healthChanged(from: .serverDown, to: .healthy),
            ])
        harness.health.shutDown()
    }

    @Test("A stored session whose kept ID token is not proved: the end and the launch both say why")
    func unprovedKeptSignIn() async {
        let harness = SessionHarness()
        await harness.storeSession(idToken: "eyJ.kept-SECRET.sig")
        await harness.server.answerKeptSignInProof(.success(.notTheProviders))

        await harness.launcher.bootstrap()

        #expect(
            harness.sessionEvents == [
                .sessionEnded(.storedSignInUnproved),
                .launched(.sessionEnded(.storedSignInUnproved), row: .keptSignInUnproved),
            ])
        harness.health.shutDown()
    }

    @Test(
        "A sign-in through the browser reports its end and how the person signed in; a cancelled one, that it was cancelled"
    )
    func externalSignIn() async {
        let harness = SessionHarness(signInMethods: [.browser, .device])
        await harness.launcher.bootstrap()
        let url = URL(string: "https://auth.example.invalid/authorize?state=s1")!
        harness.queueAttempt(.openInBrowser(url))
        _ = await harness.externalSignIn.begin(.browser)
        let cancelled = ExternalSignInTests.completing(harness)
        await harness.pass(.seconds(10))
        await harness.externalSignIn.cancel()
        _ = await cancelled.value
        let attempt = harness.queueAttempt(.openInBrowser(url), answers: [.signedIn])
        _ = await harness.externalSignIn.begin(.browser)
        let completion = ExternalSignInTests.completing(harness)
        attempt.personAnswers(.success(()))
        _ = await completion.value

        #expect(
            harness.sessionEvents.dropFirst() == [
                .externalSignInEnded(.browser, .cancelled), .signedIn(.browser),
                .externalSignInEnded(.browser, .completed),
            ])
        harness.health.shutDown()
    }

    @Test("A session the store could not save is reported as a store problem")
    func storeProblem() async {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.store.setSavesFail(true)
        await harness.signInAsMaria()

        #expect(harness.sessionEvents.contains(.storeProblem(.notSaved)))
        harness.health.shutDown()
    }

    @Test("A store that cannot be read at launch is reported as a store problem, then the launch")
    func unreadableStoreAtLaunch() async {
        let harness = SessionHarness()
        await harness.storeSession()
        await harness.store.setUnavailable(true)
        let launch = harness.scheduler.spawn { @MainActor in await harness.launcher.bootstrap() }
        await harness.pass(LockedStoreWaitPolicy.defaultTimeLimit)
        await launch.value

        #expect(
            harness.sessionEvents == [
                .storeProblem(.unreadable), .sessionExpired(.storageUnavailable),
                .launched(.sessionExpired(.storageUnavailable), row: nil),
            ])
        harness.health.shutDown()
    }

    @Test(
        "Every way a session ends or expires is reported with its reason; a return to sign-in ends nothing",
        arguments: SignedOutReason.allCases)
    func everyEndIsReported(_ reason: SignedOutReason) async {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        harness.authSession.transition(to: .unauthenticated(reason))

        let last = harness.eventSink.events.last
        if reason == .reauthenticating {
            #expect(last == .signedIn(.passwordByCPF))
        } else {
            #expect(last == .sessionEnded(reason))
        }
        harness.health.shutDown()
    }

    @Test("Every way a session expires is reported with its reason", arguments: SessionExpiredReason.allCases)
    func everyExpiryIsReported(_ reason: SessionExpiredReason) async {
        let harness = await SessionHarness.launchedSignedOut()
        await harness.signInAsMaria()
        harness.authSession.transition(to: .sessionExpired(reason))

        #expect(harness.eventSink.events.last == .sessionExpired(reason))
        harness.health.shutDown()
    }
}

extension SessionHarness {
    /// The events reported, but the health monitor's.
    fileprivate var sessionEvents: [SessionEvent] { eventSink.events.filter { $0.kind != .healthChanged } }
}
