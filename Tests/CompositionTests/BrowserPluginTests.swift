import AdapterInMemory
import Composition
import Foundation
import Ports
import Testing
import CompositionTesting

/// The browser port (`BrowserOpener`) gets the adapter each environment
/// names: the in-memory one, which opens nothing, where time is virtual; the
/// system's where it is real. A file that names none keeps its base's, and
/// a script's world never opens a real browser.
@Suite("The browser plugin")
struct BrowserPluginTests {
    @Test(
        "Each built-in environment names its browser: in memory on virtual time, the system's on real time",
        arguments: AppEnvironment.builtIn)
    func builtInChoice(_ environment: AppEnvironment) throws {
        let expected = environment.plugins.clock == "virtual" ? "in-memory" : "system"

        #expect(environment.plugins.browser == expected)
        #expect(PluginRegistry.standard.names(for: .browser) == ["in-memory", "system"])
        try PluginRegistry.standard.validate(environment)
    }

    @Test("A virtual-time world's browser is the in-memory one, which keeps what it was asked to open")
    func inMemoryWorld() async throws {
        let world = try AppWorld(testing: .inMemory)
        let browser = try #require(world.browser as? InMemoryBrowserOpener)
        let url = try #require(URL(string: "https://auth.example.invalid/authorize"))

        #expect(await world.browser.open(url) == .opened)
        #expect(browser.opened == [url])
    }

    @Test(
        "An environment file without a browser keeps its base's; one that names it gets it; an unknown one is refused")
    func environmentFiles() throws {
        let old = try EnvironmentFile.parse(
            Data(#"{"base": "local", "plugins": {"store": "in-memory"}}"#.utf8), path: "old.json", registry: .standard)
        #expect(old.plugins.browser == "system")
        let virtual = try EnvironmentFile.parse(
            Data(#"{"base": "in-memory"}"#.utf8), path: "virtual.json", registry: .standard)
        #expect(virtual.plugins.browser == "in-memory")
        let named = try EnvironmentFile.parse(
            Data(#"{"base": "local", "plugins": {"browser": "in-memory"}}"#.utf8), path: "named.json",
            registry: .standard)
        #expect(named.plugins.browser == "in-memory")
        let unknown = try EnvironmentFile.parse(
            Data(#"{"plugins": {"browser": "firefox"}}"#.utf8), path: "bad.json", registry: .standard)
        #expect(throws: CompositionError.self) { try PluginRegistry.standard.validate(unknown) }
    }

    @Test("A script's world over HTTP on a real-time environment opens no real browser")
    func inProcessServerWorldUsesTheInMemoryBrowser() throws {
        let made = try InProcessServerWorld(from: .local)
        defer { made.tearDown() }

        #expect(made.world.browser is InMemoryBrowserOpener)
    }

    @Test("oauth2-in-memory signs in only outside the app, creates no accounts, and runs on virtual time")
    func oauth2InMemory() throws {
        let environment = try #require(AppEnvironment.builtIn(named: "oauth2-in-memory"))
        let world = try AppWorld(testing: environment)

        #expect(world.remote.auth.signInMethods == [.browser, .device])
        #expect(!world.remote.auth.signsInByCPF && !world.remote.auth.signsInByEmail)
        #expect(!world.remote.auth.offersRegistration)
        #expect(world.browser is InMemoryBrowserOpener)
        #expect(environment.plugins.clock == "virtual")
        #expect(world.control != nil, "scripts play the person through the backend's control")
    }
}
