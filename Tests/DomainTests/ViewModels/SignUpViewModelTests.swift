import DomainCore
import Ports
import Testing

/// The sign-up form on fakes of its seams: per-field problems once a submit
/// was tried, the server's refusals, the busy state, and where success and
/// back lead. A sign-up that creates an account hands the identifier back
/// to sign-in; one that signs in goes nowhere (the root moves on); a backend
/// whose sign-up takes fewer fields is shown, judged and sent only those.
@MainActor
@Suite("Sign-up screen")
struct SignUpViewModelTests {
    /// The form and the fakes it was built on; the navigator and responder
    /// are kept here because the model holds them weakly.
    private struct Screen {
        let signUp: SignUpViewModel
        let register: FakeRegisterUseCase
        let navigator: FakeWelcomeNavigator
        let responder: FakeSignedUpResponder
    }

    private func signUpScreen(
        _ outcome: Result<RegistrationResult, RegistrationFailure>? = nil,
        taking fields: Set<RegistrationField> = .everyField
    ) -> Screen {
        let register = FakeRegisterUseCase(outcome: outcome)
        register.fieldsTaken = fields
        let navigator = FakeWelcomeNavigator()
        let responder = FakeSignedUpResponder()
        let signUp = SignUpViewModel(
            registerUseCase: register, welcomeNavigator: navigator, signedUpResponder: responder)
        return Screen(signUp: signUp, register: register, navigator: navigator, responder: responder)
    }

    /// A screen with Maria's valid form typed in.
    private func filledScreen(_ outcome: Result<RegistrationResult, RegistrationFailure>? = nil) -> Screen {
        let screen = signUpScreen(outcome)
        screen.signUp.fill(SignUpViewModel.mariasForm)
        return screen
    }

    @Test("A successful sign-up sends the form and returns to sign-in with the CPF formatted")
    func successReturnsToSignInWithFormattedCPF() async throws {
        let screen = filledScreen(.success(.accountCreated))

        await screen.signUp.submit()

        #expect(screen.responder.signedUpIdentifiers == ["123.456.789-09"])
        let registration = try #require(screen.register.received.first)
        #expect(screen.register.received.count == 1)
        #expect(registration.name == "Maria Silva")
        #expect(registration.email == "maria@example.com")
        #expect(registration.cpf == "12345678909")
        #expect(screen.signUp.failure == nil)
        #expect(!screen.signUp.isBusy)
        #expect(screen.navigator.navigationsToWelcome == 0)
    }

    @Test("A sign-up whose account awaits confirmation returns to sign-in on the e-mail the link went to, saying so")
    func awaitingConfirmationReturnsToSignInOnTheEmail() async {
        let screen = filledScreen(.success(.accountAwaitsConfirmation))

        await screen.signUp.submit()

        #expect(screen.responder.awaitingConfirmation == ["maria@example.com"])
        #expect(screen.responder.signedUpIdentifiers.isEmpty)
        #expect(screen.signUp.failure == nil)
    }

    @Test(
        "A sign-up taking an e-mail and a password shows, judges and sends only those, and an empty name or CPF does not hold it back"
    )
    func fewerFieldsShownJudgedAndSent() async throws {
        let screen = signUpScreen(.success(.accountCreated), taking: [.email, .password])
        #expect(screen.signUp.shownFields == [.email, .password, .confirmation])
        screen.signUp.fill([.email: "ana@example.com", .password: "246810", .confirmation: "246810"])
        #expect(screen.signUp.isSubmitEnabled)

        await screen.signUp.submit()

        #expect(screen.signUp.problems.isEmpty)
        let registration = try #require(screen.register.received.first)
        #expect(registration.email == "ana@example.com")
        #expect(registration.name.isEmpty)
        #expect(registration.cpf.isEmpty)
        #expect(screen.responder.signedUpIdentifiers == ["ana@example.com"])
    }

    @Test("A sign-up that signed the person in sends no one back to sign-in")
    func signedInGoesNowhere() async {
        let profile = UserProfile(
            id: "new", name: "", email: "ana@example.com", cpf: "", active: true, isDeleted: false)
        let screen = signUpScreen(.success(.signedIn(profile)), taking: [.email, .password])
        screen.signUp.fill([.email: "ana@example.com", .password: "246810", .confirmation: "246810"])

        await screen.signUp.submit()

        #expect(screen.register.received.count == 1)
        #expect(screen.responder.signedUpIdentifiers.isEmpty)
        #expect(screen.navigator.navigationsToWelcome == 0)
        #expect(screen.signUp.failure == nil)
    }

