import Foundation
import Ports
import Synchronization
import Testing

@testable import Composition
import CompositionTesting

/// Each plugin owns its settings: an environment file's keys are read by the
/// plugins it chose, a key only an unchosen plugin reads is refused naming
/// that plugin, and each plugin's factory is given its own values alone.
@Suite("Plugins own their settings")
struct PluginOwnedSettingsTests {
    private func parse(_ json: String, registry: PluginRegistry = .standard) throws(CompositionError) -> AppEnvironment
    {
        try EnvironmentFile.parse(Data(json.utf8), path: "p.json", registry: registry)
    }

    /// The plugins that declare `key`, as a refusal names them: from the
    /// registry's declarations, so a plugin added to it needs no edit here.
    private static func readers(of key: String) -> String {
        PluginRegistry.standard.readers(of: key).map(\.phrase).joined(separator: ", ")
    }

    @Test("A key only an unchosen plugin reads is refused, naming that plugin and the environment's choice")
    func aKeyOfAnUnchosenPluginNamesIt() {
        #expect(Self.readers(of: "oauth2").contains("auth plugin oauth2"), "the oauth2 plugin declares its settings")
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "p.json", field: "settings.oauth2",
                reason: "is read by \(Self.readers(of: "oauth2")); this environment chose auth http, user http"
            )
        ) {
            try parse(#"{"base": "local", "settings": {"oauth2": {"clientId": "gatehouse-public"}}}"#)
        }
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "p.json", field: "settings.healthLightProbe",
                reason: "is read by health plugin from-calls; this environment chose health http")
        ) {
            try parse(#"{"base": "local", "settings": {"healthLightProbe": "none"}}"#)
        }
    }

    @Test("A key plugins of several ports read names each of them, and the environment's plugin of each port")
    func aKeyOfSeveralPortsNamesThemAll() {
        #expect {
            try parse(#"{"settings": {"tokenHeaderStyle": "bearer"}}"#)
        } throws: { error in
            guard case CompositionError.environmentFileInvalid(_, "settings.tokenHeaderStyle", let reason) = error
            else {
                return false
            }
            let ports = Set(PluginRegistry.standard.readers(of: "tokenHeaderStyle").map(\.port))
            return ports.count > 1 && reason.hasPrefix("is read by \(Self.readers(of: "tokenHeaderStyle"));")
                && reason.hasSuffix(
                    "; this environment chose auth in-memory, user in-memory, statement in-memory, health in-memory")
        }
    }

    @Test("A key no plugin reads is refused saying so")
    func anUnknownKeyIsReadByNoPlugin() {
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "p.json", field: "settings.baseUrl",
                reason: "is read by no plugin ('app plugins' lists every setting)")
        ) {
            try parse(#"{"base": "local", "settings": {"baseUrl": "http://127.0.0.1:8080"}}"#)
        }
    }

    @Test("A base's values no plugin chosen now reads are dropped with the plugins the file replaced")
    func theBasesUnreadValuesAreDropped() throws {
        let environment = try parse(
            #"{"base": "local", "plugins": {"auth": "in-memory", "user": "in-memory", "statement": "in-memory"}}"#)
        #expect(
            environment.pluginSettings == [
                "baseURL": .text("http://127.0.0.1:8080"), "apiKeyVariable": .text("GATEHOUSE_API_KEY"),
            ])
        #expect(PluginRegistry.standard.settingProblems(in: environment).isEmpty)
    }

    @Test("A value no chosen plugin reads, set in code, stops the world naming the plugins that read it")
    func aValueSetInCodeIsCheckedToo() {
        var environment = AppEnvironment.inMemory
        environment.pluginSettings["signOutRoute"] = .flag(true)
        #expect(
            throws: CompositionError.settingNotRead(
                setting: "signOutRoute", readers: ["auth plugin http"], chosen: ["auth in-memory"])
        ) { try AppWorld(testing: environment) }

        environment = .local
        environment.pluginSettings["signOutRoute"] = .text("yes")
        #expect(throws: CompositionError.invalidSetting(setting: "signOutRoute", reason: "must be true or false")) {
            try AppWorld(testing: environment)
        }
    }

    @Test("Every built-in environment's plugin values are read by its plugins, each of the declared type")
    func builtInEnvironmentsAreReadByTheirPlugins() {
        for environment in AppEnvironment.builtIn {
            #expect(PluginRegistry.standard.settingProblems(in: environment).isEmpty, "\(environment.name)")
        }
    }

    /// What each recording plugin's factory was given, by port.
    private final class Seen: Sendable {
        private let values = Mutex<[PortName: PluginSettings]>([:])

        func record(_ settings: PluginSettings, for port: PortName) {
            values.withLock { $0[port] = settings }
        }

        subscript(port: PortName) -> PluginSettings? { values.withLock { $0[port] } }
    }

    /// The standard registry plus `recording` plugins of the auth, user and
    /// health ports — the in-memory adapters, each declaring settings of its
    /// own and recording what its factory is given.
    private static func recordingRegistry(_ seen: Seen) throws -> PluginRegistry {
        var registry = PluginRegistry.standard
        let auth = try #require(registry.auth.first { $0.name == "in-memory" })
        let user = try #require(registry.user.first { $0.name == "in-memory" })
        let health = try #require(registry.health.first { $0.name == "in-memory" })
        registry.auth.append(
            .init(name: "recording", summary: "a test's auth", settings: [.text("alphaName", "auth's own")]) {
                context throws(CompositionError) in
                seen.record(context.settings, for: .auth)
                return try auth.make(context)
            })
        registry.user.append(
            .init(name: "recording", summary: "a test's user, reading nothing") { context throws(CompositionError) in
                seen.record(context.settings, for: .user)
                return try user.make(context)
            })
        registry.health.append(
            .init(
                name: "recording", summary: "a test's probe",
                settings: [
                    .flag("betaFlag", default: false, "health's own"),
                    .seconds("betaPause", default: .seconds(3), "health's own, left at its default"),
                ]
            ) { context throws(CompositionError) in
                seen.record(context.settings, for: .health)
                return try health.make(context)
            })
        return registry
    }

    @Test("Each plugin's factory is given its own values and the shared settings, never another plugin's")
    func eachFactorySeesOnlyItsOwnValues() throws {
        let seen = Seen()
        let registry = try Self.recordingRegistry(seen)
        let environment = try parse(
            """
            {"plugins": {"auth": "recording", "user": "recording", "health": "recording"},
             "settings": {"alphaName": "alpha", "betaFlag": true, "tokenLifetimeSeconds": 30}}
            """, registry: registry)

        _ = try AppWorld(testing: environment, registry: registry)

        #expect(seen[.auth]?.values == ["alphaName": .text("alpha")])
        #expect(seen[.health]?.values == ["betaFlag": .flag(true), "betaPause": .seconds(.seconds(3))])
        #expect(seen[.user]?.values == [:])
        for port in [PortName.auth, .user, .health] {
            #expect(seen[port]?.shared.tokenLifetime == .seconds(30), "\(port) is given the shared settings")
        }
    }
}
