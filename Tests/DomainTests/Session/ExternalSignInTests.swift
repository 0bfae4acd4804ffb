import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Testing

/// Signing in outside the app (`ExternalSignIn`; docs/spec/explicit-actions.md,
/// "Sign in outside the app"): the browser's address handed to the
/// `BrowserOpener`, the wait for the person bounded on the clock, the device
/// flow's polls slept on the clock, every refusal, cancel, and the session
/// opened exactly as a password sign-in opens it. Virtual time only.
@MainActor
@Suite("Sign-in outside the app")
struct ExternalSignInTests {
    static let authorizeURL = URL(string: "https://auth.example.invalid/authorize?state=s1")!
    static let verificationURL = URL(string: "https://auth.example.invalid/device")!

    static func harness(
        methods: [SignInMethod] = [.browser, .device], userRoutes: ScriptedUserAPI.Routes = .all,
        browser: InMemoryBrowserOpener = InMemoryBrowserOpener()
    ) async -> SessionHarness {
        let harness = SessionHarness(userRoutes: userRoutes, signInMethods: methods, browser: browser)
        await harness.launcher.bootstrap()
        return harness
    }

    static func deviceCode(expiresIn: Duration = .seconds(600)) -> ExternalSignInInstructions {
        .enterCode(userCode: "WDJB-MJHT", verificationURI: verificationURL, completeURI: nil, expiresIn: expiresIn)
    }

    /// Runs `complete()` as counted work, so virtual time passes only when it waits.
    static func completing(_ harness: SessionHarness) -> any TaskHandle<Result<UserProfile, LoginFailure>> {
        let signIn = harness.externalSignIn
        return harness.scheduler.spawn { await signIn.complete() }
    }

    @Test("The browser: the address is opened, the person signs in, the session is saved and authenticated")
    func browserSignsIn() async throws {
        let harness = await Self.harness()
        let attempt = harness.queueAttempt(.openInBrowser(Self.authorizeURL), answers: [.signedIn])

        let prompt = await harness.externalSignIn.begin(.browser)
        #expect(prompt == .success(.browser(url: Self.authorizeURL, opening: .opened)))
        #expect(harness.browser.opened == [Self.authorizeURL])
        let completion = Self.completing(harness)
        await harness.pass(.seconds(30))
        attempt.personAnswers(.success(()))

        #expect(await completion.value == .success(.maria))
        #expect(harness.authSession.state == .authenticated(.maria))
        let saved = try #require(await harness.storedSession())
        #expect(saved.token == (await harness.tokenManager.currentToken))
        #expect(saved.cachedUser == CachedUser(profile: .maria, syncedAt: harness.clock.now()))
        #expect(attempt.endings >= 1, "a finished attempt is ended")
        #expect(!harness.externalSignIn.isUnderWay)
    }

    @Test(
        "An ID token's subject must be the profile's id: another person's profile is refused as not proved, nothing saved",
        arguments: [("5b1d-maria", true), ("someone-else", false)])
    func subjectMustNameTheProfile(subject: String, accepted: Bool) async {
        let harness = await Self.harness()
        await harness.server.set(user: .answer(Self.maria(id: "5b1d-maria")))
        await harness.server.nameSubject(subject)
        let attempt = harness.queueAttempt(.openInBrowser(Self.authorizeURL), answers: [.signedIn])

        _ = await harness.externalSignIn.begin(.browser)
        let completion = Self.completing(harness)
        attempt.personAnswers(.success(()))

        let result = await completion.value
        if accepted {
            #expect(result == .success(Self.maria(id: "5b1d-maria")))
        } else {
            #expect(result == .failure(.identityNotProved))
            #expect(harness.authSession.state == .unauthenticated(nil))
            #expect(await harness.storedSession() == nil)
            #expect(await harness.tokenManager.currentToken == nil)
        }
    }

    static func maria(id: String) -> UserProfile {
        var profile = UserProfile.maria
        profile.id = id
        return profile
    }

