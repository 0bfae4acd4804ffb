import Composition
import Foundation
import Testing

@testable import GatehouseApp
import CompositionTesting

/// `app plugins` and `app envs` list what the plugins declare: a setting
/// added to a plugin shows in both with no other edit, its value as the
/// declaration shows it.
@Suite("Listings from the declarations")
struct DeclaredSettingsListingTests {
    /// The standard registry plus an auth plugin (the in-memory adapter)
    /// declaring three settings no other plugin has.
    private static func registry() throws -> PluginRegistry {
        var registry = PluginRegistry.standard
        let inMemory = try #require(registry.auth.first { $0.name == "in-memory" })
        registry.auth.append(
            .init(
                name: "extra", summary: "a test's auth",
                settings: [
                    .text("extraGreeting", "a test's text"),
                    .text("extraKeyVariable", role: .secretVariable, "a test's secret's variable"),
                    .wholeNumber("extraCount", in: 1...9, default: 4, "a test's number, left at its default"),
                ]
            ) { context throws(CompositionError) in try inMemory.make(context) })
        return registry
    }

    @Test("A setting added to a plugin is listed by app plugins, with its type, default and reader")
    func pluginsListsTheAddedSetting() throws {
        let text = PluginListing(registry: try Self.registry()).lines().joined(separator: "\n")

        #expect(text.contains("settings: extraGreeting, extraKeyVariable, extraCount"))
        #expect(text.contains("extraCount (whole number 1-9; default: 4)"))
        #expect(text.contains("read by: auth extra"))
    }

    /// `PATH` stands in for a secret: every process has it, so no test calls `setenv`.
    @Test("An environment choosing the plugin lists its settings' values, a secret's variable by name only")
    func envsListsTheValues() throws {
        let secret = try #require(ProcessInfo.processInfo.environment["PATH"].flatMap { $0.isEmpty ? nil : $0 })
        let registry = try Self.registry()
        var environment = AppEnvironment.inMemory
        environment.plugins.auth = "extra"
        environment.pluginSettings = ["extraGreeting": .text("olá"), "extraKeyVariable": .text("PATH")]
        #expect(registry.problems(in: environment).isEmpty)

        let lines = EnvironmentListing(registry: registry).describe(environment, heading: "extra")
        let row = { (key: String) in lines.first { $0.hasPrefix("    \(key) ") } }

        #expect(row("extraGreeting")?.hasSuffix(" olá") == true)
        #expect(row("extraKeyVariable")?.hasSuffix(" from the variable PATH (never shown)") == true)
        #expect(row("extraCount")?.hasSuffix(" 4") == true)
        #expect(!lines.joined(separator: "\n").contains(secret))
        let unchosen = EnvironmentListing(registry: registry).describe(.inMemory, heading: "in-memory")
        #expect(!unchosen.contains { $0.contains("extraGreeting") }, "an unchosen plugin's settings are not listed")
    }
}
