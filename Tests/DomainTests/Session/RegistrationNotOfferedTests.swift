import DomainCore
import Ports
import Testing

/// A backend whose auth port creates no accounts
/// (`AuthRemoteAPI.offersRegistration == false`, an OAuth 2.0 server): the
/// domain answers a sign-up `notOffered` without calling the port, and a
/// welcome given no sign-up navigator offers none.
@MainActor
@Suite("A backend without registration")
struct RegistrationNotOfferedTests {
    private static let registration = Registration(
        name: "Ana Souza", email: "ana@example.com", cpf: "11144477735", password: Password("121212"))

    @Test("Register answers notOffered, calls no port and changes nothing")
    func registerIsNotOffered() async throws {
        let harness = SessionHarness(registrationOffer: .none)
        await harness.launcher.bootstrap()

        let outcome = await harness.registration.register(Self.registration)

        #expect(outcome.failure == .notOffered)
        #expect(await harness.server.registrations.isEmpty)
        #expect(harness.authSession.state == .unauthenticated(nil))
        #expect(await harness.store.operations.isEmpty)
    }

    @Test("Not offered is said before the server's health is: a backend without registration never has one to offer")
    func notOfferedBeforeSystemUnavailable() async throws {
        let harness = SessionHarness(registrationOffer: .none)
        await harness.launcher.bootstrap()
        await harness.probe.setHealthy(false)
        await harness.health.checkNow()

        #expect(await harness.registration.register(Self.registration).failure == .notOffered)
        #expect(await harness.server.registrations.isEmpty)
        harness.health.shutDown()
    }

    @Test(
        "The session says whether the backend creates accounts, as its auth port does",
        arguments: [
            RegistrationOffer.none, .createsAnAccount(taking: .everyField),
            .createsASession(taking: [.email, .password]),
        ])
    func sessionReportsThePortsCapability(offer: RegistrationOffer) {
        let registration = SessionHarness(registrationOffer: offer).registration
        #expect(registration.offersRegistration == offer.isOffered)
        #expect(registration.fieldsTaken == offer.fields)
    }

    @Test("A welcome given no sign-up navigator offers no sign-up, and signUp() goes nowhere")
    func welcomeWithoutSignUp() {
        let navigator = RecordingOnboardingNavigator()
        let welcome = WelcomeViewModel(reason: nil, signInNavigator: navigator, signUpNavigator: nil)

        welcome.signUp()

        #expect(!welcome.offersSignUp)
        #expect(navigator.signUps == 0)
        welcome.signIn()
        #expect(navigator.signIns == 1, "sign-in is still offered")
    }

    @Test("A welcome given a sign-up navigator offers sign-up and goes there")
    func welcomeWithSignUp() {
        let navigator = RecordingOnboardingNavigator()
        let welcome = WelcomeViewModel(reason: nil, signInNavigator: navigator, signUpNavigator: navigator)

        welcome.signUp()

        #expect(welcome.offersSignUp)
        #expect(navigator.signUps == 1)
    }

    @Test("A sign-in given no sign-up navigator offers no sign-up")
    func signInWithoutSignUp() {
        let signIn = SignInViewModel(
            loginUseCase: FakeLoginUseCase(), health: FakeHealth(), welcomeNavigator: FakeWelcomeNavigator(),
            signUpNavigator: nil)

        signIn.signUp()

        #expect(!signIn.offersSignUp)
        #expect(!signIn.isSignUpEnabled)
    }
}

/// Counts the welcome's navigations.
@MainActor
private final class RecordingOnboardingNavigator: GoToSignInNavigator, GoToSignUpNavigator {
    private(set) var signIns = 0
    private(set) var signUps = 0

    func navigateToSignIn() { signIns += 1 }
    func navigateToSignUp() { signUps += 1 }
}
