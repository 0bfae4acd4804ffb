import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Sign-up where the environment's auth plugin creates no accounts (the
/// `oauth2` plugin: OAuth 2.0 has no registration): welcome and sign-in do
/// not offer it, welcome says why in the person's language, and a script
/// that taps it anyway is told why.
@MainActor
@Suite("Sign-up not offered on screen")
struct SignUpNotOfferedScreenTests {
    /// The in-memory environment with the `oauth2` auth plugin. Nothing
    /// listens at its base URL and nothing here calls it: welcome and the
    /// sign-in's identifier step send no request.
    private func oauth2World() throws -> AppWorld {
        var environment = AppEnvironment.inMemory
        environment.plugins.auth = "oauth2"
        environment.pluginSettings = [
            "baseURL": .text("http://127.0.0.1:9"), "tokenHeaderStyle": .choice("bearer"),
            "oauth2": .object(["clientId": "gatehouse-public"]),
        ]
        return try AppWorld(testing: environment)
    }

    @Test(
        "Welcome offers sign-in only and says the server creates no accounts, in each language",
        arguments: PreferredLanguage.allCases)
    func welcomeWithoutSignUp(locale: PreferredLanguage) async throws {
        let texts = Texts(locale: locale)
        let app = HeadlessApp(world: try oauth2World(), texts: texts)
        await app.launch()

        let welcome = app.snapshot()

        #expect(welcome.name == "welcome")
        #expect(welcome.actions.map(\.name) == ["sign-in"])
        #expect(welcome.lines.contains(texts[.signUpNotOffered]))
        #expect(app.renderedScreen().contains(texts[.signUpNotOffered]))
        await app.shutDown()
    }

    @Test("A tap on sign-up, on welcome or on sign-in, is told why and changes nothing")
    func tapSignUpIsToldWhy() async throws {
        let app = HeadlessApp(world: try oauth2World(), texts: Texts(locale: .enUS))
        await app.launch()

        for screen in ["welcome", "sign-in"] {
            #expect(app.snapshot().name == screen)
            let error = await #expect(throws: ScreenCommandError.self) { try await app.tap("sign-up") }
            #expect(
                error?.description
                    == "action 'sign-up' is not offered on screen \(screen): "
                    + "this server creates no accounts (its auth plugin has no registration)")
            #expect(app.snapshot().name == screen)
            if screen == "welcome" { try await app.tap("sign-in") }
        }
        #expect(!app.snapshot().actions.map(\.name).contains("sign-up"))
        await app.shutDown()
    }

    @Test("Where the auth plugin creates accounts, welcome and sign-in offer sign-up and say nothing of it")
    func inMemoryOffersSignUp() async throws {
        let texts = Texts(locale: .ptBR)
        let app = HeadlessApp(world: try AppWorld(testing: .inMemory), texts: texts)
        await app.launch()

        #expect(app.snapshot().actions.map(\.name) == ["sign-in", "sign-up"])
        #expect(!app.renderedScreen().contains(texts[.signUpNotOffered]))
        try await app.tap("sign-in")
        #expect(app.snapshot().actions.map(\.name).contains("sign-up"))
        await app.shutDown()
    }
}
