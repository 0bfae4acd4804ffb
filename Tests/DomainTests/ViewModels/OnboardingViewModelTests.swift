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
}
