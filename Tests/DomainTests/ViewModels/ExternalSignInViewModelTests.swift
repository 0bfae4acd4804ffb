import AdapterInMemory
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import Testing

/// The sign-in outside the app as the sign-in screen holds it
/// (`ExternalSignInViewModel`): what the person must do while an attempt
/// waits, a failure until the next attempt, and a cancel that is no failure.
@MainActor
@Suite("Sign-in outside the app: the view model")
struct ExternalSignInViewModelTests {
    static let url = URL(string: "https://auth.example.invalid/authorize")!

    @Test("While an attempt waits the prompt is shown; a refusal is kept as the failure, the prompt gone")
    func promptThenFailure() async throws {
        let harness = SessionHarness(signInMethods: [.browser])
        await harness.launcher.bootstrap()
        let attempt = harness.queueAttempt(.openInBrowser(Self.url))
        let model = ExternalSignInViewModel(useCase: harness.externalSignIn)
        let running = harness.scheduler.spawn { await model.signIn(by: .browser) }
        await harness.pass(.seconds(1))

        #expect(model.methods == [.browser])
        #expect(model.isBusy && !model.canBegin)
        #expect(model.prompt == .browser(url: Self.url, opening: .opened))
        attempt.personAnswers(.failure(.signInRefused(.deniedByPerson)))
        await running.value

        #expect(model.failure == .deniedByPerson)
        #expect(model.prompt == nil && !model.isBusy)
    }

    @Test("A cancel ends the wait with no failure to show")
    func cancelIsNoFailure() async throws {
        let harness = SessionHarness(signInMethods: [.browser])
        await harness.launcher.bootstrap()
        harness.queueAttempt(.openInBrowser(Self.url))
        let model = ExternalSignInViewModel(useCase: harness.externalSignIn)
        let running = harness.scheduler.spawn { await model.signIn(by: .browser) }
        await harness.pass(.seconds(1))

        await model.cancel()
        await running.value

        #expect(model.failure == nil)
        #expect(model.prompt == nil && model.canBegin)
        #expect(harness.authSession.state == .unauthenticated(nil))
    }
}
