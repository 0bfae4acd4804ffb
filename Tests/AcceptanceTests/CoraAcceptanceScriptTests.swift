import Composition
import Foundation
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Every `Tests/Acceptance/cora/*.flow` on `cora-in-memory` — the simulated
/// backend used as the Cora API is: health from the calls, the user from the
/// sign-in — one test case each. Each also proves it never asked for a route
/// the Cora API does not have.
@MainActor
@Suite("Cora acceptance scripts")
struct CoraAcceptanceScriptTests {
    @Test("The Cora folder is found and holds the scripts")
    func scriptsAreFound() {
        #expect(CoraScripts.names.count >= 9, "no scripts under \(CoraScripts.folder.path)")
    }

    @Test("The script passes on cora-in-memory, asking neither /users/me nor /health", arguments: CoraScripts.names)
    func scriptPasses(_ name: String) async throws {
        let script = try String(contentsOfFile: CoraScripts.path(of: name), encoding: .utf8)
        let checked = script + "\nexpect metric requests.GET /users/me == 0\nexpect metric requests.GET /health == 0\n"

        let report = await CoraScripts.runner().run(script: checked, named: name)

        #expect(report.passed, "\(name) failed; its transcript:\n\(report.transcriptText)")
        #expect(report.eventLinesChecked > 0)
        SessionEndAssertions.expectAsserted(in: script, named: name, for: report)
    }

    @Test(
        "The script passes over HTTP on cora-local against an in-process server playing the Cora API, with the transcript it has in memory",
        arguments: CoraScripts.names)
    func scriptPassesOverHTTPAgainstCoraProfile(_ name: String) async throws {
        let script = try String(contentsOfFile: CoraScripts.path(of: name), encoding: .utf8)
        let checked = script + "\nexpect metric requests.GET /users/me == 0\nexpect metric requests.GET /health == 0\n"

        let wire = await CoraScripts.runnerOverHTTP().run(script: checked, named: name)
        let memory = await CoraScripts.runner().run(script: checked, named: name)

        #expect(wire.passed, "\(name) failed over HTTP; its transcript:\n\(wire.transcriptText)")
        #expect(
            wire.eventLinesChecked > memory.eventLinesChecked, "the record and the store's events file both searched")
        #expect(wire.transcript == memory.transcript, "\(name) shows something else over HTTP than in memory")
    }

    @Test("The default environment's acceptance scripts are the top folder's only, not the Cora folder's")
    func defaultScriptsLeaveTheCoraFolderOut() {
        #expect(!AcceptanceScripts.names.contains("cora"))
        #expect(AcceptanceScripts.names.allSatisfy { !$0.contains("/") })
        #expect(!AcceptanceScripts.names.contains("sign-in-by-cpf.flow"))
    }

    @Test(
        "What the backend does not offer is told why, not a crash or a server failure",
        arguments: [
            ("tap related", "action 'related' is not offered on screen dashboard"),
            ("tap delete-account", "action 'delete-account' is not offered on screen dashboard"),
            ("tap profile\ntap save", "action 'save' is not offered on screen profile"),
            ("tap profile\ntap delete-account", "action 'delete-account' is not offered on screen profile"),
            ("tap profile\ntype name Maria", "field 'name' is not offered on screen profile"),
            ("tap profile\ntype email m@example.com", "field 'email' is not offered on screen profile"),
        ])
    func whatIsNotOfferedIsToldWhy(_ steps: String, _ said: String) async {
        let script = """
            tap sign-in
            type identifier 123.456.789-09
            tap next
            type password 123456
            tap next
            \(steps)
            """

        let report = await CoraScripts.runner().run(script: script, named: "not-offered")

        #expect(!report.passed)
        #expect(
            report.transcriptText.contains(
                "\(said): this server offers no related people, profile edit or account deletion"),
            "\(report.transcriptText)")
        #expect(!report.transcriptText.contains("O servidor falhou"))
    }
}

/// The scripts of `Tests/Acceptance/cora`.
enum CoraScripts {
    static let folder = AcceptanceScripts.folder.appendingPathComponent("cora")

    static let names = AcceptanceScripts.flowNames(in: folder)

    static func path(of name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    @MainActor
    static func runner() -> ScriptRunner {
        ScriptRunner(environment: .coraInMemory, texts: Texts(locale: .ptBR), print: { _ in })
    }

    /// `cora-local`'s plugins (URLSession, the file keychain) against a
    /// reference server in this process serving only Cora's three routes.
    @MainActor
    static func runnerOverHTTP() -> ScriptRunner {
        ScriptRunner(texts: Texts(locale: .ptBR), print: { _ in }) {
            try InProcessServerWorld.make(from: .coraLocal, profile: .cora)
        }
    }
}
