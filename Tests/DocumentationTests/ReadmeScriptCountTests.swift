import Foundation
import Testing

/// The README says how many acceptance scripts a run prints as passed; the
/// number must be the count of top-level scripts, so it cannot go stale when
/// a script is added.
@Suite("The README's script count")
struct ReadmeScriptCountTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("`app run … Tests/Acceptance/*.flow` in the README prints as many passed as there are scripts")
    func theCountIsTheNumberOfScripts() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let runLines = readme.components(separatedBy: "\n").filter { $0.contains("Tests/Acceptance/*.flow") }
        let counts = runLines.compactMap { line -> Int? in
            guard let range = line.range(of: #"# (\d+) passed, 0 failed"#, options: .regularExpression) else {
                return nil
            }
            return Int(line[range].dropFirst(2).prefix { $0.isNumber })
        }
        let scripts = try FileManager.default.contentsOfDirectory(
            atPath: Self.repository.appendingPathComponent("Tests/Acceptance").path
        ).filter { $0.hasSuffix(".flow") }
        #expect(!counts.isEmpty, "the README shows no run of every script with its count")
        for count in counts { #expect(count == scripts.count, "README says \(count); there are \(scripts.count)") }
    }
}
