import AdapterInMemory
import DomainCore
import Foundation
import Ports
import Testing

/// A logout's last step at an OpenID Connect provider (`BrowserSignOut`,
/// OpenID Connect RP-Initiated Logout 1.0): the session ends on the device
/// first and its tokens are revoked, then the browser is sent to the
/// server's end-session address and the app waits for it to come back,
/// bounded on the clock, cancellable; every outcome is the step's, for the
/// welcome screen to say. Virtual time only.
@MainActor
@Suite("Logout: the server's sign-in in the browser")
struct BrowserSignOutTests {
    static let idToken = "eyJ.id-SECRET.sig"

    /// A harness signed in as Maria by a provider that issues refresh and ID tokens.
    static func signedIn(browser: InMemoryBrowserOpener = InMemoryBrowserOpener()) async -> SessionHarness {
        let harness = SessionHarness(browser: browser)
        await harness.server.setIssuesRefreshTokens(true)
        await harness.server.issueIDTokens(idToken)
        await harness.launcher.bootstrap()
        await harness.signInAsMaria()
        return harness
    }

    /// Logs out as counted work, so virtual time passes only while it waits.
    static func loggingOut(_ harness: SessionHarness) -> any TaskHandle<Void> {
        let sessionEnd = harness.sessionEnd
        return harness.scheduler.spawn { await sessionEnd.logout() }
    }

    @Test("The session ends on the device and its tokens are revoked before the browser is opened")
    func deviceFirst() async throws {
        let harness = await Self.signedIn()
        let attempt = harness.queueBrowserSignOut()
        let token = try #require(await harness.tokenManager.currentToken)

        let logout = Self.loggingOut(harness)
        await harness.pass(.seconds(1))

        #expect(harness.authSession.state == .unauthenticated(.loggedOut))
        #expect(await harness.storedSession() == nil)
        #expect(await harness.server.signedOutTokens == [token.refreshToken?.reveal()])
        #expect(harness.browser.opened == [attempt.url])
        #expect(harness.sessionEnd.browserSignOut?.step == .waiting)
        attempt.browserAnswers(.success(()))
        await logout.value
    }

    @Test("The browser coming back with the logout's state ends the step; the attempt is ended")
    func browserComesBack() async throws {
        let harness = await Self.signedIn()
        let attempt = harness.queueBrowserSignOut()

        let logout = Self.loggingOut(harness)
        await harness.pass(.seconds(5))
        attempt.browserAnswers(.success(()))
        await logout.value

        #expect(harness.sessionEnd.browserSignOut?.step == .ended)
        #expect(attempt.ended >= 1)
    }

    @Test("The id_token_hint is the sign-in's ID token, as stored with the session")
    func storedIDTokenIsTheHint() async throws {
        let harness = await Self.signedIn()
        #expect(await harness.storedSession()?.token?.idToken == IDTokenHint(Self.idToken))
        harness.queueBrowserSignOut().browserAnswers(.success(()))

        await harness.sessionEnd.logout()

        #expect(harness.browserSignOuts.tokens.map(\.idToken) == [IDTokenHint(Self.idToken)])
    }

    @Test("A refresh that brings no ID token keeps the sign-in's")
    func refreshKeepsTheIDToken() async throws {
        let harness = await Self.signedIn()
        await harness.server.issueIDTokens(nil)
        harness.clock.advance(by: .seconds(61))
        _ = await harness.currentUser()

        let refreshed = try #require(await harness.tokenManager.currentToken)
        #expect(refreshed.idToken == IDTokenHint(Self.idToken))
        #expect(await harness.storedSession()?.token?.idToken == IDTokenHint(Self.idToken))
    }

    @Test("No step, no failure and no ID token reaches a description")
    func nothingSecretInDescriptions() async throws {
        let harness = await Self.signedIn()
        let token = try #require(await harness.tokenManager.currentToken)
        for step in [BrowserSignOutStep.waiting, .ended] + BrowserSignOutProblem.allCases.map(BrowserSignOutStep.failed)
        {
            #expect(!"\(step)".contains("SECRET"))
        }
        #expect(!"\(BrowserSignOutError.ended)".contains("state=s1"))
        #expect(!"\(token)".contains("id-SECRET"))
        #expect(!String(reflecting: token).contains("id-SECRET"))
    }
}

/// The welcome screen's view of the step: shown after a logout only, and its cancel.
@MainActor
@Suite("Welcome: the logout's browser step")
struct WelcomeBrowserSignOutTests {
    final class StepStandIn: BrowserSignOutUseCase {
        var step: BrowserSignOutStep? = .waiting
        var cancels = 0
        func cancel() { cancels += 1 }
    }

    final class Nowhere: GoToSignInNavigator {
        func navigateToSignIn() {}
    }

    @Test("After a logout welcome shows the step and cancels the wait; after any other end it shows none")
    func shownAfterALogoutOnly() {
        let navigator = Nowhere()
        let stepStandIn = StepStandIn()
        let afterLogout = WelcomeViewModel(
            reason: .loggedOut, signInNavigator: navigator, signUpNavigator: nil, browserSignOut: stepStandIn)
        let afterExpiry = WelcomeViewModel(
            reason: .tokenExpired, signInNavigator: navigator, signUpNavigator: nil, browserSignOut: stepStandIn)

        #expect(afterLogout.browserSignOutStep == .waiting)
        #expect(afterExpiry.browserSignOutStep == nil)
        afterLogout.cancelBrowserSignOut()
        #expect(stepStandIn.cancels == 1)
        stepStandIn.step = .failed(.cancelled)
        #expect(afterLogout.browserSignOutStep == .failed(.cancelled))
    }
}
