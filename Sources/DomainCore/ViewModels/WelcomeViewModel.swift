public import Observation
public import Ports

/// The first onboarding screen: sign in or sign up, and why the user is here
/// (the reason a previous session ended), if there is one.
@MainActor
@Observable
public final class WelcomeViewModel {
    /// Why the user is here (the previous session's end); nil when there is none.
    public let reason: SignedOutReason?
    @ObservationIgnored private weak var signInNavigator: (any GoToSignInNavigator)?
    @ObservationIgnored private weak var signUpNavigator: (any GoToSignUpNavigator)?
    @ObservationIgnored private let browserSignOut: (any BrowserSignOutUseCase)?

    /// A welcome screen for `reason`.
    ///
    /// - Parameters:
    ///   - reason: why the user is here, if there is a reason.
    ///   - signInNavigator: where sign-in goes; held weakly.
    ///   - signUpNavigator: where sign-up goes; held weakly. Nil when the
    ///     backend creates no accounts: then sign-up is not offered.
    ///   - browserSignOut: the last logout's browser step, shown while it
    ///     waits (with a way to cancel) and once it ended or failed; nil
    ///     where the environment has none.
    public init(
        reason: SignedOutReason?, signInNavigator: any GoToSignInNavigator,
        signUpNavigator: (any GoToSignUpNavigator)?, browserSignOut: (any BrowserSignOutUseCase)? = nil
    ) {
        self.reason = reason
        self.signInNavigator = signInNavigator
        self.signUpNavigator = signUpNavigator
        self.browserSignOut = browserSignOut
    }

    /// Where the last logout's browser step stands (the server's sign-in in
    /// the browser ended, or not, and why); nil when it had none or when
    /// this welcome does not follow a logout.
    public var browserSignOutStep: BrowserSignOutStep? {
        reason == .loggedOut ? browserSignOut?.step : nil
    }

    /// Stops waiting for the browser; the step then says it was cancelled.
    public func cancelBrowserSignOut() { browserSignOut?.cancel() }

    /// Goes to the sign-in step.
    public func signIn() { signInNavigator?.navigateToSignIn() }
    /// Whether this welcome offers sign-up (it was given a navigator for it).
    public var offersSignUp: Bool { signUpNavigator != nil }

    /// Goes to the sign-up form; nothing when sign-up is not offered.
    public func signUp() { signUpNavigator?.navigateToSignUp() }
}
