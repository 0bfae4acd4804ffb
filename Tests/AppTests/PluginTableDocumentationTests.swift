import Composition
import Foundation
import Testing

@testable import GatehouseApp
import CompositionTesting

/// docs/environments.md's plugin table and settings table say what `app
/// plugins` says: the same plugins in the same ports, each reading the same
/// settings, and the same setting keys.
@Suite("docs/environments.md's tables match app plugins")
struct PluginTableDocumentationTests {
    static let page = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/environments.md")

    /// The rows of the first table after `heading`, each cell's backticked words.
    static func tableRows(after heading: String) throws -> [[[String]]] {
        let text = try String(contentsOf: page, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let table = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return table.dropFirst(2).map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map { cell in
                cell.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            }
        }
    }

    /// "port plugin: key, key" for every row of the page's plugin table.
    static func documentedPlugins() throws -> [String] {
        try tableRows(after: "## One plugin per port").map { cells in
            "\(cells[0].first ?? "?") \(cells[1].first ?? "?"): \(cells[2].joined(separator: ", "))"
        }
    }

    /// The same, from what `app plugins` lists.
    static func listedPlugins(_ registry: PluginRegistry = .standard) -> [String] {
        PortName.allCases.flatMap { port in
            registry.descriptions(for: port).map { plugin in
                "\(port.rawValue) \(plugin.name): \(plugin.settings.map(\.key).joined(separator: ", "))"
            }
        }
    }

    @Test("The plugin table has a row per plugin, in app plugins' order, with the settings the plugin reads")
    func pluginTableMatches() throws {
        #expect(try Self.documentedPlugins() == Self.listedPlugins())
    }

    @Test("A plugin added to the registry without a row fails the comparison, naming it")
    func anUndocumentedPluginIsSeen() throws {
        var registry = PluginRegistry.standard
        registry.coding.append(
            .init(name: "cbor", summary: "a test's plugin") { _ throws(CompositionError) in
                throw .invalidSetting(setting: "none", reason: "never made")
            })
        let missing = Set(Self.listedPlugins(registry)).subtracting(try Self.documentedPlugins())
        #expect(missing == ["coding cbor: "])
    }

    @Test("The settings table lists every setting app plugins lists, and no other")
    func settingsTableMatches() throws {
        let documented = try Self.tableRows(after: "## The JSON format").compactMap { $0.first?.first }
        let listed = PluginRegistry.standard.settingDeclarations().map(\.setting.key)
        #expect(Set(documented) == Set(listed))
        #expect(documented.count == listed.count, "a setting is documented twice")
    }

    @Test("app plugins prints every plugin's row and every setting")
    func listingPrintsEverything() {
        let text = PluginListing().lines().joined(separator: "\n")
        for port in PortName.allCases {
            #expect(text.contains("\(port.rawValue) (\(port.protocolName))"))
            for plugin in PluginRegistry.standard.descriptions(for: port) {
                #expect(text.contains(plugin.summary))
            }
        }
        for declaration in PluginRegistry.standard.settingDeclarations() {
            #expect(text.contains("  \(declaration.setting.key) (\(declaration.setting.type.description)"))
            #expect(text.contains("read by: \(declaration.readers.joined(separator: ", "))"))
        }
    }
}
