import Foundation
import Testing

/// The plugins exempt from their port's suites are one list in the code
/// (`PluginSuiteExemptions.all`); the README and `docs/contract-suites.md`
/// name exactly those, so neither can drift from it.
@Suite("The exemptions, as the docs name them")
struct ExemptionDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `port name`, sorted, as the README writes them.
    static var listed: [String] { PluginSuiteExemptions.all.map { "\($0.plugin.port) \($0.plugin.name)" }.sorted() }

    @Test("docs/contract-suites.md's exemption table has one row per exemption and no other")
    func tableNamesTheList() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/contract-suites.md"), encoding: .utf8)
        let start = try #require(text.range(of: "| plugin | why |"), "the exemption table is gone")
        let rows = text[start.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let named = rows.compactMap { row -> String? in
            let cell = row.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? ""
            return cell.replacingOccurrences(of: "`", with: "")
        }
        #expect(named.sorted() == Self.listed.sorted(), "table: \(named); PluginSuiteExemptions.all: \(Self.listed)")
    }

    @Test("The README names every exemption, and no plugin the list does not have")
    func readmeNamesTheList() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let sentence = "PluginSuiteExemptions lists, each saying why (" + Self.listed.joined(separator: ", ") + ")"
        #expect(flat.contains(sentence), "the README's tree should say: \(sentence)")
    }
}
