import AdapterHTTP
import Composition
import DomainCore
import Foundation
import Ports
import Testing
import CompositionTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The page the browser shows when a sign-in comes back to the app speaks
/// the app's language (issue 52): the language of the launch, and the one
/// the person chooses later. The world's OAuth 2.0 plugin asks the
/// person's language as each browser sign-in begins.
@MainActor
@Suite("The browser's page after a sign-in speaks the app's language")
struct BrowserPageLanguageTests {
    /// The oauth2 plugin, its server never asked (no discovery, no ID
    /// token): the page is the loopback listener's, before any exchange.
    static func environment() -> AppEnvironment {
        var environment = AppEnvironment.oauth2Local
        environment.pluginSettings["baseURL"] = .text("http://127.0.0.1:9")
        environment.pluginSettings["oauth2"] = .object(["clientId": "gatehouse-native", "scope": "read"])
        environment.plugins.store = "in-memory"
        environment.plugins.coding = "in-memory-text"
        environment.plugins.preferences = "in-memory"
        environment.plugins.browser = "in-memory"
        return environment
    }

    @Test("A launch in each language: the page is in it, and in no other", arguments: AppLocale.allCases)
    func pageInTheLaunchLanguage(locale: AppLocale) async throws {
        let world = try AppWorld(testing: Self.environment())
        let container = AppContainer(world: world, locale: locale, pinsLocale: true)
        let page = try await Self.pageShown(by: world)
        #expect(page.contains(RedirectPages.inLanguage(locale).signedIn), "\(page)")
        for other in AppLocale.allCases where other != locale {
            #expect(!page.contains(RedirectPages.inLanguage(other).signedIn))
        }
        withExtendedLifetime(container) {}
    }

    @Test("A language chosen on the profile screen is the next page's")
    func pageFollowsTheChoice() async throws {
        let world = try AppWorld(testing: Self.environment())
        let container = AppContainer(world: world, locale: .ptBR)
        #expect(try await Self.pageShown(by: world).contains(RedirectPages.inLanguage(.ptBR).signedIn))
        await container.preferences.chooseLanguage(.esES)
        #expect(try await Self.pageShown(by: world).contains(RedirectPages.inLanguage(.esES).signedIn))
    }

    /// Begins a browser sign-in, plays the browser coming back with a code
    /// and the attempt's state, and returns the page it was shown.
    private static func pageShown(by world: AppWorld) async throws -> String {
        let attempt = try await world.remote.auth.beginSignIn(.browser)
        guard case .openInBrowser(let address) = attempt.instructions,
            let query = URLComponents(url: address, resolvingAgainstBaseURL: false)?.queryItems,
            let redirect = query.first(where: { $0.name == "redirect_uri" })?.value,
            let state = query.first(where: { $0.name == "state" })?.value,
            var callback = URLComponents(string: redirect)
        else {
            throw PageFailure(reason: "not a browser attempt with a redirect URI and a state")
        }
        callback.queryItems = [URLQueryItem(name: "code", value: "c-1"), URLQueryItem(name: "state", value: state)]
        let url = try #require(callback.url)
        async let person: Void = attempt.awaitPerson()
        let (body, _) = try await URLSession.shared.data(from: url)
        try await person
        await attempt.end()
        return String(decoding: body, as: UTF8.self)
    }

    struct PageFailure: Error {
        let reason: String
    }
}
