import AdapterFilePreferences
import AdapterInMemory
import SimulatedBackend
import Composition
import Foundation
import Ports
import Testing
import CompositionTesting

/// The preferences port gets the adapter each environment names, in the
/// directory it names, and a script's world never uses a person's own.
@Suite("The preferences plugin")
struct PreferencesPluginTests {
    @Test(
        "Each built-in environment names its preferences plugin: in memory for the in-memory ones, the file otherwise",
        arguments: [
            ("in-memory", "in-memory"), ("cora-in-memory", "in-memory"), ("local", "file"), ("cora-stage", "file"),
            ("cora-local", "file"),
        ])
    func builtInChoice(_ name: String, _ plugin: String) throws {
        let environment = try #require(AppEnvironment.builtIn(named: name))
        #expect(environment.plugins.preferences == plugin)
        #expect(PluginRegistry.standard.names(for: .preferences).contains(plugin))
    }

    @Test("The file plugin keeps the preferences in the environment's preferencesDirectory")
    func fileInConfiguredDirectory() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("gatehouse-preferences-plugin-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var environment = AppEnvironment.inMemory
        environment.plugins.preferences = "file"
        environment.pluginSettings["preferencesDirectory"] = .text(directory)

        let world = try AppWorld(testing: environment)
        let store = try #require(world.preferences as? FilePreferencesStore)
        try await store.save(Preferences(language: .enUS))

        #expect(store.directory == directory)
        #expect(FileManager.default.fileExists(atPath: directory + "/preferences.json"))
    }

    @Test("A script's world over HTTP keeps its preferences in a fresh directory of its own, removed afterwards")
    func inProcessServerWorldIsolatesPreferences() async throws {
        let made = try InProcessServerWorld(from: .local)
        let store = try #require(made.world.preferences as? FilePreferencesStore)
        let home = ProcessInfo.processInfo.environment["HOME"] ?? "/nonexistent-home"

        #expect(store.directory.hasPrefix(FileManager.default.temporaryDirectory.path))
        #expect(!store.directory.hasPrefix(home + "/.config"))
        try await store.save(Preferences(language: .esES))
        made.tearDown()
        #expect(!FileManager.default.fileExists(atPath: store.directory))
    }
}
