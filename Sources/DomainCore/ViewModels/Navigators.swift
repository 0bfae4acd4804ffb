/// Asks to go to the sign-in step. Like the other navigators here, a
/// Koober-style one-method protocol named after what is wanted: the
/// onboarding view model adopts them; its children hold them, never it.

@MainActor
public protocol GoToSignInNavigator: AnyObject {
    /// Shows the sign-in step with an empty identifier.
    func navigateToSignIn()
}

/// Asks to go to the sign-up form.
@MainActor
public protocol GoToSignUpNavigator: AnyObject {
    /// Shows a fresh, empty sign-up form.
    func navigateToSignUp()
}

/// Asks to go back to the welcome screen.
@MainActor
public protocol GoToWelcomeNavigator: AnyObject {
    /// Shows the welcome screen; the other steps' models are dropped.
    func navigateToWelcome()
}

/// Told when a registration succeeded: back to sign-in with the identifier filled in.
@MainActor
public protocol SignedUpResponder: AnyObject {
    /// Shows sign-in with `identifier` (the CPF just registered) filled in and
    /// the registration confirmed.
    func signedUp(identifier: String)
    /// Shows sign-in with `identifier` filled in, saying the account must be
    /// confirmed (the link or code the backend sent) before it signs in.
    func signedUpAwaitingConfirmation(identifier: String)
}
