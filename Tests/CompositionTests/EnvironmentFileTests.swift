import Composition
import Foundation
import Testing
import CompositionTesting

/// `--env FILE`: every field checked, an unknown one refused, each error
/// naming the file and the field.
@Suite("Environment files")
struct EnvironmentFileTests {
    private func parse(_ json: String) throws(CompositionError) -> AppEnvironment {
        try EnvironmentFile.parse(Data(json.utf8), path: "test.json", registry: .standard)
    }

    @Test func anEmptyObjectIsTheDefaultEnvironmentNamedAfterTheFile() throws {
        let environment = try parse("{}")
        #expect(environment.name == "test")
        #expect(environment.plugins == AppEnvironment.inMemory.plugins)
        #expect(environment.settings == AppEnvironment.inMemory.settings)
    }

    @Test func fieldsOverrideTheBase() throws {
        let environment = try parse(
            """
            { "name": "slow", "base": "in-memory",
              "plugins": { "clock": "system", "health": "http" },
              "settings": { "tokenLifetimeSeconds": 30, "refreshMarginSeconds": 5, "healthPollIntervalSeconds": 2.5,
                            "requestTimeoutSeconds": 4, "locale": "es-ES", "tokenHeaderStyle": "bearer", "apiKeyVariable": "MY_KEY" } }
            """)
        #expect(environment.name == "slow")
        #expect(environment.plugins.clock == "system")
        #expect(environment.plugins.auth == "in-memory")
        #expect(environment.plugins.health == "http")
        #expect(environment.settings.tokenLifetime == .seconds(30))
        #expect(environment.settings.refreshMargin == .seconds(5))
        #expect(environment.settings.healthPollInterval == .milliseconds(2500))
        #expect(environment.settings.requestTimeout == .seconds(4))
        #expect(environment.settings.locale == .esES)
        #expect(
            environment.pluginSettings == ["tokenHeaderStyle": .choice("bearer"), "apiKeyVariable": .text("MY_KEY")])
    }

    @Test("controlAPI is read as a boolean, and local's is on", arguments: [true, false])
    func controlAPIIsABoolean(value: Bool) throws {
        let environment = try parse(#"{"base": "local", "settings": {"controlAPI": \#(value)}}"#)
        #expect(environment.pluginSettings["controlAPI"] == .flag(value))
        #expect(PluginRegistry.standard.settings(for: .auth, in: .local).flag("controlAPI") == true)
        #expect(PluginRegistry.standard.settings(for: .auth, in: .coraStage).flag("controlAPI") == false)
    }

    @Test(
        "signOutRoute is read as a boolean; local's is on, cora-stage's and the default off", arguments: [true, false])
    func signOutRouteIsABoolean(value: Bool) throws {
        let environment = try parse(#"{"base": "cora-stage", "settings": {"signOutRoute": \#(value)}}"#)
        #expect(environment.pluginSettings["signOutRoute"] == .flag(value))
        #expect(PluginRegistry.standard.settings(for: .auth, in: .local).flag("signOutRoute") == true)
        #expect(AppEnvironment.coraStage.pluginSettings["signOutRoute"] == nil)
        #expect(PluginRegistry.standard.settings(for: .auth, in: .coraStage).flag("signOutRoute") == false)
        #expect(throws: CompositionError.self) { try parse(#"{"base": "local", "settings": {"signOutRoute": 1}}"#) }
    }

    /// On Linux a JSON 1 (or 1.0) also answers `is Bool`: only the NSNumber's
    /// type code tells a number from true or false.
    @Test(
        "A number of seconds from above 0 to 86400 is read for every …Seconds setting, 1 included",
        arguments: [
            ("1", Duration.seconds(1)), ("1.0", .seconds(1)), ("0.5", .milliseconds(500)), ("86400", .seconds(86_400)),
        ])
    func secondsAreRead(json: String, duration: Duration) throws {
        let timeouts = try parse(
            #"{"settings": {"requestTimeoutSeconds": \#(json), "healthPollIntervalSeconds": \#(json)}}"#)
        #expect(timeouts.settings.requestTimeout == duration)
        #expect(timeouts.settings.healthPollInterval == duration)
        let lifetime = try parse(#"{"settings": {"tokenLifetimeSeconds": \#(json), "refreshMarginSeconds": 0.25}}"#)
        #expect(lifetime.settings.tokenLifetime == duration)
        // The margin must be shorter than the lifetime, which is at most a day.
        if duration < .seconds(86_400) {
            let margin = try parse(#"{"settings": {"tokenLifetimeSeconds": 86400, "refreshMarginSeconds": \#(json)}}"#)
            #expect(margin.settings.refreshMargin == duration)
        }
    }

    @Test(
        "A boolean, zero, a negative, more than a day or a string is refused for every …Seconds setting",
        arguments: ["true", "false", "0", "-1", "86401", #""1""#])
    func secondsRefused(json: String) {
        for key in [
            "tokenLifetimeSeconds", "refreshMarginSeconds", "healthPollIntervalSeconds", "requestTimeoutSeconds",
        ] {
            #expect {
                try parse(#"{"settings": {"\#(key)": \#(json)}}"#)
            } throws: { error in
                guard case CompositionError.environmentFileInvalid(_, let field, let reason) = error else {
                    return false
                }
                return field == "settings." + key && reason.contains("seconds")
            }
        }
    }

    @Test(
        "Each bad field is refused with its name",
        arguments: [
            (#"{"plugin": {}}"#, "plugin"),
            (#"{"plugins": {"auht": "in-memory"}}"#, "plugins.auht"),
            (#"{"plugins": {"auth": 3}}"#, "plugins.auth"),
            (#"{"settings": {"tokenLifetimeSeconds": "60"}}"#, "settings.tokenLifetimeSeconds"),
            (#"{"settings": {"tokenLifetimeSeconds": true}}"#, "settings.tokenLifetimeSeconds"),
            (#"{"settings": {"tokenLifetimeSeconds": -1}}"#, "settings.tokenLifetimeSeconds"),
            (#"{"settings": {"locale": "fr-FR"}}"#, "settings.locale"),
            (#"{"settings": {"requestTimeoutSeconds": 0}}"#, "settings.requestTimeoutSeconds"),
            (#"{"base": "local", "settings": {"tokenHeaderStyle": "cookie"}}"#, "settings.tokenHeaderStyle"),
            (#"{"base": "local", "settings": {"controlAPI": 1}}"#, "settings.controlAPI"),
            (#"{"base": "local", "settings": {"controlAPI": "yes"}}"#, "settings.controlAPI"),
            (#"{"settings": {"controlAPI": true}}"#, "settings.controlAPI"),
            (#"{"settings": {"refreshMarginSeconds": 90}}"#, "settings.refreshMarginSeconds"),
            (#"{"base": "production"}"#, "base"),
            (#"{"settings": []}"#, "settings"),
            (#"[1, 2]"#, "(top level)"),
            (#"{"name": "#, "(top level)"),
        ])
    func badFieldIsRefused(json: String, field: String) {
        #expect {
            try parse(json)
        } throws: { error in
            guard case CompositionError.environmentFileInvalid(let path, let named, _) = error else { return false }
            return path == "test.json" && named == field
        }
    }

    @Test(
        "connectionsPerHost is read as a whole number from 1 to 64, and the default stays 6",
        arguments: [("1", 1), ("6", 6), ("8.0", 8), ("64", 64)])
    func connectionsPerHostIsRead(json: String, connections: Int) throws {
        let environment = try parse(#"{"base": "local", "settings": {"connectionsPerHost": \#(json)}}"#)
        #expect(environment.settings.connectionsPerHost == connections)
        #expect(try parse("{}").settings.connectionsPerHost == 6)
    }

    @Test(
        "connectionsPerHost refuses zero, a negative, a fraction, more than 64, a boolean or a string",
        arguments: ["0", "-1", "1.5", "65", "1e300", "true", #""6""#])
    func connectionsPerHostRefused(json: String) {
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "test.json", field: "settings.connectionsPerHost", reason: "must be a whole number from 1 to 64")
        ) {
            try parse(#"{"settings": {"connectionsPerHost": \#(json)}}"#)
        }
    }

    @Test func aMissingFileSaysSo() {
        let path = "/nonexistent/gatehouse-\(UUID().uuidString).json"
        #expect(throws: CompositionError.environmentFileUnreadable(path: path, reason: "no such file")) {
            try EnvironmentFile.load(path: path, registry: .standard)
        }
    }

    @Test func errorMessagesNameTheFileAndTheField() {
        let error = CompositionError.environmentFileInvalid(
            path: "a.json", field: "settings.locale", reason: "must be one of …")
        #expect(error.description == "environment file a.json: field 'settings.locale' must be one of …")
    }
}
