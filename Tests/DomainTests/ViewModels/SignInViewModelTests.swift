import DomainCore
import Ports
import Testing

/// The Cora sign-in's two steps: when "Next" is enabled, what it sends, and
/// where "Back" goes. The model is built on fakes of its seams alone.
@MainActor
@Suite("Sign-in screen")
struct SignInViewModelTests {
    /// The sign-in model and the fakes it was built on; the navigator is kept
    /// here because the model holds it weakly.
    private struct Screen {
        let signIn: SignInViewModel
        let login: FakeLoginUseCase
        let health: FakeHealth
        let navigator: FakeWelcomeNavigator
    }

    private func signInScreen(
        health status: HealthStatus = .healthy, login: FakeLoginUseCase = FakeLoginUseCase(), identifier: String = ""
    ) -> Screen {
        let health = FakeHealth(status)
        let navigator = FakeWelcomeNavigator()
        let signIn = SignInViewModel(
            loginUseCase: login, health: health, welcomeNavigator: navigator, identifier: identifier)
        return Screen(signIn: signIn, login: login, health: health, navigator: navigator)
    }

    /// A screen already on the password step, with `password` typed.
    private func onPasswordStep(
        identifier: String = "123.456.789-09", password: String = "123456", login: FakeLoginUseCase = FakeLoginUseCase()
    ) async -> Screen {
        let screen = signInScreen(login: login, identifier: identifier)
        await screen.signIn.next()
        screen.signIn.password = password
        return screen
    }

    @Test(
        "Next on the identifier step is disabled for text that is neither a valid CPF nor an e-mail",
        arguments: [
            "", "123.456.789-00", "111.111.111-11", "11111111111", "maria@", "maria@example", "maria example.com",
        ])
    func identifierNextDisabledForInvalidText(text: String) {
        let screen = signInScreen()

        screen.signIn.identifier = text

        #expect(screen.signIn.step == .identifier)
        #expect(!screen.signIn.isNextEnabled)
    }

    @Test(
        "Next on the identifier step is enabled for a valid CPF, formatted or bare, or an e-mail",
        arguments: ["123.456.789-09", "12345678909", "maria@example.com"])
    func identifierNextEnabledForValidText(text: String) {
        let screen = signInScreen()

        screen.signIn.identifier = text

        #expect(screen.signIn.isNextEnabled)
    }

    @Test("Next with an invalid identifier stays on the identifier step")
    func nextWithInvalidIdentifierDoesNothing() async {
        let screen = signInScreen(identifier: "123.456.789-00")

        await screen.signIn.next()

        #expect(screen.signIn.step == .identifier)
        #expect(screen.login.received.isEmpty)
    }

    @Test(
        "Next on the password step is disabled unless the password is exactly six digits",
        arguments: ["", "12345", "1234567", "abcdef", "12345a", " 123456"])
    func passwordNextDisabledUnlessSixDigits(password: String) async {
        let screen = await onPasswordStep(password: password)

        #expect(screen.signIn.step == .password)
        #expect(!screen.signIn.isNextEnabled)
    }

    @Test("Next on the password step is enabled for exactly six digits")
    func passwordNextEnabledForSixDigits() async {
        let screen = await onPasswordStep(identifier: "maria@example.com", password: "123456")

        #expect(screen.signIn.step == .password)
        #expect(screen.signIn.isNextEnabled)
    }

    @Test("Next on the password step signs in with the identifier as the backend takes it")
    func nextOnPasswordStepSendsNormalisedCredentials() async {
        let screen = await onPasswordStep(login: FakeLoginUseCase(outcome: .success(.maria)))

        await screen.signIn.next()

        #expect(screen.login.received == [.maria])
        #expect(screen.signIn.failure == nil)
        #expect(!screen.signIn.isBusy)
    }

    @Test("A refused sign-in stays on the password step with its failure, cleared by typing")
    func refusedSignInShowsFailureUntilTyping() async {
        let screen = await onPasswordStep(login: FakeLoginUseCase(outcome: .failure(.invalidCredentials)))

        await screen.signIn.next()

        #expect(screen.signIn.step == .password)
        #expect(screen.signIn.failure == .invalidCredentials)
        screen.signIn.password = "654321"
        #expect(screen.signIn.failure == nil)
    }

    @Test("Next on the password step is disabled while the server is down, and nothing is sent")
    func passwordNextDisabledWhileServerDown() async {
        let screen = await onPasswordStep()
        #expect(screen.signIn.isNextEnabled)

        screen.health.status = .serverDown

        #expect(screen.signIn.health == .serverDown)
        #expect(!screen.signIn.isNextEnabled)
        await screen.signIn.next()
        #expect(screen.login.received.isEmpty)
    }

    @Test("Next and Back are disabled while the sign-in is in flight, and a second Next sends nothing")
    func nextAndBackDisabledWhileSigningIn() async {
        let screen = await onPasswordStep(login: FakeLoginUseCase(outcome: .success(.maria)))
        screen.login.gate.hold()
        let submitting = Task { await screen.signIn.next() }
        await screen.login.gate.waitUntilACallIsHeld()

        #expect(screen.signIn.isBusy)
        #expect(!screen.signIn.isNextEnabled)
        #expect(!screen.signIn.isBackEnabled)
        await screen.signIn.next()
        screen.signIn.back()
        #expect(screen.signIn.step == .password)

        screen.login.gate.release()
        await submitting.value
        #expect(screen.login.received.count == 1)
        #expect(!screen.signIn.isBusy)
    }

    @Test("A sign-in under way shows no failure of the attempt before it; its own failure shows when it ends")
    func aBusyAttemptShowsNoEarlierFailure() async {
        let screen = await onPasswordStep(login: FakeLoginUseCase(outcome: .failure(.timedOut)))
        await screen.signIn.next()
        #expect(screen.signIn.failure == .timedOut)

        screen.login.gate.hold()
        let again = Task { await screen.signIn.next() }
        await screen.login.gate.waitUntilACallIsHeld()
        #expect(screen.signIn.isBusy)
        #expect(screen.signIn.failure == nil, "the earlier attempt's failure is not drawn beside Signing in…")

        screen.login.gate.release()
        await again.value
        #expect(screen.signIn.failure == .timedOut)
    }

    @Test("Back from the password step forgets the password and returns to the identifier step")
    func backFromPasswordClearsPassword() async {
        let screen = await onPasswordStep()

        screen.signIn.back()

        #expect(screen.signIn.step == .identifier)
        #expect(screen.signIn.password.isEmpty)
        #expect(screen.signIn.identifier == "123.456.789-09", "the identifier is kept")
        #expect(screen.navigator.navigationsToWelcome == 0)
    }

    @Test("Back from the identifier step returns to welcome")
    func backFromIdentifierGoesToWelcome() {
        let screen = signInScreen()

        screen.signIn.back()

        #expect(screen.navigator.navigationsToWelcome == 1)
    }
}
