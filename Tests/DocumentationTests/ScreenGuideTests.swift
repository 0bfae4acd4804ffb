import Foundation
import Testing

/// DomainCore's "Adding a screen" guide teaches from a real screen ("About
/// this session"). Each Swift block of the guide that starts with
/// `// From PATH` must appear, line for line, in that file; every file the
/// guide names must exist; and the files it lists as the example's must be
/// exactly those that name the example — so the guide cannot drift from the
/// code it teaches.
@Suite("The screen guide quotes the code as it is")
struct ScreenGuideTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let guide = "Sources/DomainCore/DomainCore.docc/AddingAScreen.md"

    static func guideText() throws -> String {
        try String(contentsOf: repository.appendingPathComponent(guide), encoding: .utf8)
    }

    /// Every quoted block of the guide: the file it names and its lines.
    static func quotations() throws -> [(path: String, lines: [String])] {
        var quotations: [(String, [String])] = []
        var block: [String]?
        for line in try guideText().components(separatedBy: "\n") {
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

    /// The files the guide lists under "The files this example touched".
    static func listedFiles() throws -> [String] {
        let section =
            try guideText().components(separatedBy: "### The files this example touched").dropFirst()
            .first ?? ""
        return section.components(separatedBy: "\n").prefix { !$0.hasPrefix("## ") }
            .filter { $0.hasPrefix("- `") }
            .compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) }
    }

    @Test("The guide quotes the seam, the model, the destination, the container, the texts and the drawing")
    func theGuideQuotesEachStep() throws {
        let paths = Set(try Self.quotations().map(\.path))
        let expected: Set = [
            "Sources/DomainCore/UseCases/SessionTimesReading.swift",
            "Sources/DomainCore/SignedIn/TokenManager+SessionTimes.swift",
            "Sources/DomainCore/SignedIn/SessionDetailsViewModel.swift",
            "Sources/DomainCore/SignedIn/SignedInDestination.swift",
            "Sources/DomainCore/SignedIn/SignedInCoordinator.swift",
            "Sources/Composition/Containers/SignedInContainer.swift",
            "Sources/GatehouseApp/Localization/Texts+ptBR.swift",
            "Sources/GatehouseApp/Rendering/ScreenDriver+SessionDetails.swift",
            "Sources/GatehouseApp/Rendering/ScreenDriver+SignedIn.swift",
        ]
        #expect(paths == expected)
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

    @Test("Every repository path the guide names exists")
    func everyNamedPathExists() throws {
        let named = try Self.guideText().matches(of: /`((?:Sources|Tests|docs)\/[^`\s]+)`/).map { String($0.output.1) }
        #expect(named.count >= 20)
        for path in named {
            #expect(
                FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(path).path),
                "\(Self.guide) names \(path), which does not exist")
        }
    }

    @Test("The example touched exactly the Swift files and scripts the guide lists, and their count is the guide's")
    func theExampleTouchedTheListedFiles() throws {
        let listed = try Self.listedFiles()
        // A file belongs to the example when it names one of its types, its screen or its texts.
        let markers = ["SessionDetails", "sessionDetails", "SessionTimes", "session-details"]
        let naming = Self.files(under: ["Sources", "Tests"], endingWith: [".swift", ".flow"]).filter { path in
            guard !path.hasPrefix("Tests/DocumentationTests/"),
                let source = try? String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
            else { return false }
            return markers.contains { source.contains($0) }
        }

        #expect(listed.count == 21)
        #expect(listed.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".flow") }.count == 21)
        #expect(
            Set(listed) == Set(naming), "the guide lists \(listed), the files naming the example are \(naming)")
        let counted = try Self.guideText().split(whereSeparator: \.isWhitespace).joined(separator: " ")
            .contains("touched 25 files between them, 6 of them new")
        let newOnes = try Self.guideText().components(separatedBy: "\n")
            .filter { $0.hasPrefix("- `") && $0.hasSuffix("(new)") }.count
        #expect(counted && newOnes == 6, "the guide's count of new files is not its list's (\(newOnes) marked new)")
    }

    /// The repository-relative paths of the files under `folders` ending with one of `suffixes`.
    private static func files(under folders: [String], endingWith suffixes: [String]) -> [String] {
        folders.flatMap { folder -> [String] in
            let root = repository.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.allObjects ?? []
            return files.compactMap { ($0 as? URL)?.path }.filter { path in suffixes.contains { path.hasSuffix($0) } }
                .map { String($0.dropFirst(repository.path.count + 1)) }
        }.sorted()
    }
}
