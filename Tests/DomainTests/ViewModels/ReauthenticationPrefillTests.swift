import DomainCore
import Ports
import Testing

/// Signing in again after a session expired starts with the identifier of
/// the user whose data is kept already typed in, as the sign-in field writes it.
@MainActor
@Suite("Re-authentication prefill")
struct ReauthenticationPrefillTests {
    @Test("Re-authenticating after a failed check at launch opens sign-in with the kept user's CPF, formatted")
    func reauthenticateAfterFailedCheckPrefillsCPF() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .joao)
        await graph.harness.server.set(user: .fail(.transport("down")))
        let main = await graph.launchedMain()
        #expect(main.screen == .sessionExpired)

        try #require(main.sessionExpired).reauthenticate()

        let signIn = try #require(main.onboarding?.signIn)
        #expect(signIn.step == .identifier)
        #expect(signIn.identifier == "529.982.247-25")
        #expect(signIn.isNextEnabled, "the prefilled identifier is valid: Next goes straight on")
    }

    @Test("Re-authenticating after a relaunch on the session-expired screen prefills the kept user's CPF")
    func reauthenticateAfterRelaunchPrefillsCPF() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        // What an app closed on the session-expired screen leaves: data, no token.
        await graph.harness.store.plant(
            UserSession(token: nil, cachedUser: CachedUser(profile: .maria, syncedAt: graph.harness.clock.now())))
        let main = await graph.launchedMain()
        #expect(graph.authSession.state == .sessionExpired(.previouslyExpired))

        try #require(main.sessionExpired).reauthenticate()

        #expect(main.onboarding?.signIn?.identifier == "123.456.789-09")
    }

    @Test("A kept user whose CPF cannot be read is prefilled by e-mail")
    func unreadableCPFFallsBackToEmail() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        var maria = UserProfile.maria
        maria.cpf = "not a cpf"
        await graph.harness.store.plant(
            UserSession(token: nil, cachedUser: CachedUser(profile: maria, syncedAt: graph.harness.clock.now())))
        let main = await graph.launchedMain()

        try #require(main.sessionExpired).reauthenticate()

        #expect(main.onboarding?.signIn?.identifier == "maria@example.com")
    }

    @Test("Logging out from the session-expired screen forgets the identifier: a later sign-in starts empty")
    func logoutForgetsIdentifier() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .maria)
        await graph.harness.server.set(user: .fail(.transport("down")))
        let main = await graph.launchedMain()
        #expect(graph.authSession.keptUserIdentifier == "123.456.789-09")

        try await #require(main.sessionExpired).logout()

        #expect(graph.authSession.keptUserIdentifier == nil)
        #expect(try main.openSignIn().identifier.isEmpty)
    }

    @Test("Signing in again forgets the identifier")
    func signInForgetsIdentifier() async throws {
        let graph = TestViewModelGraph()
        defer { graph.shutDown() }
        try await graph.storeSession(of: .maria)
        await graph.harness.server.set(user: .fail(.transport("down")))
        let main = await graph.launchedMain()
        try #require(main.sessionExpired).reauthenticate()
        await graph.harness.server.set(user: .answer(.maria))
        let signIn = try #require(main.onboarding?.signIn)

        await signIn.next()
        signIn.password = "123456"
        await signIn.next()

        #expect(graph.authSession.state == .authenticated(.maria))
        #expect(graph.authSession.keptUserIdentifier == nil)
    }

    @Test("An onboarding for any other reason starts on welcome, whatever identifier is offered")
    func otherReasonsIgnoreThePrefill() throws {
        let graph = TestViewModelGraph()

        let onboarding = OnboardingViewModel(
            reason: .loggedOut, reauthenticatingIdentifier: "123.456.789-09", factory: graph)

        #expect(onboarding.step == .welcome)
        onboarding.navigateToSignIn()
        #expect(try #require(onboarding.signIn).identifier.isEmpty)
    }
}
