import DomainCore
import Ports
import Testing

/// Signing in through the screens (docs/spec/explicit-actions.md, "Sign in",
/// and docs/spec/forms.md): the view models call
/// `AuthSession`, and the root screen follows its state.
@MainActor
@Suite("Sign-in through the root")
struct MainViewModelSignInTests {
    @Test("Welcome → sign in → identifier → password signs in: dashboard with name and masked CPF, onboarding released")
    func signInThroughScreensShowsDashboard() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        weak let onboardingBeforeSignIn = main.onboarding
        let signIn = try main.openSignIn()
        #expect(main.onboarding?.step == .signIn)

        signIn.identifier = "123.456.789-09"
        await signIn.next()
        #expect(signIn.step == .password)
        signIn.password = "123456"
        await signIn.next()

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(main.screen == .signedIn)
        let dashboard = try #require(main.dashboard)
        #expect(dashboard.user.name == "Maria Silva")
        #expect(dashboard.maskedCPF == "***.456.789-**")
        #expect(main.onboarding == nil)
        #expect(onboardingBeforeSignIn == nil, "nothing keeps the onboarding alive once signed in")
        #expect(signIn.failure == nil)
        #expect(await graph.harness.storedSession()?.cachedUser?.profile == .maria)
    }

    @Test("A wrong password stays on the password step with the error, and the global state does not change")
    func wrongPasswordStaysOnPasswordStep() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let onboarding = try #require(main.onboarding)
        let signIn = try main.openSignIn()
        await graph.harness.server.set(signIn: .failure(.rejected(status: 401, code: .invalidCredentials)))

        await signIn.submit(identifier: "123.456.789-09", password: "654321")

        #expect(signIn.step == .password)
        #expect(signIn.failure == .invalidCredentials)
        #expect(signIn.password.isEmpty, "a refused password goes, its bullets with it")
        #expect(!signIn.isBusy)
        #expect(graph.authSession.state == .unauthenticated(nil))
        #expect(main.screen == .onboarding)
        #expect(main.onboarding === onboarding)
        #expect(onboarding.signIn === signIn)
        #expect(main.dashboard == nil)
        #expect(await graph.harness.store.operations.isEmpty)
        #expect(await graph.harness.tokenManager.currentToken == nil)
    }

    @Test("Typing again after a refused sign-in clears the error")
    func typingAgainClearsFailure() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        let main = await graph.launchedMain()
        let signIn = try main.openSignIn()
        await graph.harness.server.set(signIn: .failure(.rejected(status: 401, code: .invalidCredentials)))
        await signIn.submit(identifier: "123.456.789-09", password: "654321")
        #expect(signIn.failure == .invalidCredentials)

        signIn.password = "12345"

        #expect(signIn.failure == nil)
        #expect(signIn.step == .password)

        // And the corrected password signs in.
        await graph.harness.server.set(signIn: .success(()))
        signIn.password = "123456"
        await signIn.next()
        #expect(main.screen == .signedIn)
    }

    @Test("An inactive account is refused on the password step")
    func inactiveAccountIsRefused() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signIn = try main.openSignIn()
        await graph.harness.server.set(signIn: .failure(.rejected(status: 403, code: .userInactive)))

        await signIn.submit(identifier: "maria@example.com", password: "123456")

        #expect(signIn.failure == .accountInactive)
        #expect(signIn.step == .password)
        #expect(main.screen == .onboarding)
    }

    @Test("An account the server reports as inactive after sign-in is refused, and nothing is stored")
    func inactiveProfileAfterSignInIsRefused() async throws {
        let graph = TestViewModelGraph()
        let main = await graph.launchedMain()
        let signIn = try main.openSignIn()
        var inactive = UserProfile.maria
        inactive.active = false
        await graph.harness.server.set(user: .answer(inactive))

        await signIn.submit(identifier: "123.456.789-09", password: "123456")

        #expect(signIn.failure == .accountInactive)
        #expect(graph.authSession.state == .unauthenticated(nil))
        #expect(main.screen == .onboarding)
        #expect(await graph.harness.store.operations.isEmpty)
        #expect(await graph.harness.tokenManager.currentToken == nil)
    }
}
