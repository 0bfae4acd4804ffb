import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The sign-in where the environment's auth plugin signs in by e-mail only
/// (the `supabase` plugin): a CPF is refused on the identifier step, in the
/// person's language, before a password is asked for; an e-mail goes on.
@MainActor
@Suite("Sign-in by e-mail only on screen")
struct EmailOnlySignInScreenTests {
    /// The in-memory environment with the `supabase` auth plugin. Nothing
    /// listens at its base URL and nothing here calls it: the identifier step
    /// sends no request. `PATH` stands in for the anon key's variable (one
    /// every process has: no test calls `setenv`).
    private func supabaseWorld() throws -> AppWorld {
        var environment = AppEnvironment.inMemory
        environment.plugins.auth = "supabase"
        environment.pluginSettings = [
            "baseURL": .text("http://127.0.0.1:9/auth/v1"), "tokenHeaderStyle": .choice("bearer"),
            "apiKeyVariable": .text("PATH"),
        ]
        return try AppWorld(testing: environment)
    }

    @Test(
        "The identifier step asks for the e-mail and says a CPF is not taken, in each language",
        arguments: PreferredLanguage.allCases)
    func theStepAsksForTheEmail(locale: PreferredLanguage) async throws {
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: try supabaseWorld(), texts: texts)
        await app.launch()
        try await app.tap("sign-in")

        #expect(app.screenText().contains(texts[.identifierPromptEmailOnly]))
        #expect(!app.screenText().contains(texts[.identifierPrompt]))
        #expect(app.snapshot().fields.first?.label == texts[.fieldEmail])
    }

    @Test(
        "Next with a CPF stays on the identifier step and says the server signs in by e-mail, in each language",
        arguments: PreferredLanguage.allCases)
    func cpfIsRefusedOnTheIdentifierStep(locale: PreferredLanguage) async throws {
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: try supabaseWorld(), texts: texts)
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")
        #expect(app.snapshot().fields.first?.problem == nil)

        try await app.tap("next")

        #expect(app.snapshot().name == "sign-in")
        #expect(app.snapshot().fields.first?.problem == texts[.identifierCPFNotAccepted])
        #expect(app.screenText().contains(texts[.identifierCPFNotAccepted]))
        await app.shutDown()
    }

    @Test("An e-mail typed after the refusal clears it and goes on to the password step")
    func anEmailGoesOn() async throws {
        let app = HeadlessApp(world: try supabaseWorld(), texts: Texts(locale: .enUS))
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")
        try await app.tap("next")

        try await app.type("identifier", "maria@example.com")
        #expect(app.snapshot().fields.first?.problem == nil)
        try await app.tap("next")

        #expect(app.snapshot().name == "sign-in-password")
        await app.shutDown()
    }

    @Test("Where the auth plugin signs in by CPF, Next with a CPF goes on to the password step")
    func inMemorySignsInByCPF() async throws {
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: Texts(locale: .ptBR))
        await app.launch()
        try await app.tap("sign-in")
        try await app.type("identifier", "123.456.789-09")

        try await app.tap("next")

        #expect(app.snapshot().name == "sign-in-password")
        await app.shutDown()
    }
}
