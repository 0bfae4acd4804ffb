import DomainCore
import Ports
import Testing

/// A backend whose auth port signs in by e-mail only
/// (`AuthRemoteAPI.signsInByCPF == false`, Supabase Auth): the sign-in's
/// identifier step refuses a CPF before asking for a password, and the
/// session answers a CPF `identifierKindNotAccepted` without calling the
/// port. A backend that signs in by CPF is unchanged.
@MainActor
@Suite("A backend that signs in by e-mail only")
struct EmailOnlySignInTests {
    /// The sign-in model and the fakes it was built on; the navigator is kept
    /// here because the model holds it weakly.
    private struct Screen {
        let signIn: SignInViewModel
        let login: FakeLoginUseCase
        let navigator: FakeWelcomeNavigator
    }

    private func signInScreen(signsInByCPF: Bool, identifier: String = "") -> Screen {
        let login = FakeLoginUseCase()
        let navigator = FakeWelcomeNavigator()
        let signIn = SignInViewModel(
            loginUseCase: login, health: FakeHealth(.healthy), welcomeNavigator: navigator,
            signsInByCPF: signsInByCPF, identifier: identifier)
        return Screen(signIn: signIn, login: login, navigator: navigator)
    }

    @Test(
        "Next with a valid CPF stays on the identifier step, says the server signs in by e-mail, and sends nothing",
        arguments: ["123.456.789-09", "12345678909"])
    func identifierStepRefusesCPF(cpf: String) async {
        let screen = signInScreen(signsInByCPF: false)
        screen.signIn.identifier = cpf

        await screen.signIn.next()

        #expect(screen.signIn.step == .identifier)
        #expect(screen.signIn.identifierProblem == .cpfNotAccepted)
        #expect(!screen.signIn.isNextEnabled)
        #expect(screen.login.received.isEmpty)
    }

    @Test("A CPF typed in or remembered shows no problem until Next is pressed")
    func noProblemBeforeNext() {
        let screen = signInScreen(signsInByCPF: false, identifier: "123.456.789-09")

        #expect(screen.signIn.identifierProblem == nil)
        #expect(screen.signIn.isNextEnabled)
    }

    @Test("Typing again clears the refusal; an e-mail advances to the password step as before")
    func editingClearsTheRefusalAndAnEmailAdvances() async {
        let screen = signInScreen(signsInByCPF: false, identifier: "123.456.789-09")
        await screen.signIn.next()

        screen.signIn.identifier = "maria@example.com"
        #expect(screen.signIn.identifierProblem == nil)
        #expect(screen.signIn.isNextEnabled)
        await screen.signIn.next()

        #expect(screen.signIn.step == .password)
    }

    @Test(
        "Text that is no identifier is invalid as soon as it is typed, whatever the backend signs in by",
        arguments: [true, false])
    func invalidTextIsInvalidOnEitherBackend(signsInByCPF: Bool) {
        let screen = signInScreen(signsInByCPF: signsInByCPF)

        screen.signIn.identifier = "123.456.789-00"

        #expect(screen.signIn.identifierProblem == .invalid)
    }

    @Test(
        "On a backend that signs in by CPF, Next with a CPF or an e-mail advances with no problem",
        arguments: ["123.456.789-09", "maria@example.com"])
    func aCPFBackendIsUnchanged(identifier: String) async {
        let screen = signInScreen(signsInByCPF: true, identifier: identifier)

        await screen.signIn.next()

        #expect(screen.signIn.step == .password)
        #expect(screen.signIn.identifierProblem == nil)
    }

    @Test("Login with a CPF answers identifierKindNotAccepted, calls no port and changes nothing")
    func loginWithCPFCallsNoPort() async {
        let harness = SessionHarness(signsInByCPF: false)
        await harness.launcher.bootstrap()

        let outcome = await harness.signIn.login(.maria)

        #expect(outcome.failure == .identifierKindNotAccepted)
        #expect(await harness.server.signIns == 0)
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
    }

    @Test("Login with an e-mail reaches the port and signs in as before")
    func loginWithEmailSignsIn() async {
        let harness = SessionHarness(signsInByCPF: false)
        await harness.launcher.bootstrap()

        let outcome = await harness.signIn.login(
            Credentials(identifier: .email("maria@example.com"), password: Password("123456")))

        #expect(outcome == .success(.maria))
        #expect(await harness.server.signIns == 1)
    }

    @Test("The session says whether the backend signs in by CPF, as its auth port does", arguments: [true, false])
    func sessionReportsThePortsCapability(signsInByCPF: Bool) {
        #expect(SessionHarness(signsInByCPF: signsInByCPF).signIn.signsInByCPF == signsInByCPF)
    }
}
