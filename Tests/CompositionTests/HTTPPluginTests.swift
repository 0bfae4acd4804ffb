import AdapterFileKeychain
import AdapterInMemory
import Foundation
import Ports
import TaskRuntime
import Testing

@testable import Composition
@testable import CompositionTesting

/// The `http` remote plugin's settings: each missing or unsafe one refused
/// with a clear message; the API key only ever from the process environment.
@Suite("HTTP plugin")
struct HTTPPluginTests {
    private func httpEnvironment(baseURL: String?, keyVariable: String?) -> AppEnvironment {
        var environment = AppEnvironment.local
        environment.plugins.store = "in-memory"
        environment.plugins.coding = "in-memory-text"
        environment.pluginSettings["baseURL"] = baseURL.map(SettingValue.text)
        environment.pluginSettings["apiKeyVariable"] = keyVariable.map(SettingValue.text)
        return environment
    }

    /// What the http auth plugin is given in `environment`.
    private func authSettings(_ environment: AppEnvironment) -> PluginSettings {
        PluginRegistry.standard.settings(for: .auth, in: environment)
    }

    @Test func theLocalEnvironmentBuildsWithoutAKey() throws {
        let world = try AppWorld(testing: httpEnvironment(baseURL: "http://127.0.0.1:8080", keyVariable: nil))
        #expect(world.control is HTTPBackendControl, "app serve's control API")
        #expect(!world.hasVirtualTime)
    }

    @Test("the auth adapter signs out where the environment says the backend has the route, and only there")
    func theAuthAdapterSignsOutAsTheEnvironmentSays() throws {
        var environment = httpEnvironment(baseURL: "http://127.0.0.1:8080", keyVariable: nil)
        #expect(try AppWorld(testing: environment).remote.auth.offersSignOut)
        environment.pluginSettings["signOutRoute"] = .flag(false)
        #expect(try !AppWorld(testing: environment).remote.auth.offersSignOut)
    }

