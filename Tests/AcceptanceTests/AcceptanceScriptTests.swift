import Testing

@testable import app

/// Every `Tests/Acceptance/*.flow`, one test case each, on the runner `app
/// run` uses. A failure names the script and shows its transcript.
@MainActor
@Suite("Acceptance scripts")
struct AcceptanceScriptTests {
    @Test("The acceptance folder is found and holds the scripts")
    func scriptsAreFound() {
        #expect(AcceptanceScripts.names.count >= 20, "no scripts under \(AcceptanceScripts.folder.path)")
    }

    @Test("The script passes", arguments: AcceptanceScripts.names)
    func scriptPasses(_ name: String) async {
        let report = await ScriptRunner.forTests().run(file: AcceptanceScripts.path(of: name))

        let passed = report.passed
        #expect(passed, "\(name) failed; its transcript:\n\(report.transcriptText)")
    }
}
