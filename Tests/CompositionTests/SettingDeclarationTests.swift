import Composition
import Foundation
import Testing
import CompositionTesting

/// An environment file's settings are read through the declarations of the
/// app and of the registry's plugins: the file format knows no key of its own.
@Suite("Settings read through the plugins' declarations")
struct SettingDeclarationTests {
    /// The standard registry plus a store plugin that reads a setting of its own.
    private static func registryWithVault() -> PluginRegistry {
        var registry = PluginRegistry.standard
        registry.store.append(
            PluginRegistry.StorePlugin(
                name: "vault", summary: "a test's store",
                settings: [.text("vaultDirectory", role: .directory, "where the vault is")]
            ) { _, _ throws(CompositionError) in throw .invalidSetting(setting: "vault", reason: "never made") })
        return registry
    }

    private static let file = Data(#"{"plugins": {"store": "vault"}, "settings": {"vaultDirectory": "/tmp/v"}}"#.utf8)

    @Test("A setting a plugin declares is read when that plugin is in the registry, and refused when it is not")
    func aPluginsOwnSettingIsRead() throws {
        let environment = try EnvironmentFile.parse(Self.file, path: "v.json", registry: Self.registryWithVault())
        #expect(environment.pluginSettings == ["vaultDirectory": .text("/tmp/v")])
        #expect {
            try EnvironmentFile.parse(Self.file, path: "v.json", registry: .standard)
        } throws: { error in
            guard case CompositionError.environmentFileInvalid(_, let field, let reason) = error else { return false }
            return field == "settings.vaultDirectory" && reason.hasPrefix("is read by no plugin")
        }
    }

    @Test("A declared setting's value is checked by its declaration, the error naming the field")
    func aDeclaredSettingIsChecked() {
        let bad = Data(#"{"plugins": {"store": "vault"}, "settings": {"vaultDirectory": ""}}"#.utf8)
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "v.json", field: "settings.vaultDirectory", reason: "must be a non-empty string")
        ) {
            try EnvironmentFile.parse(bad, path: "v.json", registry: Self.registryWithVault())
        }
    }

    @Test("A key no plugin reads is refused saying so")
    func aKeyNoPluginReadsIsRefused() {
        #expect(
            throws: CompositionError.environmentFileInvalid(
                path: "t.json", field: "settings.tokenLifetime",
                reason: "is read by no plugin ('app plugins' lists every setting)")
        ) {
            try EnvironmentFile.parse(
                Data(#"{"settings": {"tokenLifetime": 3}}"#.utf8), path: "t.json", registry: .standard)
        }
    }

    @Test("settings.oauth2's fields keep their own names in errors")
    func oauth2FieldsAreNamed() {
        let cases: [(String, String, String)] = [
            (#"{"oauth2": 3}"#, "settings.oauth2", "must be a JSON object"),
            (#"{"oauth2": {}}"#, "settings.oauth2.clientId", "is required"),
            (#"{"oauth2": {"clientId": ""}}"#, "settings.oauth2.clientId", "must be a non-empty string"),
            (
                #"{"oauth2": {"clientId": "a", "audience": "x"}}"#, "settings.oauth2.audience",
                "is not known (known: clientId, clientSecretVariable, tokenPath, revokePath, authorizePath, deviceAuthorizationPath, jwksPath, scope, issuer, discovery, userInfoPath)"
            ),
        ]
        for (settings, field, reason) in cases {
            #expect(throws: CompositionError.environmentFileInvalid(path: "o.json", field: field, reason: reason)) {
                try EnvironmentFile.parse(
                    Data(#"{"base": "oauth2-local", "settings": \#(settings)}"#.utf8), path: "o.json",
                    registry: .standard)
            }
        }
    }
}
