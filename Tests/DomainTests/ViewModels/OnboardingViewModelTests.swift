import DomainCore
import Testing

/// Which onboarding step is on screen, and that only its model is kept.
@MainActor
@Suite("Onboarding flow")
struct OnboardingViewModelTests {
    @Test("Back from the sign-in identifier step returns to welcome and drops the sign-in model with its text")
    func backFromSignInGoesToWelcome() throws {
        let graph = TestViewModelGraph()
        let onboarding = OnboardingViewModel(reason: nil, factory: graph)
        onboarding.navigateToSignIn()
        let signIn = try #require(onboarding.signIn)
        signIn.identifier = "123.456.789-09"

        signIn.back()

        #expect(onboarding.step == .welcome)
        #expect(onboarding.welcome != nil)
        #expect(onboarding.signIn == nil)
        onboarding.navigateToSignIn()
        #expect(try #require(onboarding.signIn).identifier.isEmpty)
    }

    @Test("A sign-up hands sign-in the identifier with a confirmation, and drops the form")
    func signedUpShowsSignInWithConfirmation() throws {
        let graph = TestViewModelGraph()
        let onboarding = OnboardingViewModel(reason: nil, factory: graph)
        onboarding.navigateToSignUp()
        #expect(onboarding.signUp != nil)

        onboarding.signedUp(identifier: "123.456.789-09")

        #expect(onboarding.step == .signIn)
        #expect(onboarding.registrationConfirmed)
        #expect(onboarding.signUp == nil)
        let signIn = try #require(onboarding.signIn)
        #expect(signIn.identifier == "123.456.789-09")
        #expect(signIn.step == .identifier)
        #expect(signIn.isNextEnabled)
    }

    @Test("Leaving the sign-in screen after a sign-up drops the confirmation")
    func leavingSignInDropsConfirmation() throws {
        let graph = TestViewModelGraph()
        let onboarding = OnboardingViewModel(reason: nil, factory: graph)
        onboarding.signedUp(identifier: "123.456.789-09")
        #expect(onboarding.registrationConfirmed)

        try #require(onboarding.signIn).back()

        #expect(onboarding.step == .welcome)
        #expect(!onboarding.registrationConfirmed)
    }

    @Test("Back from sign-up returns to welcome and drops the form")
    func backFromSignUpGoesToWelcome() throws {
        let graph = TestViewModelGraph()
        let onboarding = OnboardingViewModel(reason: nil, factory: graph)
        onboarding.navigateToSignUp()
        try #require(onboarding.signUp).set(.name, to: "Maria")

        try #require(onboarding.signUp).back()

        #expect(onboarding.step == .welcome)
        #expect(onboarding.signUp == nil)
        #expect(onboarding.welcome != nil)
    }

    @Test("Sign-up is reached from sign-in too, and back from it returns to that sign-in with its identifier")
    func signUpFromSignInReturnsToSignIn() throws {
        let graph = TestViewModelGraph()
        let onboarding = OnboardingViewModel(reason: nil, factory: graph)
        onboarding.navigateToSignIn()
        let signIn = try #require(onboarding.signIn)
        signIn.identifier = "maria@example.com"
        #expect(signIn.isSignUpEnabled)

        signIn.signUp()

        #expect(onboarding.step == .signUp)
        #expect(onboarding.signIn == nil)
        try #require(onboarding.signUp).back()
        #expect(onboarding.step == .signIn)
        #expect(try #require(onboarding.signIn).identifier == "maria@example.com")
        #expect(onboarding.signUp == nil)

        // Back from that sign-in goes to welcome, and a sign-up opened there returns to welcome.
        try #require(onboarding.signIn).back()
        onboarding.navigateToSignUp()
        try #require(onboarding.signUp).back()
        #expect(onboarding.step == .welcome)
    }
}
