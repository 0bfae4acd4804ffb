/// Koober-style one-method protocols, named after what is wanted. The
/// onboarding view model adopts them; its children hold them, never it.

@MainActor
public protocol GoToSignInNavigator: AnyObject {
    func navigateToSignIn()
}

@MainActor
public protocol GoToSignUpNavigator: AnyObject {
    func navigateToSignUp()
}

@MainActor
public protocol GoToWelcomeNavigator: AnyObject {
    func navigateToWelcome()
}

/// Told when a registration succeeded: back to sign-in with the identifier filled in.
@MainActor
public protocol SignedUpResponder: AnyObject {
    func signedUp(identifier: String)
}