    @Test("A browser that did not open is said so, and the wait goes on")
    func browserNotOpened() async throws {
        let harness = await Self.harness(browser: InMemoryBrowserOpener(refusal: "no browser on this machine"))
        harness.queueAttempt(.openInBrowser(Self.authorizeURL))

        let prompt = await harness.externalSignIn.begin(.browser)

        #expect(
            prompt
                == .success(.browser(url: Self.authorizeURL, opening: .notOpened(reason: "no browser on this machine")))
        )
        #expect(harness.externalSignIn.isUnderWay)
        await harness.externalSignIn.cancel()
    }

    @Test("A browser that never comes back ends, at the time limit, as not completed in time")
    func browserTimesOut() async throws {
        let harness = await Self.harness()
        let attempt = harness.queueAttempt(.openInBrowser(Self.authorizeURL))
        _ = await harness.externalSignIn.begin(.browser)
        let completion = Self.completing(harness)

        await harness.pass(ExternalSignInPolicy.defaultBrowserTimeLimit - .seconds(1))
        #expect(!completion.isFinished)
        await harness.pass(.seconds(1))

        #expect(await completion.value == .failure(.notCompletedInTime))
        #expect(attempt.endings >= 1)
        #expect(attempt.pollTimes.isEmpty)
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
    }

    @Test("Cancel ends the attempt and the wait answers cancelled; nothing is saved")
    func cancelEndsTheWait() async throws {
        let harness = await Self.harness()
        let attempt = harness.queueAttempt(.openInBrowser(Self.authorizeURL))
        _ = await harness.externalSignIn.begin(.browser)
        let completion = Self.completing(harness)
        await harness.pass(.seconds(10))

        await harness.externalSignIn.cancel()

        #expect(await completion.value == .failure(.cancelled))
        #expect(attempt.endings >= 1)
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
        #expect(await harness.externalSignIn.complete() == .failure(.cancelled), "nothing is under way any more")
    }

    @Test(
        "A refusal in the browser, an answer for another attempt and an unproved identity each end with their failure",
        arguments: [
            (SignInRefusal.deniedByPerson, LoginFailure.deniedByPerson),
            (.answerForAnotherAttempt, .answerForAnotherAttempt),
            (.identityNotProved, .identityNotProved),
            (.notCompletedInTime, .notCompletedInTime),
        ])
    func browserRefusals(_ refusal: SignInRefusal, _ failure: LoginFailure) async throws {
        let harness = await Self.harness()
        let refusedAtWait = refusal == .deniedByPerson || refusal == .answerForAnotherAttempt
        let attempt = harness.queueAttempt(
            .openInBrowser(Self.authorizeURL), answers: refusedAtWait ? [] : [.refused(.signInRefused(refusal))])
        _ = await harness.externalSignIn.begin(.browser)
        let completion = Self.completing(harness)

        attempt.personAnswers(refusedAtWait ? .failure(.signInRefused(refusal)) : .success(()))

        #expect(await completion.value == .failure(failure))
        #expect(attempt.endings >= 1)
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.tokenManager.currentToken == nil)
    }

    @Test("The device flow polls at the interval, slows down when told, and signs in")
    func deviceSlowsDownThenSignsIn() async throws {
        let harness = await Self.harness()
        let attempt = harness.queueAttempt(
            Self.deviceCode(), answers: [.pending(.seconds(5)), .pending(.seconds(10)), .signedIn])
        let start = harness.clock.now()

        let prompt = await harness.externalSignIn.begin(.device)
        #expect(
            prompt
                == .success(
                    .device(
                        userCode: "WDJB-MJHT", verificationURI: Self.verificationURL, completeURI: nil,
                        expiresIn: .seconds(600))))
        #expect(harness.browser.opened.isEmpty, "the device flow opens no browser")
        let completion = Self.completing(harness)
        await harness.pass(.seconds(20))

        #expect(await completion.value == .success(.maria))
        let offsets = attempt.pollTimes.map { $0.timeIntervalSince(start) }
        #expect(offsets == [0, 5, 15], "each poll waits the interval the previous answer gave")
        #expect(harness.authSession.state == .authenticated(.maria))
        #expect(await harness.storedSession() != nil)
    }

    @Test("A device code that expires ends as not completed in time, never polled past its life")
    func deviceExpires() async throws {
        let harness = await Self.harness()
        let attempt = harness.queueAttempt(
            Self.deviceCode(expiresIn: .seconds(12)),
            answers: Array(repeating: .pending(.seconds(5)), count: 10))
        let start = harness.clock.now()
        _ = await harness.externalSignIn.begin(.device)
        let completion = Self.completing(harness)
        await harness.pass(.seconds(20))

        #expect(await completion.value == .failure(.notCompletedInTime))
        #expect(attempt.pollTimes.map { $0.timeIntervalSince(start) } == [0, 5, 10])
        #expect(harness.authSession.state == .unauthenticated(nil))
    }

    @Test("A poll the server answers expired_token or access_denied ends with its failure")
    func devicePollRefusals() async throws {
        for (refusal, failure) in [
            (SignInRefusal.notCompletedInTime, LoginFailure.notCompletedInTime), (.deniedByPerson, .deniedByPerson),
        ] {
            let harness = await Self.harness()
            harness.queueAttempt(
                Self.deviceCode(), answers: [.pending(.seconds(5)), .refused(.signInRefused(refusal))])
            _ = await harness.externalSignIn.begin(.device)
            let completion = Self.completing(harness)
            await harness.pass(.seconds(5))

            #expect(await completion.value == .failure(failure))
        }
    }

    @Test("While the system is down nothing is begun")
    func healthDown() async throws {
        let harness = await Self.harness()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()

        #expect(await harness.externalSignIn.begin(.browser) == .failure(.systemUnavailable))
        #expect(harness.attempts.begun == 0)
        harness.health.shutDown()
    }

    @Test("A method the backend does not offer is refused, nothing begun; a password-only backend offers none")
    func methodNotOffered() async throws {
        let harness = await Self.harness(methods: [.device])

        #expect(await harness.externalSignIn.begin(.browser) == .failure(.methodNotOffered))
        #expect(await harness.externalSignIn.begin(.password) == .failure(.methodNotOffered))
        #expect(harness.attempts.begun == 0)
        #expect(harness.externalSignIn.methods == [.device])
        #expect(await Self.harness(methods: [.password]).externalSignIn.methods.isEmpty)
    }

    @Test("A password sign-in on a backend without .password is refused, the port never called")
    func passwordNotOffered() async throws {
        let harness = await Self.harness()

        #expect(await harness.signIn.login(.maria) == .failure(.methodNotOffered))
        #expect(await harness.server.signIns == 0)
    }

    @Test("A backend with no profile route cannot say who signed in outside the app: identity not proved")
    func noProfileRoute() async throws {
        let harness = await Self.harness(userRoutes: .none)
        let attempt = harness.queueAttempt(.openInBrowser(Self.authorizeURL), answers: [.signedIn])
        _ = await harness.externalSignIn.begin(.browser)
        let completion = Self.completing(harness)
        attempt.personAnswers(.success(()))

        #expect(await completion.value == .failure(.identityNotProved))
        #expect(await harness.tokenManager.currentToken == nil)
        #expect(harness.authSession.state == .unauthenticated(nil))
    }

    @Test("Signing in outside the app as another user than the one kept wipes the kept data first")
    func anotherUserWipes() async throws {
        let harness = SessionHarness(signInMethods: [.browser])
        await harness.storeSession()
        await harness.server.set(user: .fail(.timeout))
        await harness.launcher.bootstrap()
        harness.sessionEnd.beginReauthentication()
        await harness.server.set(user: .answer(.joao))
        let attempt = harness.queueAttempt(.openInBrowser(Self.authorizeURL), answers: [.signedIn])
        _ = await harness.externalSignIn.begin(.browser)
        let completion = Self.completing(harness)
        attempt.personAnswers(.success(()))

        #expect(await completion.value == .success(.joao))
        let operations = await harness.store.operations
        let deleteIndex = try #require(operations.firstIndex(of: .delete))
        let lastSave = try #require(operations.lastIndex { if case .save = $0 { true } else { false } })
        #expect(deleteIndex < lastSave)
        #expect(harness.authSession.state == .authenticated(.joao))
    }
}
