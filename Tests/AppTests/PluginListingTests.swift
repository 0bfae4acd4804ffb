import Composition
import Testing

@testable import GatehouseApp
import CompositionTesting

/// `app plugins` lists what there is to choose from; `app envs` lists what
/// each environment chose and points at it.
@MainActor
@Suite("app plugins")
struct PluginListingTests {
    @Test("plugins prints the listing and exits 0, whatever --env says")
    func pluginsPrintsTheListing() async {
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(environment: "no-such-env", command: .plugins))
        #expect(code == 0)
        for line in PluginListing().lines() where !line.isEmpty {
            #expect(transcript.text.contains(line))
        }
    }

    @Test("envs points at app plugins for the plugins there are")
    func envsPointsAtPlugins() async {
        let transcript = Transcript()
        _ = await transcript.app().run(Invocation(command: .envs))
        #expect(transcript.text.contains("'app plugins'"))
    }

    @Test("A plugin added to the registry is listed with its settings")
    func anAddedPluginIsListed() {
        var registry = PluginRegistry.standard
        registry.coding.append(
            .init(
                name: "cbor", summary: "a test's coding",
                settings: [.flag("cborCompact", default: false, "a test's setting")]
            ) { _ throws(CompositionError) in throw .invalidSetting(setting: "none", reason: "never made") })
        let lines = PluginListing(registry: registry).lines()
        let text = lines.joined(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  cbor ") && $0.hasSuffix("a test's coding") })
        #expect(text.contains("settings: cborCompact"))
        #expect(text.contains("read by: coding cbor"))
    }
}
