import DomainCore
import Foundation
import Ports
import Testing

/// What a user does on the screens, as steps a view-model test reads as prose.
/// Each step that needs a model on screen `#require`s it, so a missing one
/// fails the test where it happened.
extension TestViewModelGraph {
    /// The root, launched: `start()` has returned, so the launch state is decided.
    func launchedMain() async -> MainViewModel {
        let main = makeMainViewModel()
        await main.launch.start()
        return main
    }

    /// Stores a session whose token the server accepts and whose cached user is `user`,
    /// as a previous run of the app would have left it.
    func storeSession(of user: UserProfile) async throws {
        let token = await harness.sessionToken()
        let session = UserSession(token: token, cachedUser: CachedUser(profile: user, syncedAt: harness.clock.now()))
        try await harness.store.save(session)
    }

    /// Stops what a test may leave running on the virtual clock: the proactive
    /// refresh loop of a signed-in session and the health polling.
    func shutDown() {
        lifecycle.enterBackground()
        harness.health.shutDown()
    }
}

extension MainViewModel {
    /// Welcome → "Sign in". The onboarding itself is not handed out, so that a
    /// test can watch it being released.
    func openSignIn() throws -> SignInViewModel {
        let onboarding = try #require(onboarding)
        try #require(onboarding.welcome).signIn()
        return try #require(onboarding.signIn)
    }

    /// Welcome → "Sign up".
    func openSignUp() throws -> SignUpViewModel {
        let onboarding = try #require(onboarding)
        try #require(onboarding.welcome).signUp()
        return try #require(onboarding.signUp)
    }

    /// Signs in as Maria through the screens, from welcome.
    func signInAsMaria() async throws {
        let signIn = try openSignIn()
        await signIn.submit(identifier: "123.456.789-09", password: "123456")
    }
}

extension SignInViewModel {
    /// Types the identifier, "Next", types the password, "Next".
    func submit(identifier: String, password: String) async {
        self.identifier = identifier
        await next()
        self.password = password
        await next()
    }
}

extension SignUpViewModel {
    /// Types each field, in order.
    func fill(_ values: KeyValuePairs<SignUpField, String>) {
        for (field, text) in values { set(field, to: text) }
    }

    /// A valid form for a new user, Maria.
    static let mariasForm: KeyValuePairs<SignUpField, String> = [
        .name: "Maria Silva", .email: "maria@example.com", .cpf: "12345678909",
        .password: "123456", .confirmation: "123456",
    ]
}
