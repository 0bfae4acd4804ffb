import Foundation
import Testing

/// The changelog keeps CONTRIBUTING.md's "Versions": a section per version,
/// newest first, after `## Unreleased`; the newest released one is the
/// version the app says it is; the breaks the API check may be told of are
/// listed where it reads them.
struct ChangelogTests {
    private static func changelog() throws -> String {
        try SpecificationReferenceTests.text("CHANGELOG.md")
    }

    /// The `## ` headings, in order.
    private static func sections() throws -> [String] {
        try changelog().split(separator: "\n").filter { $0.hasPrefix("## ") }.map { String($0.dropFirst(3)) }
    }

    /// MAJOR.MINOR.PATCH at the start of a heading, as numbers.
    private static func version(of heading: String) -> [Int]? {
        let word = heading.split(separator: " ").first.map(String.init) ?? ""
        let parts = word.split(separator: ".").compactMap { Int($0) }
        return parts.count == 3 && word.split(separator: ".").count == 3 ? parts : nil
    }

    @Test("Unreleased comes first, then a section per version, newest first, each a MAJOR.MINOR.PATCH")
    func sectionPerVersion() throws {
        let sections = try Self.sections()
        #expect(sections.first == "Unreleased")
        let versions = sections.dropFirst().map { Self.version(of: $0) }
        #expect(!versions.isEmpty && versions.allSatisfy { $0 != nil }, "\(sections)")
        let numbers = versions.compactMap { $0 }
        #expect(zip(numbers, numbers.dropFirst()).allSatisfy { $1.lexicographicallyPrecedes($0) }, "\(numbers)")
    }

    @Test("The newest released version is the one the app says it is (AppVersion.current)")
    func newestIsTheAppsVersion() throws {
        let source = try SpecificationReferenceTests.text("Sources/GatehouseApp/CLI/AppVersion.swift")
        let match = try #require(source.firstMatch(of: /static let current = "([0-9]+\.[0-9]+\.[0-9]+)"/))
        let newest = try #require(try Self.sections().dropFirst().first)
        #expect(newest.hasPrefix(String(match.1) + " "), "newest section '\(newest)', the app says \(match.1)")
    }

    @Test("Unreleased has the Breaking list the API check reads, and each entry there is a checker line")
    func breakingListIsReadable() throws {
        let text = try Self.changelog()
        let unreleased = try #require(text.components(separatedBy: "\n## ").dropFirst().first)
        #expect(unreleased.hasPrefix("Unreleased\n"))
        let parts = unreleased.components(separatedBy: "\n### Breaking\n")
        try #require(parts.count == 2, "no '### Breaking' in Unreleased")
        for line in parts[1].split(separator: "\n") where line.hasPrefix("- ") {
            #expect(line.contains("`API breakage: "), "a Breaking entry that is no checker line: \(line)")
        }
    }
}
