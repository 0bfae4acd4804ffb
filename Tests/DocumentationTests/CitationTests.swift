import Foundation
import Testing

/// A clone of the repository is all a reader has, so every document a comment,
/// a string, a script or a page cites must be in it: a `*.md` file that
/// exists, a `§N` its page numbers, a quoted section its page has, and nothing
/// in the `shared` folder beside a working copy. These tests read every such
/// file and fail naming the file, the line and the citation.
@Suite("Citations stay inside the repository")
struct CitationTests {
    typealias Repository = SpecificationReferenceTests

    /// This file: its patterns and its explanation mention what they look for.
    static let thisFile = "Tests/DocumentationTests/CitationTests.swift"

    /// Every file whose text may cite a document: code and tests, acceptance
    /// scripts, DocC articles, scripts, CI, the README and docs/.
    static let citingFiles: [String] = {
        let swiftAndArticles = ["Sources", "Tests"].flatMap { folder in
            [".swift", ".md", ".flow"].flatMap { Repository.files(under: folder, endingWith: $0) }
        }
        let scriptsAndCI = ["scripts", ".ci"].flatMap { Repository.files(under: $0, endingWith: "") }
            .filter { !isFolder($0) }
        let docs = [".md", ".yaml"].flatMap { Repository.files(under: "docs", endingWith: $0) }
        return (swiftAndArticles + scriptsAndCI + docs + ["README.md"]).filter { $0 != thisFile }.sorted()
    }()

    /// Every Markdown file of the repository, for citations by bare name.
    static let markdownFiles =
        ["Sources", "docs"].flatMap { Repository.files(under: $0, endingWith: ".md") } + ["README.md"]

    /// The page describing the source documents numbers their sections with
    /// their own `§`, which are not the repository's to check.
    static let citesOutsideSections: Set<String> = ["docs/spec/origins.md"]

    /// One citation that does not hold, with where it is.
    struct Broken: CustomStringConvertible {
        let file: String
        let line: Int
        let what: String
        var description: String { "\(file):\(line): \(what)" }
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        let exists = FileManager.default.fileExists(
            atPath: Repository.repository.appendingPathComponent(path).path, isDirectory: &folder)
        return exists && folder.boolValue
    }

    /// Where each line of `text` starts, to name a citation's line.
    static func lineStarts(of text: String) -> [String.Index] {
        [text.startIndex] + text.indices.filter { text[$0] == "\n" }.map { text.index(after: $0) }
    }

    static func lineNumber(of index: String.Index, in lineStarts: [String.Index]) -> Int {
        (lineStarts.lastIndex { $0 <= index } ?? 0) + 1
    }

    /// Where `name` is, relative to the repository: from its root, from the
    /// citing file's folder, or (a bare name) any Markdown file so named.
    static func resolve(_ name: String, citedFrom file: String) -> String? {
        let root = Repository.repository
        let folder = root.appendingPathComponent(file).deletingLastPathComponent()
        for base in [root, folder] {
            let url = base.appendingPathComponent(name).standardizedFileURL
            if FileManager.default.fileExists(atPath: url.path) {
                return String(url.path.dropFirst(root.standardizedFileURL.path.count + 1))
            }
        }
        if !name.contains("/") {
            return markdownFiles.first { ($0 as NSString).lastPathComponent == name }
        }
        return nil
    }

    /// The headings of a Markdown file, without their `#` marks.
    static func headings(of file: String) throws -> [String] {
        try Repository.text(file).split(separator: "\n")
            .filter { $0.hasPrefix("#") }
            .map { String($0.drop { $0 == "#" }.drop { $0 == " " }) }
    }

    /// Every citation of `file` that does not hold.
    static func brokenCitations(in file: String) throws -> [Broken] {
        let raw = try Repository.text(file)
        // Comment marks at the start of a line become spaces, so the offsets
        // (and so the line numbers) stay those of the file.
        let text = raw.replacing(/\n[ \t]*(\/\/\/|\/\/|#)/) { match in
            "\n" + String(repeating: " ", count: match.output.0.count - 1)
        }
        let lineStarts = Self.lineStarts(of: text)
        var broken: [Broken] = []
        func report(_ index: String.Index, _ what: String) {
            broken.append(Broken(file: file, line: lineNumber(of: index, in: lineStarts), what: what))
        }

        for match in text.matches(of: /shared\//) {
            report(match.range.lowerBound, "mentions \(match.output), a folder outside the repository")
        }

        // `NAME.md`, then perhaps `§N` (a chain: `§2, §3`) or `, "Section"`.
        var explainedSections: [Range<String.Index>] = []
        let citation = /([A-Za-z0-9_.][A-Za-z0-9_.\/-]*\.md)(?![A-Za-z0-9])((?:,?\s+§[0-9]+)*)(?:,\s+"([^"]+)")?/
        for match in text.matches(of: citation) {
            let name = String(match.output.1)
            guard let target = resolve(name, citedFrom: file) else {
                report(match.range.lowerBound, "cites \(name), which the repository does not have")
                continue
            }
            explainedSections.append(match.range)
            let sections = match.output.2.matches(of: /§([0-9]+)/).map { String($0.output.1) }
            let quoted = match.output.3.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
            guard !sections.isEmpty || quoted != nil, target.hasSuffix(".md") else { continue }
            let headings = try Self.headings(of: target)
            for section in sections where !headings.contains(where: { $0.hasPrefix("\(section). ") }) {
                report(match.range.lowerBound, "cites \(name) §\(section), which \(target) does not number")
            }
            if let quoted, !headings.contains(where: { $0.hasPrefix(quoted) }) {
                report(match.range.lowerBound, "cites \(name), \"\(quoted)\", which \(target) has no heading for")
            }
        }

        // An RFC's sections are the RFC's; any other `§` must follow a
        // document of the repository.
        for match in text.matches(of: /RFC [0-9]+((?:,? §[0-9.]+)+)/) { explainedSections.append(match.range) }
        if !citesOutsideSections.contains(file) {
            for match in text.matches(of: /§ ?[0-9]+/)
            where !explainedSections.contains(where: { $0.contains(match.range.lowerBound) }) {
                report(match.range.lowerBound, "cites \(match.output) of no document in the repository")
            }
        }
        return broken
    }

    @Test("Every document a file cites is in the repository, with the section it names", arguments: citingFiles)
    func everyCitationResolves(file: String) throws {
        for broken in try Self.brokenCitations(in: file) {
            Issue.record("\(broken)")
        }
    }

    @Test("The citations checked include the code, the tests, the scripts and the docs")
    func theCheckReadsEverything() {
        for expected in [
            "Sources/DomainCore/Tokens/TokenManager.swift", "Tests/Acceptance/logout.flow",
            "Sources/DomainCore/DomainCore.docc/LaunchTour.md", "scripts/build-docs", ".ci/run",
            "docs/concurrency.md", "README.md",
        ] {
            #expect(Self.citingFiles.contains(expected), "\(expected) is not read for citations")
        }
    }
}