    @Test("Invalid fields show a problem per field, only after a submit, and nothing is sent")
    func invalidFieldsShowProblemsAndSendNothing() async {
        let screen = signUpScreen()
        screen.signUp.fill([
            .name: "M", .email: "maria@", .cpf: "123.456.789-00",
            .password: "12345", .confirmation: "123456",
        ])
        #expect(screen.signUp.problems.isEmpty, "no problem is shown before the first submit")

        await screen.signUp.submit()

        #expect(
            screen.signUp.problems == [
                .name: .nameTooShort, .email: .invalidEmail, .cpf: .invalidCPF,
                .password: .passwordNotDigits, .confirmation: .confirmationMismatch,
            ])
        #expect(screen.signUp.failure == nil)
        #expect(screen.register.received.isEmpty)
        #expect(screen.responder.signedUpIdentifiers.isEmpty)
    }

    @Test("After a refused submit, problems are re-checked as the user types")
    func problemsAreRecheckedWhileTyping() async {
        let screen = filledScreen(.success(.accountCreated))
        screen.signUp.set(.cpf, to: "123.456.789-00")
        await screen.signUp.submit()
        #expect(screen.signUp.problems == [.cpf: .invalidCPF])

        screen.signUp.set(.cpf, to: "123.456.789-09")

        #expect(screen.signUp.problems.isEmpty)
        await screen.signUp.submit()
        #expect(screen.register.received.count == 1)
        #expect(screen.responder.signedUpIdentifiers == ["123.456.789-09"])
    }

    @Test(
        "A refused sign-up is shown on the form, which stays on screen; typing again clears it",
        arguments: [RegistrationFailure.alreadyRegistered, .systemUnavailable, .network, .server, .notOffered])
    func refusedSignUpStaysOnTheForm(failure: RegistrationFailure) async {
        let screen = filledScreen(.failure(failure))

        await screen.signUp.submit()

        #expect(screen.signUp.failure == failure)
        #expect(!screen.signUp.isBusy)
        #expect(screen.signUp.serverFieldErrors.isEmpty)
        #expect(screen.responder.signedUpIdentifiers.isEmpty)
        #expect(screen.navigator.navigationsToWelcome == 0)

        screen.signUp.set(.email, to: "maria.silva@example.com")
        #expect(screen.signUp.failure == nil)
    }

    @Test("The server's per-field reasons are shown on the form until the user types again")
    func serverFieldErrorsAreShown() async {
        let fields = ["email": "domain not accepted"]
        let screen = filledScreen(.failure(.invalidFields(fields)))

        await screen.signUp.submit()

        #expect(screen.signUp.failure == .invalidFields(fields))
        #expect(screen.signUp.serverFieldErrors == fields)
        #expect(screen.signUp.problems.isEmpty, "the form itself was valid")
        #expect(screen.responder.signedUpIdentifiers.isEmpty)

        screen.signUp.set(.email, to: "maria@example.org")
        #expect(screen.signUp.serverFieldErrors.isEmpty)
        #expect(screen.signUp.failure == nil)
    }

    @Test("While the sign-up is in flight the form is busy: no second submit, and back does nothing")
    func busyWhileInFlight() async {
        let screen = filledScreen(.success(.accountCreated))
        screen.register.gate.hold()

        let submitting = Task { await screen.signUp.submit() }
        await screen.register.gate.waitUntilACallIsHeld()

        #expect(screen.signUp.isBusy)
        #expect(!screen.signUp.isSubmitEnabled)
        await screen.signUp.submit()
        screen.signUp.back()
        #expect(screen.register.received.count == 1)
        #expect(screen.navigator.navigationsToWelcome == 0)

        screen.register.gate.release()
        await submitting.value
        #expect(!screen.signUp.isBusy)
        #expect(screen.responder.signedUpIdentifiers == ["123.456.789-09"])
    }

    @Test("Submit is disabled until every field has something in it")
    func submitDisabledUntilAllFieldsFilled() async {
        let screen = signUpScreen()
        #expect(!screen.signUp.isSubmitEnabled)

        for (field, text) in SignUpViewModel.mariasForm {
            #expect(!screen.signUp.isSubmitEnabled, "disabled before \(field) is typed")
            screen.signUp.set(field, to: text)
        }

        #expect(screen.signUp.isSubmitEnabled)
        screen.signUp.set(.confirmation, to: "")
        #expect(!screen.signUp.isSubmitEnabled)
        await screen.signUp.submit()
        #expect(screen.register.received.isEmpty)
        #expect(screen.signUp.problems.isEmpty, "a disabled submit does nothing")
    }

    @Test("Back from sign-up asks to go to welcome")
    func backGoesToWelcome() {
        let screen = signUpScreen()
        screen.signUp.set(.name, to: "Maria")

        screen.signUp.back()

        #expect(screen.navigator.navigationsToWelcome == 1)
        #expect(screen.responder.signedUpIdentifiers.isEmpty)
    }
}
