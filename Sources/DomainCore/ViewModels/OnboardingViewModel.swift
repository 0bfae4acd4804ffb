public import Observation
public import Ports

/// The onboarding flow (Koober's `OnboardingViewModel`): which of welcome,
/// sign-in and sign-up is on screen. It adopts the navigators its children
/// call; a fresh one is made for every onboarding, so no half-typed form
/// survives a logout.
@MainActor
@Observable
public final class OnboardingViewModel: GoToSignInNavigator, GoToSignUpNavigator, GoToWelcomeNavigator,
    SignedUpResponder
{
    /// The onboarding screen on show.
    public enum Step: Sendable, Hashable {
        /// Sign in or sign up, and why the user is here.
        case welcome
        /// The identifier and password steps.
        case signIn
        /// The sign-up form.
        case signUp
    }

    /// The step on screen.
    public private(set) var step: Step
    /// The model of the step on screen; only that one is kept.
    public private(set) var welcome: WelcomeViewModel?
    /// The sign-in model while sign-in is on screen, else nil.
    public private(set) var signIn: SignInViewModel?
    /// The sign-up model while sign-up is on screen, else nil.
    public private(set) var signUp: SignUpViewModel?
    /// Set after a successful sign-up, until the user leaves that sign-in
    /// screen, types another identifier or tries to sign in
    /// (`SignInViewModel.isRegistrationConfirmed`).
    public var registrationConfirmed: Bool { signIn?.isRegistrationConfirmed ?? false }
    /// What the sign-in after a sign-up says of the account, while
    /// `registrationConfirmed` holds (`SignInViewModel.registrationNotice`).
    public var registrationNotice: RegistrationNotice? { signIn?.registrationNotice }
    /// Why the user is in onboarding (the previous session's end), shown on
    /// welcome; nil when there is none.
    public let reason: SignedOutReason?

    /// The identifier typed on the sign-in a sign-up was opened from, so that
    /// back from that sign-up returns to it; nil when sign-up came from welcome.
    @ObservationIgnored private var signInLeftForSignUp: String?

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

    /// Shows sign-in with an empty identifier and a fresh model.
    public func navigateToSignIn() {
        showSignIn(identifier: "")
    }

    /// Shows sign-up with a fresh, empty form. Opened from sign-in, back from
    /// it returns to that sign-in (its identifier kept); from welcome, to welcome.
    public func navigateToSignUp() {
        let openedFromSignIn = step == .signIn ? (signIn?.identifier ?? "") : nil
        show(.signUp)
        signInLeftForSignUp = openedFromSignIn
        signUp = factory.makeSignUpViewModel(navigator: self)
    }

    /// Shows welcome with the onboarding's reason — except back from a sign-up
    /// opened on sign-in, which returns to that sign-in.
    public func navigateToWelcome() {
        if step == .signUp, let identifier = signInLeftForSignUp {
            showSignIn(identifier: identifier)
            return
        }
        show(.welcome)
        welcome = factory.makeWelcomeViewModel(reason: reason, navigator: self)
    }

    /// Shows sign-in with `identifier` filled in and `registrationConfirmed` set.
    public func signedUp(identifier: String) {
        showSignIn(identifier: identifier)
        signIn?.confirmRegistration()
    }

    /// Shows sign-in with `identifier` filled in, and `registrationNotice`
    /// saying to confirm the account first.
    public func signedUpAwaitingConfirmation(identifier: String) {
        showSignIn(identifier: identifier)
        signIn?.confirmRegistration(.confirmTheAccountFirst)
    }

    private func showSignIn(identifier: String) {
        show(.signIn)
        signIn = factory.makeSignInViewModel(navigator: self, identifier: identifier)
    }

    /// Switches step and drops the other steps' models.
    private func show(_ newStep: Step) {
        step = newStep
        signInLeftForSignUp = nil
        welcome = nil
        signIn = nil
        signUp = nil
    }
}

/// Makes the onboarding's children (the onboarding container implements it).
@MainActor
public protocol OnboardingViewModelFactory: AnyObject {
    /// A welcome screen showing `reason`, navigating through `navigator`.
    func makeWelcomeViewModel(reason: SignedOutReason?, navigator: OnboardingViewModel) -> WelcomeViewModel
    /// A sign-in starting on the identifier step with `identifier` typed in,
    /// going back through `navigator`.
    func makeSignInViewModel(navigator: OnboardingViewModel, identifier: String) -> SignInViewModel
    /// An empty sign-up form that goes back and reports success to `navigator`.
    func makeSignUpViewModel(navigator: OnboardingViewModel) -> SignUpViewModel
}
