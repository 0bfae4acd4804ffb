public import Observation

/// The onboarding flow (Koober's `OnboardingViewModel`): which of welcome,
/// sign-in and sign-up is on screen. It adopts the navigators its children
/// call; a fresh one is made for every onboarding, so no half-typed form
/// survives a logout.
@MainActor
@Observable
public final class OnboardingViewModel: GoToSignInNavigator, GoToSignUpNavigator, GoToWelcomeNavigator,
    SignedUpResponder
{
    public enum Step: Sendable, Hashable {
        case welcome
        case signIn
        case signUp
    }

    public private(set) var step: Step
    /// The model of the step on screen; only that one is kept.
    public private(set) var welcome: WelcomeViewModel?
    public private(set) var signIn: SignInViewModel?
    public private(set) var signUp: SignUpViewModel?
    /// Set after a successful sign-up, until the user leaves that sign-in screen.
    public private(set) var registrationConfirmed = false
    public let reason: SignedOutReason?

    @ObservationIgnored private let factory: any OnboardingViewModelFactory

    /// Starts on welcome, or straight on sign-in when re-authenticating, with
    /// `reauthenticatingIdentifier` (whose data is kept) already typed in.
    public init(
        reason: SignedOutReason?, reauthenticatingIdentifier: String? = nil, factory: any OnboardingViewModelFactory
    ) {
        self.reason = reason
        self.factory = factory
        step = .welcome
        if reason == .reauthenticating {
            showSignIn(identifier: reauthenticatingIdentifier ?? "")
        } else {
            navigateToWelcome()
        }
    }

    public func navigateToSignIn() {
        showSignIn(identifier: "")
    }

    public func navigateToSignUp() {
        show(.signUp)
        signUp = factory.makeSignUpViewModel(navigator: self)
    }

    public func navigateToWelcome() {
        show(.welcome)
        welcome = factory.makeWelcomeViewModel(reason: reason, navigator: self)
    }

    public func signedUp(identifier: String) {
        showSignIn(identifier: identifier)
        registrationConfirmed = true
    }

    private func showSignIn(identifier: String) {
        show(.signIn)
        signIn = factory.makeSignInViewModel(navigator: self, identifier: identifier)
    }

    /// Switches step and drops the other steps' models.
    private func show(_ newStep: Step) {
        step = newStep
        registrationConfirmed = false
        welcome = nil
        signIn = nil
        signUp = nil
    }
}

/// Makes the onboarding's children (the onboarding container implements it).
@MainActor
public protocol OnboardingViewModelFactory: AnyObject {
    func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel
    func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel
    func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel
}
