import SimulatedBackend
import Foundation
import Ports
import TaskRuntime
import VirtualTime
import Testing

/// The in-memory backend played as an OAuth 2.0 authorization server
/// (`InMemoryBackend+ExternalSignIn`): the simulated person's actions, the
/// browser's one code exchange and the device flow's polling as
/// RFC 8628 §3.5 says, on a `ManualClock`. Nothing sleeps.
@Suite("InMemoryBackend as an authorization server")
struct InMemoryExternalSignInTests {
    let clock = ManualClock()
    let backend: InMemoryBackend
    let auth: InMemoryAuthRemoteAPI

    init() {
        backend = InMemoryBackend(clock: clock)
        auth = InMemoryAuthRemoteAPI(backend: backend, registrationOffer: .none, signInMethods: [.browser, .device])
    }

    @Test("Without .password the adapter signs in by no identifier and refuses a password at once")
    func noPassword() async throws {
        let before = await backend.metrics().requests.values.reduce(0, +)

        let error = await #expect(throws: RemoteError.self) { try await auth.signIn(RemoteSeed.maria.byCPF) }

        #expect(error == .signInRefused(.methodNotOffered))
        #expect(!auth.signsInByCPF && !auth.signsInByEmail)
        #expect(await backend.metrics().requests.values.reduce(0, +) == before)
    }

    @Test("A browser attempt: the person signs in, the wait ends, one exchange gives a session that refreshes")
    func browserSignsIn() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        guard case .openInBrowser(let url) = attempt.instructions else {
            Issue.record("expected an address to open, got \(attempt.instructions)")
            return
        }
        #expect(url.host() == "auth.in-memory.invalid")
        let wait = Task { try await attempt.awaitPerson() }

        try await backend.personSignsIn(RemoteSeed.maria.byCPF)
        try await wait.value
        guard case .signedIn(let tokens) = try await attempt.poll() else {
            Issue.record("the exchange after the person signed in gives tokens")
            return
        }

