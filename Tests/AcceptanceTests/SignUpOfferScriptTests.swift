import Composition
import Foundation
import Testing

@testable import GatehouseApp

/// Every script of the folder of each sign-up the simulated backend may
/// offer beside the default (the `in-memory` auth plugin's `signUp`): one
/// that signs the person in (`Tests/Acceptance/sign-up-signs-in`), and one
/// whose account must be confirmed first (`Tests/Acceptance/sign-up-to-confirm`),
/// one test case each.
@MainActor
@Suite("Sign-ups that sign in, or make an account to confirm: acceptance scripts")
struct SignUpOfferScriptTests {
    @Test("Each folder is found and holds its script", arguments: SignUpOfferScripts.allCases)
    func scriptsAreFound(_ offer: SignUpOfferScripts) {
        #expect(offer.names.count == 1, "scripts under \(offer.folder.path)")
    }

    @Test(
        "The script passes on the in-memory backend of its sign-up",
        arguments: SignUpOfferScripts.allCases.flatMap { offer in offer.names.map { (offer, $0) } })
    func scriptPasses(_ offer: SignUpOfferScripts, _ name: String) async throws {
        let script = try String(contentsOfFile: offer.folder.appendingPathComponent(name).path, encoding: .utf8)

        let report = await offer.runner().run(script: script, named: name)

        #expect(report.passed, "\(name) failed; its transcript:\n\(report.transcriptText)")
    }

    @Test(
        "The form of a sign-up that signs in has no name and no CPF to type: typing one fails, naming the fields there are"
    )
    func noNameField() async {
        let report = await SignUpOfferScripts.signsIn.runner().run(
            script: "tap sign-up\ntype name Ana", named: "type-name")

        #expect(!report.passed)
        #expect(report.transcriptText.contains("email, password, confirm"))
    }

    @Test("A person who confirms an account no sign-up made fails the line, naming it")
    func confirmingNoAccountFails() async {
        let report = await SignUpOfferScripts.toConfirm.runner().run(
            script: "person confirms nobody@example.com", named: "confirm-nobody")

        #expect(!report.passed)
        #expect(report.transcriptText.contains("NOT_FOUND"), "\(report.transcriptText)")
    }
}

/// A sign-up of the simulated backend, the folder of its scripts, and the
/// `signUp` setting that makes it.
enum SignUpOfferScripts: String, CaseIterable, Sendable, CustomStringConvertible {
    case signsIn = "sign-up-signs-in"
    case toConfirm = "sign-up-to-confirm"

    /// The `in-memory` plugin's `signUp` choice.
    var choice: String {
        switch self {
        case .signsIn: "creates-a-session"
        case .toConfirm: "creates-an-account-to-confirm"
        }
    }

    var folder: URL { AcceptanceScripts.folder.appendingPathComponent(rawValue) }

    var names: [String] { AcceptanceScripts.flowNames(in: folder) }

    var description: String { rawValue }

    /// `in-memory` with `signUp` set to this sign-up's choice.
    @MainActor
    func runner() -> ScriptRunner {
        var environment = AppEnvironment.inMemory.withTestPINHashing
        environment.pluginSettings["signUp"] = .choice(choice)
        return ScriptRunner(environment: environment, texts: Texts(locale: .ptBR), print: { _ in })
    }
}
