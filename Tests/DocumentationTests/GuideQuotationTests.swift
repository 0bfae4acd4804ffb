import Foundation
import Testing

/// The adapter guide quotes real code. Each Swift block of the guide that
/// starts with `// From PATH` must appear, line for line, in that file of the
/// repository — so the guide cannot drift from the code it teaches.
@Suite("The adapter guide quotes the code as it is")
struct GuideQuotationTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let guide = "Sources/Ports/Ports.docc/AddingAnAdapter.md"

    /// Every quoted block of the guide: the file it names and its lines.
    static func quotations() throws -> [(path: String, lines: [String])] {
        let text = try String(contentsOf: repository.appendingPathComponent(guide), encoding: .utf8)
        var quotations: [(String, [String])] = []
        var block: [String]?
        for line in text.components(separatedBy: "\n") {
            if block == nil {
                if line == "```swift" { block = [] }
            } else if line == "```" {
                if let lines = block, let first = lines.first, first.hasPrefix("// From ") {
                    quotations.append((String(first.dropFirst("// From ".count)), Array(lines.dropFirst())))
                }
                block = nil
            } else {
                block?.append(line)
            }
        }
        return quotations
    }

    @Test("The guide quotes at least the port, the adapter and the plugin")
    func theGuideQuotesCode() throws {
        let paths = Set(try Self.quotations().map(\.path))
        #expect(paths.contains("Sources/ExampleAdapters/VaultSessionDataStore.swift"))
        #expect(paths.contains("Sources/ExampleAdapters/SecretVault.swift"))
        #expect(paths.contains("Tests/ExampleAdapterTests/VaultPluginTests.swift"))
        #expect(paths.contains("Tests/ContractTests/VaultStoreFactory.swift"))
        #expect(paths.contains("Sources/ExampleAdapters/ActuatorHealthProbe.swift"))
        #expect(paths.contains("Tests/ContractTests/RemoteActuatorFixture.swift"))
        #expect(paths.contains("Tests/ContractTests/RemoteAdapters.swift"))
        #expect(paths.contains("Tests/ExampleAdapterTests/ActuatorPluginTests.swift"))
    }

    @Test(
        "Each remote example touched exactly the Swift files the guide lists",
        arguments: [
            // A file belongs to an example when it names one of its types or its wire.
            (
                "### The files this example touched", 6,
                ["ActuatorHealthProbe", "ActuatorStandIn", "ActuatorRemoteFixture", "case actuator"]
            ),
            ("### The files the Firebase dialect touched", 14, ["Firebase", "apiKeyQueryName"]),
        ])
    func eachExampleTouchedTheListedFiles(heading: String, count: Int, markers: [String]) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(Self.guide), encoding: .utf8)
        let section = text.components(separatedBy: heading).dropFirst().first ?? ""
        let listed = section.components(separatedBy: "\n").prefix { !$0.hasPrefix("#") }
            .filter { $0.hasPrefix("- `") }
            .compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
        let naming = Self.swiftFiles(under: ["Sources", "Tests"]).filter { path in
            guard !path.hasPrefix("Tests/DocumentationTests/"),
                let source = try? String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
            else { return false }
            return markers.contains { source.contains($0) }
        }

        #expect(listed.count == count)
        #expect(
            Set(listed) == Set(naming), "the guide lists \(listed), the Swift files naming the example are \(naming)")
    }

    /// The repository-relative paths of the Swift files under `folders`.
    private static func swiftFiles(under folders: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let root = repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects ?? []
            return files.compactMap { ($0 as? URL)?.path }.filter { $0.hasSuffix(".swift") }
                .map { String($0.dropFirst(repository.path.count + 1)) }
        }.sorted()
    }

    @Test("Every quoted block is in its file, line for line")
    func everyQuotationIsInItsFile() throws {
        for quotation in try Self.quotations() {
            let source = try String(
                contentsOf: Self.repository.appendingPathComponent(quotation.path), encoding: .utf8)
            let quoted = quotation.lines.joined(separator: "\n")
            #expect(source.contains(quoted), "\(Self.guide) quotes \(quotation.path) as it no longer is:\n\(quoted)")
        }
    }
}