        let user = try await InMemoryUserRemoteAPI(backend: backend).currentUser(token: tokens.accessToken)
        #expect(user.cpf == RemoteSeed.maria.cpf)
        _ = try await auth.refresh(.accessToken(tokens.accessToken))
        let again = await #expect(throws: RemoteError.self) { _ = try await attempt.poll() }
        #expect(again == .signInRefused(.notCompletedInTime), "a code is exchanged once")
    }

    @Test("The person's refusal ends the browser's wait with it")
    func browserRefusal() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        let wait = Task { () -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch { return error }
        }

        try await backend.personDenies()

        #expect(await wait.value == .signInRefused(.deniedByPerson))
        let polled = await #expect(throws: RemoteError.self) { _ = try await attempt.poll() }
        #expect(polled == .signInRefused(.deniedByPerson))
    }

    @Test("An answer for another attempt ends nothing, as the loopback listener's: the person then signs in")
    func anotherAttemptsAnswerEndsNothing() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        let wait = Task { () -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch { return error }
        }

        try await backend.personAnswersForAnotherAttempt()
        try await backend.personAnswersForAnotherAttempt()
        try await backend.personSignsIn(RemoteSeed.maria.byCPF)

        #expect(await wait.value == nil)
        guard case .signedIn = try await attempt.poll() else {
            Issue.record("the attempt did not sign in")
            return
        }
    }

    @Test("A browser attempt past its lifetime is not completed in time, and the person can no longer act on it")
    func browserExpires() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        clock.advance(by: InMemoryBackend.browserAttemptLifetime)

        await #expect(throws: PersonActionError.noAttemptWaiting) {
            try await backend.personSignsIn(RemoteSeed.maria.byCPF)
        }
        let polled = await #expect(throws: RemoteError.self) { _ = try await attempt.poll() }
        #expect(polled == .signInRefused(.notCompletedInTime))
    }

    @Test("The device flow: pending at the interval, slow_down adds 5 s, then the person signs in")
    func deviceFlow() async throws {
        let attempt = try await auth.beginSignIn(.device)
        guard case .enterCode(let code, _, let complete, let expiresIn) = attempt.instructions else {
            Issue.record("expected a code, got \(attempt.instructions)")
            return
        }
        #expect(code.wholeMatch(of: /[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}/) != nil)
        #expect(complete?.query()?.contains(code) == true)
        #expect(expiresIn == InMemoryBackend.deviceCodeLifetime)
        try await attempt.awaitPerson()

        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(5)))
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(10)), "polled sooner than the interval")
        clock.advance(by: .seconds(10))
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(10)))
        try await backend.slowDownNextPoll()
        clock.advance(by: .seconds(10))
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(15)), "the server asked to slow down")
        try await backend.personSignsIn(RemoteSeed.maria.byCPF)
        clock.advance(by: .seconds(15))
        guard case .signedIn = try await attempt.poll() else {
            Issue.record("the poll after the person signed in gives tokens")
            return
        }
        let again = await #expect(throws: RemoteError.self) { _ = try await attempt.poll() }
        #expect(again == .signInRefused(.notCompletedInTime))
    }

    @Test("A device code past expiresIn is refused as not completed in time; a denial as denied")
    func deviceExpiresAndDenies() async throws {
        let expiring = try await auth.beginSignIn(.device)
        clock.advance(by: InMemoryBackend.deviceCodeLifetime)
        let expired = await #expect(throws: RemoteError.self) { _ = try await expiring.poll() }
        #expect(expired == .signInRefused(.notCompletedInTime))

        let denied = try await auth.beginSignIn(.device)
        try await backend.personDenies()
        let refusal = await #expect(throws: RemoteError.self) { _ = try await denied.poll() }
        #expect(refusal == .signInRefused(.deniedByPerson))
    }

    @Test("The person cannot act without an attempt, with a wrong password, or with the other method's step")
    func personActionsRefused() async throws {
        await #expect(throws: PersonActionError.noAttemptWaiting) { try await backend.personDenies() }
        _ = try await auth.beginSignIn(.device)
        await #expect(throws: PersonActionError.credentialsRefused) {
            try await backend.personSignsIn(RemoteSeed.maria.withWrongPassword())
        }
        await #expect(throws: PersonActionError.notForThisMethod(.device)) {
            try await backend.personAnswersForAnotherAttempt()
        }
        _ = try await auth.beginSignIn(.browser)
        await #expect(throws: PersonActionError.notForThisMethod(.browser)) { try await backend.slowDownNextPoll() }
    }

    @Test("An inactive account passes the page and is refused at the exchange (403 USER_INACTIVE)")
    func inactiveAccountRefusedAtExchange() async throws {
        try await backend.setAccountState(cpf: RemoteSeed.maria.cpf, .inactive)
        let attempt = try await auth.beginSignIn(.browser)
        try await backend.personSignsIn(RemoteSeed.maria.byCPF)
        try await attempt.awaitPerson()

        let error = await #expect(throws: RemoteError.self) { _ = try await attempt.poll() }
        #expect(error == .rejected(status: 403, code: .userInactive))
    }

    @Test("The device flow's request for a code and its polls are requests; the browser's begin sends nothing")
    func requestsCounted() async throws {
        _ = try await auth.beginSignIn(.browser)
        #expect(await backend.metrics().requests.values.reduce(0, +) == 0)
        let device = try await auth.beginSignIn(.device)
        _ = try await device.poll()
        #expect(await backend.metrics().requestCount(BackendRoute.auth) == 2)
    }

    @Test("A reset ends a wait for the person as cancelled")
    func resetEndsWaits() async throws {
        let attempt = try await auth.beginSignIn(.browser)
        let wait = Task { () -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch { return error }
        }
        await backend.reset()
        // The wait may start after the reset: the attempt is forgotten either way.
        #expect(await wait.value == .signInRefused(.cancelled))
    }
}
