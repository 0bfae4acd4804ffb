public import Observation

/// The first onboarding screen: sign in or sign up, and why the user is here
/// (the reason a previous session ended), if there is one.
@MainActor
@Observable
public final class WelcomeViewModel {
    public let reason: SignedOutReason?
    @ObservationIgnored private weak var signInNavigator: (any GoToSignInNavigator)?
    @ObservationIgnored private weak var signUpNavigator: (any GoToSignUpNavigator)?

    public init(reason: SignedOutReason?, signInNavigator: any GoToSignInNavigator, signUpNavigator: any GoToSignUpNavigator) {
        self.reason = reason
        self.signInNavigator = signInNavigator
        self.signUpNavigator = signUpNavigator
    }

    public func signIn() { signInNavigator?.navigateToSignIn() }
    public func signUp() { signUpNavigator?.navigateToSignUp() }
}
