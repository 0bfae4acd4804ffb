import DomainCore
import Ports
import Testing

/// The sign-up form (BEHAVIOUR.md §3, §6): registering never signs in; it
/// returns to sign-in with the identifier filled in.
@MainActor
@Suite("Sign-up screen")
struct SignUpViewModelTests {
    @Test("A successful sign-up returns to sign-in with the formatted CPF filled in and a confirmation, without a session")
    func successfulSignUpReturnsToSignIn() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        #expect(main.onboarding?.step == .signUp)
        signUp.fill(SignUpViewModel.mariasForm)

        await signUp.submit()

        let onboarding = try #require(main.onboarding)
        #expect(onboarding.step == .signIn)
        #expect(onboarding.registrationConfirmed)
        #expect(onboarding.signUp == nil)
        let signIn = try #require(onboarding.signIn)
        #expect(signIn.identifier == "123.456.789-09")
        #expect(signIn.step == .identifier)
        #expect(signIn.isNextEnabled)
        // Registering never creates a session.
        #expect(graph.authSession.state == .unauthenticated(nil))
        #expect(main.screen == .onboarding)
        #expect(await graph.harness.storedSession() == nil)
        #expect(await graph.harness.store.operations.isEmpty)
        #expect(await graph.harness.server.signIns == 0)
        let registrations = await graph.harness.server.registrations
        #expect(registrations.count == 1)
        #expect(registrations.first?.cpf == "12345678909")
        #expect(registrations.first?.email == "maria@example.com")
    }

    @Test("Leaving the sign-in screen after a sign-up drops the confirmation")
    func leavingSignInDropsConfirmation() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        signUp.fill(SignUpViewModel.mariasForm)
        await signUp.submit()
        let onboarding = try #require(main.onboarding)
        #expect(onboarding.registrationConfirmed)

        try #require(onboarding.signIn).back()

        #expect(onboarding.step == .welcome)
        #expect(!onboarding.registrationConfirmed)
    }

    @Test("Invalid fields show a problem per field and nothing is sent")
    func invalidFieldsShowProblemsAndSendNothing() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        signUp.fill([
            .name: "M", .email: "maria@", .cpf: "123.456.789-00",
            .password: "12345", .confirmation: "123456",
        ])
        #expect(signUp.problems.isEmpty, "no problem is shown before the first submit")

        await signUp.submit()

        #expect(
            signUp.problems == [
                .name: .nameTooShort, .email: .invalidEmail, .cpf: .invalidCPF,
                .password: .passwordNotSixDigits, .confirmation: .confirmationMismatch,
            ])
        #expect(signUp.failure == nil)
        #expect(await graph.harness.server.registrations.isEmpty)
        #expect(main.onboarding?.step == .signUp)
        #expect(main.onboarding?.signUp === signUp)
    }

    @Test("After a refused submit, problems are re-checked as the user types")
    func problemsAreRecheckedWhileTyping() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        signUp.fill(SignUpViewModel.mariasForm)
        signUp.set(.cpf, to: "123.456.789-00")
        await signUp.submit()
        #expect(signUp.problems == [.cpf: .invalidCPF])

        signUp.set(.cpf, to: "123.456.789-09")

        #expect(signUp.problems.isEmpty)
        await signUp.submit()
        #expect(await graph.harness.server.registrations.count == 1)
        #expect(main.onboarding?.step == .signIn)
    }

    @Test("A CPF already registered is shown on the form, which stays on screen")
    func alreadyRegisteredStaysOnSignUp() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        await graph.harness.server.set(register: .failure(.rejected(status: 409, code: .alreadyRegistered)))
        signUp.fill(SignUpViewModel.mariasForm)

        await signUp.submit()

        #expect(signUp.failure == .alreadyRegistered)
        #expect(!signUp.isBusy)
        let onboarding = try #require(main.onboarding)
        #expect(onboarding.step == .signUp)
        #expect(onboarding.signUp === signUp)
        #expect(!onboarding.registrationConfirmed)
        #expect(graph.authSession.state == .unauthenticated(nil))
        #expect(await graph.harness.server.registrations.count == 1)

        signUp.set(.email, to: "maria.silva@example.com")
        #expect(signUp.failure == nil, "typing again clears the failure")
    }

    @Test("The server's per-field reasons are shown on the form")
    func serverFieldErrorsAreShown() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        let fields = ["email": "domain not accepted"]
        await graph.harness.server.set(register: .failure(.rejected(status: 422, code: .validationFailed, fields: fields)))
        signUp.fill(SignUpViewModel.mariasForm)

        await signUp.submit()

        #expect(signUp.failure == .invalidFields(fields))
        #expect(signUp.serverFieldErrors == fields)
        #expect(main.onboarding?.step == .signUp)
    }

    @Test("Submitting while the server is down sends nothing and says the system is unavailable")
    func submitWhileServerDownSendsNothing() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        signUp.fill(SignUpViewModel.mariasForm)
        await graph.harness.probe.setHealthy(false)
        await graph.harness.health.checkNow()

        await signUp.submit()

        #expect(signUp.failure == .systemUnavailable)
        #expect(await graph.harness.server.registrations.isEmpty)
        #expect(main.onboarding?.step == .signUp)
    }

    @Test("Submit is disabled until every field has something in it")
    func submitDisabledUntilAllFieldsFilled() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        #expect(!signUp.isSubmitEnabled)

        for (field, text) in SignUpViewModel.mariasForm {
            #expect(!signUp.isSubmitEnabled, "disabled before \(field) is typed")
            signUp.set(field, to: text)
        }

        #expect(signUp.isSubmitEnabled)
        signUp.set(.confirmation, to: "")
        #expect(!signUp.isSubmitEnabled)
        await signUp.submit()
        #expect(await graph.harness.server.registrations.isEmpty)
        #expect(signUp.problems.isEmpty, "a disabled submit does nothing")
    }

    @Test("Back from sign-up returns to welcome")
    func backFromSignUpGoesToWelcome() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signUp = try main.openSignUp()
        signUp.set(.name, to: "Maria")

        signUp.back()

        #expect(main.onboarding?.step == .welcome)
        #expect(main.onboarding?.signUp == nil)
    }
}
