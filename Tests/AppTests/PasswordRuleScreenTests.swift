import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The password a screen asks for is the backend's (`AuthRemoteAPI.passwordRule`):
/// at least six characters on the `firebase` and `supabase` plugins, where a passphrase
/// signs in and signs up, and six digits on the wire contract and Cora.
/// Nothing listens at the plugins' base URLs: what is checked here is what
/// the screens ask and accept before anything is sent.
@MainActor
@Suite("The password the screens ask for is the backend's")
struct PasswordRuleScreenTests {
    /// The auth plugins a person meets, with the world each runs in.
    enum Backend: String, CaseIterable, Sendable {
        case firebase, supabase, wireContract

        var rule: PasswordRule { self == .wireContract ? .digits(6) : .atLeast(6) }

        /// The in-memory environment with this auth plugin. `PATH` stands in
        /// for the key's variable (one every process has: no test calls `setenv`).
        func world() throws -> AppWorld {
            var environment = AppEnvironment.inMemory
            switch self {
            case .firebase:
                environment.plugins.auth = "firebase"
                environment.pluginSettings = [
                    "identityToolkitBaseURL": .text("http://127.0.0.1:9/identitytoolkit"),
                    "secureTokenBaseURL": .text("http://127.0.0.1:9/securetoken"),
                    "webAPIKeyVariable": .text("PATH"),
                ]
            case .supabase:
                environment.plugins.auth = "supabase"
                environment.pluginSettings = [
                    "baseURL": .text("http://127.0.0.1:9/auth/v1"), "tokenHeaderStyle": .choice("bearer"),
                    "apiKeyVariable": .text("PATH"),
                ]
            case .wireContract: break
            }
            return try AppWorld(testing: environment)
        }
    }

    nonisolated static let cases: [(Backend, PreferredLanguage)] = Backend.allCases.flatMap { backend in
        PreferredLanguage.allCases.map { (backend, $0) }
    }

    @Test("The password step asks for the backend's password and enables Next by its rule", arguments: cases)
    func thePasswordStepFollowsTheRule(backend: Backend, locale: PreferredLanguage) async throws {
        let texts = Texts(locale: locale)
        let world = try backend.world()
        #expect(world.remote.auth.passwordRule == backend.rule, "the plugin declares its backend's rule")
        let app = HeadlessApp(world: world, texts: texts)
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "maria@example.com")
        try await app.tap("next")
        #expect(app.snapshot().name == "sign-in-password")

        let prompt =
            switch backend.rule {
            case .digits(let count): texts[.passwordPrompt, String(count)]
            case .atLeast(let minimum): texts[.passwordPromptAtLeast, String(minimum)]
            }
        #expect(app.snapshot().lines.contains(prompt), "\(app.snapshot().lines)")
        #expect(!prompt.contains("%@"))
        for (typed, taken) in [
            ("correct-horse-battery", backend.rule == .atLeast(6)), ("123456", true), ("12345", false),
        ] {
            try await app.type("password", typed)
            let next = app.snapshot().actions.first { $0.name == "next" }
            #expect(next?.isEnabled == taken, "\(typed.count) characters on \(backend)")
        }
        await app.shutDown()
    }

    @Test("The sign-up form judges the password by the backend's rule and says it", arguments: cases)
    func theSignUpFormFollowsTheRule(backend: Backend, locale: PreferredLanguage) async throws {
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: try backend.world(), texts: texts)
        await app.launch()
        guard app.snapshot().actions.contains(where: { $0.name == "sign-up" && $0.isEnabled }) else {
            // Supabase's plugin offers no sign-up: nothing to judge here.
            #expect(backend == .supabase, "only the plugin that offers no sign-up has none")
            await app.shutDown()
            return
        }
        try await app.tap("sign-up")
        let fields = Set(app.snapshot().fields.map(\.name))
        for (name, value) in [("name", "Ana Souza"), ("email", "ana@example.com"), ("cpf", "111.444.777-35")]
        where fields.contains(name) {
            try await app.type(name, value)
        }
        try await app.type("password", "12345")
        try await app.type("confirm", "12345")
        try await app.tap("submit")
        let refusal =
            switch backend.rule {
            case .digits(let count): texts[.problemPasswordNotDigits, String(count)]
            case .atLeast(let minimum): texts[.problemPasswordTooShort, String(minimum)]
            }
        #expect(app.snapshot().fields.first { $0.name == "password" }?.problem == refusal)

        try await app.type("password", "correct-horse")
        try await app.type("confirm", "correct-horse")
        let problem = app.snapshot().fields.first { $0.name == "password" }?.problem
        if backend.rule == .atLeast(6) {
            #expect(problem == nil, "a passphrase is a password here: \(problem ?? "")")
        } else {
            #expect(problem == texts[.problemPasswordNotDigits, "6"])
        }
        await app.shutDown()
    }
}
