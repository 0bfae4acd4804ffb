public import DomainCore
public import Ports

/// Made fresh for every onboarding, so no half-typed form survives a logout
/// (Koober's `OnboardingDependencyContainer`).
@MainActor
public final class OnboardingContainer: OnboardingViewModelFactory {
    private let app: AppContainer

    public init(app: AppContainer) {
        self.app = app
    }

    /// Re-authenticating starts on sign-in with the kept user's identifier typed in.
    public func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        let prefill = reason == .reauthenticating ? app.authSession.keptUserIdentifier : nil
        return OnboardingViewModel(reason: reason, reauthenticatingIdentifier: prefill, factory: self)
    }

    public func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel {
        WelcomeViewModel(
            reason: reason, signInNavigator: navigator, signUpNavigator: signUpNavigator(navigator),
            browserSignOut: app.sessionEnd.browserSignOut)
    }

    /// A sign-in opened with nothing typed in starts with the remembered last
    /// identifier, when the preferences keep one. It refuses a CPF at the
    /// identifier step where the auth plugin signs in by e-mail only, and an
    /// e-mail where it signs in by CPF only. Where the auth plugin signs in
    /// outside the app (the browser, another device) it offers that too, and
    /// without the password asks for no identifier at all.
    public func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel {
        let remembered = identifier.isEmpty ? app.preferences.lastIdentifier : nil
        let external = app.externalSignIn.methods.isEmpty ? nil : ExternalSignInViewModel(useCase: app.externalSignIn)
        return SignInViewModel(
            loginUseCase: app.signIn, health: app.health, welcomeNavigator: navigator,
            signUpNavigator: signUpNavigator(navigator), signsInByCPF: app.signIn.signsInByCPF,
            signsInByEmail: app.signIn.signsInByEmail, identifier: remembered ?? identifier, external: external,
            offersPassword: app.signIn.signInMethods.contains(.password), passwordRule: app.signIn.passwordRule)
    }

    /// Sign-up is offered only where the environment's auth plugin creates
    /// accounts (an OAuth 2.0 server, Supabase and the Cora API do not).
    private func signUpNavigator(_ navigator: OnboardingViewModel) -> OnboardingViewModel? {
        app.registration.offersRegistration ? navigator : nil
    }

    public func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel {
        SignUpViewModel(registerUseCase: app.registration, welcomeNavigator: navigator, signedUpResponder: navigator)
    }
}
