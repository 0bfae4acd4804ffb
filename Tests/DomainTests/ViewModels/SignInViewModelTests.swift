import DomainCore
import Ports
import Testing

/// The Cora sign-in's two steps (BEHAVIOUR.md §6): when "Next" is enabled,
/// and where "Back" goes.
@MainActor
@Suite("Sign-in screen")
struct SignInViewModelTests {
    /// An onboarding on the sign-in screen, before any launch (health unknown).
    private func onboardingOnSignIn(_ graph: TestViewModelGraph) -> OnboardingViewModel {
        let onboarding = graph.makeOnboardingViewModel(reason: nil)
        onboarding.navigateToSignIn()
        return onboarding
    }

    @Test(
        "Next on the identifier step is disabled for text that is neither a valid CPF nor an e-mail",
        arguments: ["", "123.456.789-00", "111.111.111-11", "11111111111", "maria@", "maria@example", "maria example.com"])
    func identifierNextDisabledForInvalidText(text: String) throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)

        signIn.identifier = text

        #expect(signIn.step == .identifier)
        #expect(!signIn.isNextEnabled)
    }

    @Test(
        "Next on the identifier step is enabled for a valid CPF, formatted or bare, or an e-mail",
        arguments: ["123.456.789-09", "12345678909", "maria@example.com"])
    func identifierNextEnabledForValidText(text: String) throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)

        signIn.identifier = text

        #expect(signIn.isNextEnabled)
    }

    @Test("Next with an invalid identifier stays on the identifier step")
    func nextWithInvalidIdentifierDoesNothing() async throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)
        signIn.identifier = "123.456.789-00"

        await signIn.next()

        #expect(signIn.step == .identifier)
    }

    @Test("Next on the password step is disabled unless the password is exactly six digits",
          arguments: ["", "12345", "1234567", "abcdef", "12345a", " 123456"])
    func passwordNextDisabledUnlessSixDigits(password: String) async throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)
        signIn.identifier = "123.456.789-09"
        await signIn.next()
        #expect(signIn.step == .password)

        signIn.password = password

        #expect(!signIn.isNextEnabled)
    }

    @Test("Next on the password step is enabled for exactly six digits")
    func passwordNextEnabledForSixDigits() async throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)
        signIn.identifier = "maria@example.com"
        await signIn.next()

        signIn.password = "123456"

        #expect(signIn.step == .password)
        #expect(signIn.isNextEnabled)
    }

    @Test("Next on the password step is disabled while the server is down, and nothing is sent")
    func passwordNextDisabledWhileServerDown() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        let signIn = try main.openSignIn()
        signIn.identifier = "123.456.789-09"
        await signIn.next()
        signIn.password = "123456"
        #expect(signIn.isNextEnabled)

        await graph.harness.probe.setHealthy(false)
        await graph.harness.health.checkNow()

        #expect(signIn.health == .serverDown)
        #expect(!signIn.isNextEnabled)
        await signIn.next()
        #expect(await graph.harness.server.signIns == 0)
        #expect(graph.authSession.state == .unauthenticated(nil))
    }

    @Test("Next and Back are disabled while the sign-in is in flight, and a second Next sends nothing")
    func nextAndBackDisabledWhileSigningIn() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        let signIn = try main.openSignIn()
        signIn.identifier = "123.456.789-09"
        await signIn.next()
        signIn.password = "123456"
        // The sign-in gets its token, then `/users/me` is held at the server.
        await graph.harness.server.holdUserCalls(1)
        let submitting = Task { await signIn.next() }
        await graph.harness.server.wait { $0.heldUserCallCount == 1 }

        #expect(signIn.isBusy)
        #expect(!signIn.isNextEnabled)
        #expect(!signIn.isBackEnabled)
        await signIn.next()
        signIn.back()
        #expect(signIn.step == .password)

        await graph.harness.server.releaseUserCalls()
        await submitting.value
        #expect(await graph.harness.server.signIns == 1)
        #expect(graph.authSession.state == .authenticated(.maria))
    }

    @Test("Back from the password step forgets the password and returns to the identifier step")
    func backFromPasswordClearsPassword() async throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)
        signIn.identifier = "123.456.789-09"
        await signIn.next()
        signIn.password = "123456"

        signIn.back()

        #expect(signIn.step == .identifier)
        #expect(signIn.password.isEmpty)
        #expect(signIn.identifier == "123.456.789-09", "the identifier is kept")
        #expect(onboarding.step == .signIn)
    }

    @Test("Back from the identifier step returns to welcome")
    func backFromIdentifierGoesToWelcome() throws {
        let graph = TestViewModelGraph()
        let onboarding = onboardingOnSignIn(graph)
        let signIn = try #require(onboarding.signIn)

        signIn.back()

        #expect(onboarding.step == .welcome)
        #expect(onboarding.welcome != nil)
        #expect(onboarding.signIn == nil, "the sign-in model is dropped with its half-typed text")
    }
}
