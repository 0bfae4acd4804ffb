import Foundation
import Testing

/// The README says how many acceptance scripts a run prints as passed, for
/// the top folder and for each folder of its own (`cora/`, `oauth2/`): each
/// number must be the count of that folder's scripts, so it cannot go stale
/// when a script is added.
@Suite("The README's script counts")
struct ReadmeScriptCountTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each README line that runs `Tests/Acceptance/…*.flow` with the count it
    /// says, by the folder it runs.
    static func statedCounts() throws -> [(folder: String, count: Int)] {
        let readme = try String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)
        return readme.components(separatedBy: "\n").compactMap { line in
            guard let run = line.range(of: #"Tests/Acceptance/([a-z0-9-]+/)?\*\.flow"#, options: .regularExpression),
                let said = line.range(of: #"# (\d+) passed, 0 failed"#, options: .regularExpression),
                let count = Int(line[said].dropFirst(2).prefix { $0.isNumber })
            else { return nil }
            return (String(line[run].dropLast("*.flow".count)), count)
        }
    }

    @Test("Every `app run … Tests/Acceptance/…*.flow` in the README prints as many passed as its folder has scripts")
    func eachCountIsTheNumberOfScripts() throws {
        let stated = try Self.statedCounts()
        #expect(stated.contains { $0.folder == "Tests/Acceptance/" }, "the README shows no run of every script")
        #expect(stated.count >= 3, "the README's runs of the top, cora and oauth2 folders: \(stated)")
        for (folder, count) in stated {
            let scripts = try FileManager.default.contentsOfDirectory(
                atPath: Self.repository.appendingPathComponent(folder).path
            ).filter { $0.hasSuffix(".flow") }
            #expect(count == scripts.count, "README says \(count) for \(folder); there are \(scripts.count)")
        }
    }
}
