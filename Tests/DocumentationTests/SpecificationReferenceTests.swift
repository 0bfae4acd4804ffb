import Foundation
import Testing

/// The specification under `docs/spec/` names, for every rule, the tests and
/// scripts that prove it. These tests keep those names true: a test renamed
/// or a script removed fails here, naming the page and the name.
@Suite("The specification's references")
struct SpecificationReferenceTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text(_ relativePath: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// Every file under `folder` whose name ends with `suffix`, as paths relative to the repository.
    static func files(under folder: String, endingWith suffix: String) -> [String] {
        let root = repository.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.map { "\(folder)/\($0)" }.sorted()
    }

    static let specPages = files(under: "docs/spec", endingWith: ".md")

    /// The texts between double quotes on `line`.
    static func quoted(_ line: Substring) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// The names a page cites as tests: quoted after `›`, and, on the
    /// bootstrap page, in the rows of its decision table (`| 1 | …`).
    static func citedTestNames(in page: String, named name: String) -> [String] {
        let hasTestTable = name.hasSuffix("root-screen-and-bootstrap.md")
        return page.split(separator: "\n").flatMap { line -> [String] in
            if let mark = line.firstIndex(of: "›") { return quoted(line[line.index(after: mark)...]) }
            if hasTestTable, line.range(of: #"^\| [0-9] \|"#, options: .regularExpression) != nil {
                return quoted(line)
            }
            return []
        }
    }

    @Test("The specification has its pages, and each cites tests")
    func theSpecificationHasPages() throws {
        #expect(Self.specPages.count >= 12)
        for page in Self.specPages where !page.hasSuffix("README.md") && !page.hasSuffix("origins.md") {
            #expect(!Self.citedTestNames(in: try Self.text(page), named: page).isEmpty, "\(page) cites no test")
        }
    }

    /// A cited name is a test's, or a promise's of the contract library
    /// (`Sources/PortContracts`), which the contract suites run as their cases.
    @Test(
        "Every test the specification cites exists under Tests/ or among PortContracts' promises", arguments: specPages)
    func everyCitedTestExists(page: String) throws {
        let tests = try
            (Self.files(under: "Tests", endingWith: ".swift")
            + Self.files(under: "Sources/PortContracts", endingWith: ".swift"))
            .filter { !$0.hasPrefix("Tests/DocumentationTests/") }
            .map(Self.text).joined(separator: "\n")
        for name in Self.citedTestNames(in: try Self.text(page), named: page) {
            let exists = tests.contains("\"\(name)\"")
            #expect(exists, "\(page) cites a test no file under Tests/ has: \"\(name)\"")
        }
    }

    @Test("Every acceptance script the specification cites exists", arguments: specPages)
    func everyCitedScriptExists(page: String) throws {
        let text = try Self.text(page)
        let scripts = Set(
            Self.files(under: "Tests/Acceptance", endingWith: ".flow").map { ($0 as NSString).lastPathComponent })
        let cited = text.matches(of: /[a-zA-Z0-9-]+\.flow/).map { String($0.output) }
        for script in cited {
            #expect(scripts.contains(script), "\(page) cites a script Tests/Acceptance does not have: \(script)")
        }
    }

    @Test(
        "Every relative link of the README and docs/ resolves",
        arguments: ["README.md"] + files(under: "docs", endingWith: ".md"))
    func everyRelativeLinkResolves(page: String) throws {
        let folder = Self.repository.appendingPathComponent(page).deletingLastPathComponent()
        for match in try Self.text(page).matches(of: /\]\(([^)\s]+)\)/) {
            let target = String(match.output.1)
            if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("#") { continue }
            let path = String(target.split(separator: "#", maxSplits: 1)[0])
            let resolved = folder.appendingPathComponent(path).standardizedFileURL.path
            #expect(
                FileManager.default.fileExists(atPath: resolved), "\(page) links to \(target), which does not exist")
        }
    }
}
