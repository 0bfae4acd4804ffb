import Composition
import Foundation
import Testing

@testable import GatehouseApp

/// Every `Tests/Acceptance/sign-up-signs-in/*.flow` on the simulated backend
/// whose sign-up signs the person in (the `in-memory` auth plugin's
/// `signUp: creates-a-session`), one test case
/// each.
@MainActor
@Suite("Sign-up that signs in: acceptance scripts")
struct SignUpSignsInScriptTests {
    @Test("The folder is found and holds the scripts")
    func scriptsAreFound() {
        #expect(SignUpSignsInScripts.names.count == 1, "scripts under \(SignUpSignsInScripts.folder.path)")
    }

    @Test("The script passes on the in-memory backend whose sign-up signs in", arguments: SignUpSignsInScripts.names)
    func scriptPasses(_ name: String) async throws {
        let script = try String(
            contentsOfFile: SignUpSignsInScripts.folder.appendingPathComponent(name).path, encoding: .utf8)

        let report = await SignUpSignsInScripts.runner().run(script: script, named: name)

        #expect(report.passed, "\(name) failed; its transcript:\n\(report.transcriptText)")
    }

    @Test("The form has no name and no CPF to type: typing one fails, naming the fields there are")
    func noNameField() async {
        let report = await SignUpSignsInScripts.runner().run(
            script: "tap sign-up\ntype name Ana", named: "type-name")

        #expect(!report.passed)
        #expect(report.transcriptText.contains("email, password, confirm"))
    }
}

/// The scripts of `Tests/Acceptance/sign-up-signs-in`.
enum SignUpSignsInScripts {
    static let folder = AcceptanceScripts.folder.appendingPathComponent("sign-up-signs-in")

    static let names = AcceptanceScripts.flowNames(in: folder)

    /// `in-memory` with `signUp` set to `creates-a-session`.
    @MainActor
    static func runner() -> ScriptRunner {
        var environment = AppEnvironment.inMemory.withTestPINHashing
        environment.pluginSettings["signUp"] = .choice("creates-a-session")
        return ScriptRunner(environment: environment, texts: Texts(locale: .ptBR), print: { _ in })
    }
}
