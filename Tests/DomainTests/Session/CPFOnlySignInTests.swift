import DomainCore
import Ports
import Testing

/// A backend whose auth port signs in by CPF only
/// (`AuthRemoteAPI.signsInByEmail == false`, the Cora API): the sign-in's
/// identifier step refuses an e-mail before asking for a password, and the
/// session answers an e-mail `identifierKindNotAccepted` without calling the
/// port. A CPF signs in as ever.
@MainActor
@Suite("A backend that signs in by CPF only")
struct CPFOnlySignInTests {
    /// The sign-in model and the fakes it was built on; the navigator is kept
    /// here because the model holds it weakly.
    private struct Screen {
        let signIn: SignInViewModel
        let login: FakeLoginUseCase
        let navigator: FakeWelcomeNavigator
    }

    private func signInScreen(signsInByEmail: Bool, identifier: String = "") -> Screen {
        let login = FakeLoginUseCase()
        let navigator = FakeWelcomeNavigator()
        let signIn = SignInViewModel(
            loginUseCase: login, health: FakeHealth(.healthy), welcomeNavigator: navigator,
            signsInByEmail: signsInByEmail, identifier: identifier)
        return Screen(signIn: signIn, login: login, navigator: navigator)
    }

    @Test("The identifier step says the backend takes the CPF only", arguments: [true, false])
    func acceptedIdentifiersFollowThePort(signsInByEmail: Bool) {
        let screen = signInScreen(signsInByEmail: signsInByEmail)

        #expect(screen.signIn.acceptedIdentifiers == (signsInByEmail ? .cpfOrEmail : .cpfOnly))
    }

    @Test("Next with an e-mail stays on the identifier step, says the server signs in by CPF, and sends nothing")
    func identifierStepRefusesEmail() async {
        let screen = signInScreen(signsInByEmail: false)
        screen.signIn.identifier = "maria@example.com"

        await screen.signIn.next()

        #expect(screen.signIn.step == .identifier)
        #expect(screen.signIn.identifierProblem == .emailNotAccepted)
        #expect(!screen.signIn.isNextEnabled)
        #expect(screen.login.received.isEmpty)
    }

    @Test("An e-mail typed shows no problem until Next is pressed")
    func noProblemBeforeNext() {
        let screen = signInScreen(signsInByEmail: false, identifier: "maria@example.com")

        #expect(screen.signIn.identifierProblem == nil)
        #expect(screen.signIn.isNextEnabled)
    }

    @Test("Typing again clears the refusal; a CPF advances to the password step")
    func editingClearsTheRefusalAndACPFAdvances() async {
        let screen = signInScreen(signsInByEmail: false, identifier: "maria@example.com")
        await screen.signIn.next()

        screen.signIn.identifier = "123.456.789-09"
        #expect(screen.signIn.identifierProblem == nil)
        #expect(screen.signIn.isNextEnabled)
        await screen.signIn.next()

        #expect(screen.signIn.step == .password)
    }

    @Test("Login with an e-mail answers identifierKindNotAccepted, calls no port and changes nothing")
    func loginWithEmailCallsNoPort() async {
        let harness = SessionHarness(signsInByEmail: false)
        await harness.launcher.bootstrap()

        let outcome = await harness.signIn.login(
            Credentials(identifier: .email("maria@example.com"), password: Password("123456")))

        #expect(outcome.failure == .identifierKindNotAccepted)
        #expect(await harness.server.signIns == 0)
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
    }

    @Test("Login with a CPF reaches the port and signs in as before")
    func loginWithCPFSignsIn() async {
        let harness = SessionHarness(signsInByEmail: false)
        await harness.launcher.bootstrap()

        let outcome = await harness.signIn.login(.maria)

        #expect(outcome == .success(.maria))
        #expect(await harness.server.signIns == 1)
    }

    @Test("The session says whether the backend signs in by e-mail, as its auth port does", arguments: [true, false])
    func sessionReportsThePortsCapability(signsInByEmail: Bool) {
        #expect(SessionHarness(signsInByEmail: signsInByEmail).signIn.signsInByEmail == signsInByEmail)
    }
}
