import DomainCore
import Ports

/// The view-model graph wired on a `SessionHarness`, as the app container
/// wires it on real adapters (Koober's dependency containers): the long-lived
/// objects are the harness's, and every `make…()` builds a fresh model.
///
/// It keeps no model it makes — the root owns its children, as in the app —
/// so a test can see a model released. It only counts what it made.
@MainActor
final class TestViewModelGraph: MainViewModelFactory, OnboardingViewModelFactory {
    let harness: SessionHarness
    private(set) var onboardingsMade = 0
    private(set) var dashboardsMade = 0
    private(set) var sessionExpiredScreensMade = 0

    init(harness: SessionHarness = SessionHarness()) {
        self.harness = harness
    }

    var authSession: AuthSession { harness.authSession }

    // MARK: The root

    /// The root of the graph; the caller owns it (it holds this container).
    func makeMainViewModel() -> MainViewModel {
        MainViewModel(authSession: authSession, factory: self)
    }

    func makeLaunchViewModel() -> LaunchViewModel {
        LaunchViewModel(authSession: authSession)
    }

    func makeOnboardingViewModel(reason: SignedOutReason?) -> OnboardingViewModel {
        onboardingsMade += 1
        return OnboardingViewModel(reason: reason, factory: self)
    }

    func makeSessionExpiredViewModel(reason: SessionExpiredReason) -> SessionExpiredViewModel {
        sessionExpiredScreensMade += 1
        return SessionExpiredViewModel(reason: reason, authSession: authSession)
    }

    func makeDashboardViewModel(user: UserProfile) -> DashboardViewModel {
        dashboardsMade += 1
        return DashboardViewModel(user: user, authSession: authSession)
    }

    // MARK: The onboarding's children

    func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel {
        WelcomeViewModel(reason: reason, signInNavigator: navigator, signUpNavigator: navigator)
    }

    func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel {
        SignInViewModel(authSession: authSession, welcomeNavigator: navigator, identifier: identifier)
    }

    func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel {
        SignUpViewModel(authSession: authSession, welcomeNavigator: navigator, signedUpResponder: navigator)
    }
}
