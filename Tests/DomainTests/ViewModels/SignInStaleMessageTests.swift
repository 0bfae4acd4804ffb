import DomainCore
import Ports
import Testing

/// No message on the sign-in outlives the situation it describes (issue 27,
/// item 6): the sign-up's confirmation, a refused password's bullets, and
/// "system unavailable" once the server answers again.
@MainActor
@Suite("Sign-in: no stale message")
struct SignInStaleMessageTests {
    private func signIn(
        login: FakeLoginUseCase = FakeLoginUseCase(), health: FakeHealth = FakeHealth(), identifier: String
    ) -> (SignInViewModel, FakeWelcomeNavigator) {
        let navigator = FakeWelcomeNavigator()
        let model = SignInViewModel(
            loginUseCase: login, health: health, welcomeNavigator: navigator, identifier: identifier)
        return (model, navigator)
    }

    @Test("The registration's confirmation goes when another identifier is typed")
    func confirmationGoesWithAnotherIdentifier() {
        let (model, navigator) = signIn(identifier: "111.444.777-35")
        model.confirmRegistration()
        #expect(model.isRegistrationConfirmed)

        model.identifier = "123.456.789-09"

        #expect(!model.isRegistrationConfirmed)
        _ = navigator
    }

    @Test(
        "The registration's confirmation goes once a sign-in is tried, whatever its outcome",
        arguments: [LoginFailure.invalidCredentials, .server, .network])
    func confirmationGoesWithASignIn(failure: LoginFailure) async {
        let (model, navigator) = signIn(
            login: FakeLoginUseCase(outcome: .failure(failure)), identifier: "111.444.777-35")
        model.confirmRegistration()
        await model.next()
        model.password = "246810"
        #expect(model.isRegistrationConfirmed, "still true while only the password is typed")

        await model.next()

        #expect(!model.isRegistrationConfirmed)
        #expect(model.failure == failure)
        _ = navigator
    }

    @Test("A refused password is emptied, so its bullets go; Next waits for a new one")
    func refusedPasswordEmptied() async {
        let (model, navigator) = signIn(
            login: FakeLoginUseCase(outcome: .failure(.invalidCredentials)), identifier: "123.456.789-09")
        await model.next()
        model.password = "000000"

        await model.next()

        #expect(model.password.isEmpty)
        #expect(model.failure == .invalidCredentials, "emptying it does not clear the failure it explains")
        #expect(!model.isNextEnabled)
        _ = navigator
    }

    @Test("A password that may be right is kept after a failure that is not about it")
    func passwordKeptAfterAnOutage() async {
        let (model, navigator) = signIn(
            login: FakeLoginUseCase(outcome: .failure(.network)), identifier: "123.456.789-09")
        await model.next()
        model.password = "123456"

        await model.next()

        #expect(model.password == "123456")
        _ = navigator
    }

    @Test("\"System unavailable\" is said only while the health still says so")
    func systemUnavailableGoesWhenTheServerIsBack() async {
        let health = FakeHealth()
        let (model, navigator) = signIn(
            login: FakeLoginUseCase(outcome: .failure(.systemUnavailable)), health: health,
            identifier: "123.456.789-09")
        await model.next()
        model.password = "123456"
        await model.next()
        health.status = .serverDown
        #expect(model.failure == .systemUnavailable)

        health.status = .healthy

        #expect(model.failure == nil)
        _ = navigator
    }
}
