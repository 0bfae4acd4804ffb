public import DomainCore

/// Made fresh for every onboarding, so no half-typed form survives a logout
/// (Koober's `OnboardingDependencyContainer`).
@MainActor
public final class OnboardingContainer: OnboardingViewModelFactory {
    private let app: AppContainer

    public init(app: AppContainer) {
        self.app = app
    }

    public func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        OnboardingViewModel(reason: reason, factory: self)
    }

    public func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel {
        WelcomeViewModel(reason: reason, signInNavigator: navigator, signUpNavigator: navigator)
    }

    public func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel {
        SignInViewModel(authSession: app.authSession, welcomeNavigator: navigator, identifier: identifier)
    }

    public func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel {
        SignUpViewModel(authSession: app.authSession, welcomeNavigator: navigator, signedUpResponder: navigator)
    }
}
