import Composition
import Foundation
import Testing

@testable import GatehouseApp

/// Every `Tests/Acceptance/oauth2/*.flow` on `oauth2-in-memory` — the
/// simulated backend played as an OAuth 2.0 server that signs in only in the
/// browser or on another device — one test case each. None may sign in by
/// password: the backend does not offer it.
@MainActor
@Suite("OAuth 2.0 acceptance scripts")
struct OAuth2AcceptanceScriptTests {
    @Test("The OAuth 2.0 folder is found and holds the scripts")
    func scriptsAreFound() {
        #expect(OAuth2Scripts.names.count == 11, "scripts under \(OAuth2Scripts.folder.path): \(OAuth2Scripts.names)")
    }

    @Test("The script passes on oauth2-in-memory", arguments: OAuth2Scripts.names)
    func scriptPasses(_ name: String) async throws {
        let script = try String(contentsOfFile: OAuth2Scripts.path(of: name), encoding: .utf8)

        let report = await OAuth2Scripts.runner().run(script: script, named: name)

        #expect(report.passed, "\(name) failed; its transcript:\n\(report.transcriptText)")
        #expect(report.eventLinesChecked > 0)
        SessionEndAssertions.expectAsserted(in: script, named: name, for: report)
    }

    @Test("The sign-in screen asks for no identifier and no password on a backend without the password")
    func noIdentifierAsked() async {
        let script = """
            tap sign-in
            type identifier 123.456.789-09
            """

        let report = await OAuth2Scripts.runner().run(script: script, named: "type-identifier")

        #expect(!report.passed)
        #expect(report.transcriptText.contains("identifier"))
        #expect(!report.transcriptText.contains("[next]"))
    }

    @Test("A control character in an address or code from the server is never written raw")
    func outsideTextIsEscaped() {
        let driverText = ScreenDriver.outside("https://x.invalid/\u{1B}[2J\nline")

        #expect(!driverText.contains("\u{1B}"))
        #expect(!driverText.contains("\n"))
        #expect(driverText.contains("^["))
    }
}

/// The scripts of `Tests/Acceptance/oauth2`.
enum OAuth2Scripts {
    static let folder = AcceptanceScripts.folder.appendingPathComponent("oauth2")

    static let names = AcceptanceScripts.flowNames(in: folder)

    static func path(of name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    @MainActor
    static func runner() -> ScriptRunner {
        ScriptRunner(environment: .oauth2InMemory, texts: Texts(locale: .ptBR), print: { _ in })
    }
}
