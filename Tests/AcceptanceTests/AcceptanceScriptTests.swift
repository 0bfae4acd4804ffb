import Testing

@testable import GatehouseApp

/// Every `Tests/Acceptance/*.flow`, one test case each, on the runner `app
/// run` uses. A failure names the script and shows its transcript.
@MainActor
@Suite("Acceptance scripts")
struct AcceptanceScriptTests {
    @Test("The acceptance folder is found and holds the scripts")
    func scriptsAreFound() {
        #expect(AcceptanceScripts.names.count >= 20, "no scripts under \(AcceptanceScripts.folder.path)")
    }

    @Test(
        "The script passes, no session event it reported holds a secret, and each session it ended is asserted with its reason",
        arguments: AcceptanceScripts.names)
    func scriptPasses(_ name: String) async throws {
        let script = try AcceptanceScripts.text(of: name)
        let report = await ScriptRunner.forTests().run(script: script, named: name)

        let passed = report.passed
        #expect(passed, "\(name) failed; its transcript:\n\(report.transcriptText)")
        #expect(report.eventLinesChecked > 0, "the launch is reported, and was searched for secrets")
        SessionEndAssertions.expectAsserted(in: script, named: name, for: report)
    }
}
