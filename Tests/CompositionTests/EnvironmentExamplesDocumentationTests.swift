import Composition
import Foundation
import Testing
import CompositionTesting

/// Every environment file docs/environments.md shows is one Gatehouse reads:
/// each of its keys read by a plugin the example chooses.
@Suite("docs/environments.md's examples")
struct EnvironmentExamplesDocumentationTests {
    /// The JSON blocks of docs/environments.md, in order.
    static func examples() throws -> [String] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/environments.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        return text.components(separatedBy: "```json\n").dropFirst().compactMap {
            $0.components(separatedBy: "```").first
        }
    }

    @Test("Every JSON example is an environment file the plugins it chooses read whole")
    func everyExampleIsRead() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 4, "the page's examples were found")
        for (index, example) in examples.enumerated() {
            let environment = try EnvironmentFile.parse(
                Data(example.utf8), path: "example-\(index + 1).json", registry: .standard)
            #expect(PluginRegistry.standard.settingProblems(in: environment).isEmpty, "example \(index + 1)")
        }
    }
}