    @Test("the file keychain's sign-out ledger is a marker beside the session; the in-memory store's lasts the world")
    func eachStoreBringsItsLedger() throws {
        var environment = AppEnvironment.local
        environment.pluginSettings["storeDirectory"] = .text("/tmp/gatehouse-ledger-plugin-test")
        let fileWorld = try AppWorld(testing: environment)
        let fileLedger = try #require(fileWorld.signOutLedger as? FileSignOutLedger)
        #expect(
            fileLedger.markerPath
                == "/tmp/gatehouse-ledger-plugin-test/\(fileWorld.sessionBackend.folderName)/session.sign-out-pending",
            "in the folder of the backend, beside its session")
        #expect(try AppWorld(testing: .inMemory).signOutLedger is InMemorySignOutLedger)
    }

    @Test func aServerWithoutTheControlAPIHasNoSwitches() throws {
        var environment = httpEnvironment(baseURL: "http://127.0.0.1:8080", keyVariable: nil)
        environment.pluginSettings["controlAPI"] = .flag(false)
        #expect(try AppWorld(testing: environment).control == nil)
    }

    @Test func theControlAPIIsRefusedBeyondThisMachine() {
        var environment = httpEnvironment(baseURL: "https://api.challenge.stage.cora.com.br", keyVariable: nil)
        environment.pluginSettings["controlAPI"] = .flag(true)
        #expect {
            try AppWorld(testing: environment)
        } throws: { error in
            guard case CompositionError.invalidSetting(let setting, let reason) = error else { return false }
            return setting == "controlAPI" && reason.contains("only called on this machine")
        }
    }

    @Test func aMissingBaseURLIsNamed() {
        #expect(throws: CompositionError.missingSetting(setting: "baseURL", neededBy: "the http plugin")) {
            try AppWorld(testing: httpEnvironment(baseURL: nil, keyVariable: nil))
        }
    }

    @Test func aBaseURLThatWouldSendTokensInClearIsRefused() {
        #expect {
            try AppWorld(testing: httpEnvironment(baseURL: "http://api.example.com", keyVariable: nil))
        } throws: { error in
            guard case CompositionError.invalidSetting(let setting, let reason) = error else { return false }
            return setting == "baseURL" && reason.contains("in clear")
        }
    }

    @Test func aRemoteBackendWithoutItsKeyIsRefusedNamingTheVariable() {
        let variable = "GATEHOUSE_TEST_UNSET_\(UUID().uuidString.prefix(8))"
        #expect(
            throws: CompositionError.missingSetting(
                setting: "the API key in $\(variable)", neededBy: "https://api.challenge.stage.cora.com.br")
        ) {
            try AppWorld(
                testing: httpEnvironment(baseURL: "https://api.challenge.stage.cora.com.br", keyVariable: variable))
        }
    }

    @Test(
        "A name that only looks like this machine gets no development key",
        arguments: [nil, "GATEHOUSE_TEST_UNSET_LOOKALIKE"])
    func aLookalikeHostIsNotLoopback(keyVariable: String?) throws {
        let environment = httpEnvironment(baseURL: "https://127.0.0.1.example.com", keyVariable: keyVariable)
        if keyVariable == nil {
            #expect(try HTTPPlugins.httpConfiguration(for: authSettings(environment)).apiKey == nil)
        } else {
            #expect(throws: CompositionError.self) { try AppWorld(testing: environment) }
        }
    }

    @Test("A password in the base URL is refused and shown nowhere", arguments: [nil, "GATEHOUSE_TEST_UNSET_USERINFO"])
    func aPasswordInTheBaseURLIsNeverShown(keyVariable: String?) throws {
        let environment = httpEnvironment(baseURL: "https://alice:hunter2@api.example.com", keyVariable: keyVariable)
        let baseURL = try #require(
            PluginRegistry.standard.chosenSettings(in: environment).first { $0.key == "baseURL" })
        #expect(baseURL.shown(.text("https://alice:hunter2@api.example.com")) == "https://…@api.example.com")
        #expect {
            try AppWorld(testing: environment)
        } throws: { error in
            let text = "\(error)"
            return !text.contains("hunter2") && !text.contains("alice") && text.contains("api.example.com")
        }
    }

    @Test(
        "A password in any URL setting — the OAuth issuer, an endpoint's path — is refused, in a file and in code, and shown nowhere"
    )
    func aPasswordInAnyURLSettingIsRefused() throws {
        let json = #"""
            { "name": "issuer-with-password", "base": "oauth2-local",
              "settings": { "oauth2": { "clientId": "gatehouse-native", "discovery": "on",
                                        "issuer": "http://alice:s3cretpw@127.0.0.1:8099/o" } } }
            """#
        let problems = EnvironmentFile.check(Data(json.utf8), path: "issuer.json", registry: .standard).problems
        #expect(problems.map(\.description).contains { $0.contains("carries a user or password in a URL") })
        #expect(!problems.map(\.description).contains { $0.contains("s3cretpw") || $0.contains("alice") })

        var environment = AppEnvironment.oauth2Local
        environment.pluginSettings["oauth2"] = .object([
            "clientId": "gatehouse-native", "discovery": "on", "issuer": "http://alice:s3cretpw@127.0.0.1:8099/o",
        ])
        let inCode = PluginRegistry.standard.problems(in: environment)
        #expect(
            inCode.contains(
                .invalidSetting(
                    setting: "oauth2",
                    reason: SettingValue.credentialsRefusal("http://alice:s3cretpw@127.0.0.1:8099/o"))))
        #expect(!inCode.map(\.description).contains { $0.contains("s3cretpw") })
        let oauth2 = try #require(
            PluginRegistry.standard.chosenSettings(in: environment).first { $0.key == "oauth2" })
        let shown = oauth2.shown(try #require(environment.pluginSettings["oauth2"]))
        #expect(shown.contains("http://…@127.0.0.1:8099/o") && !shown.contains("s3cretpw"), "\(shown)")
    }

    @Test("Text that is no URL with credentials is taken as it is: an e-mail, a path, a URL without a user")
    func plainTextIsNotCredentials() {
        for text in ["maria@example.com", "o/token/", "https://id.example.com/o", "openid read"] {
            #expect(!SettingValue.text(text).carriesCredentials, "\(text)")
        }
        for text in ["https://alice:pw@h.example", "https://alice@h.example", "https://alice:p/w#x@h.example"] {
            #expect(SettingValue.text(text).carriesCredentials, "\(text)")
        }
    }

    @Test func theRequestTimeoutComesFromTheEnvironment() throws {
        var environment = httpEnvironment(baseURL: "http://127.0.0.1:8080", keyVariable: nil)
        environment.settings.requestTimeout = .milliseconds(2500)

        #expect(try HTTPPlugins.httpConfiguration(for: authSettings(environment)).timeout == .milliseconds(2500))
    }

    @Test(
        "Requests are tracked for a server sharing the app's time on virtual time only",
        arguments: ["virtual", "system"])
    func requestsAreTrackedOnVirtualTimeOnly(clock: String) throws {
        var environment = httpEnvironment(baseURL: "http://127.0.0.1:8080", keyVariable: nil)
        environment.plugins.clock = clock
        let activity = VirtualActivity()
        let clockPlugin = try #require(PluginRegistry.standard.clock.first { $0.name == clock })
        let context = PluginContext(
            settings: authSettings(environment), clock: clockPlugin.make(activity, nil), activity: activity)

        let configuration = try HTTPPlugins.httpConfiguration(context)

        #expect((configuration.exchangeTracker != nil) == (clock == "virtual"))
    }
}
