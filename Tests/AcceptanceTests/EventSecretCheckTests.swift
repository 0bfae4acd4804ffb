import AdapterInMemory
import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The runner searches every session event a script's world reported — its
/// record and the store's file of events — for the secrets the run knows of
/// (issue 43): every acceptance script, in memory and over HTTP, ends with
/// that search (`AcceptanceScriptTests`, `InProcessServerScriptTests`).
/// Events cannot hold a secret by type; a file can hold anything, so these
/// plant one there to show the search finds it.
@MainActor
@Suite("The runner searches the session events for secrets")
struct EventSecretCheckTests {
    /// An in-memory world whose store keeps a file of events that also
    /// holds `planted`, and a runner on it.
    static func runner(plantingInEventsFile planted: [String]) -> ScriptRunner {
        var registry = PluginRegistry.standard
        let sink = InMemorySessionEventSink()
        registry.store.append(
            .declaringNotices(
                name: "planted-events", summary: "the in-memory store, with a file of events a test planted a line in",
                signOutLedger: { _ in PluginRegistry.StorePart(InMemorySignOutLedger()) },
                pinVault: { _, hasher in PluginRegistry.StorePart(InMemoryPINVault(hasher: hasher, iterations: 64)) },
                rememberedIdentifier: { _ in InMemoryRememberedIdentifierStore() },
                eventLog: { _, _ in
                    PluginRegistry.EventLog(sink: sink) { _ in sink.entries.map(\.jsonLine) + planted }
                },
                make: { _, coding throws(CompositionError) in
                    PluginRegistry.StorePart(InMemorySessionDataStore(coding: coding))
                }))
        var environment = AppEnvironment.inMemory.withTestPINHashing
        environment.plugins.store = "planted-events"
        return ScriptRunner(texts: Texts(locale: .ptBR), print: { _ in }) {
            ScriptWorld(world: try AppWorld(testing: environment, registry: registry))
        }
    }

    static let signIn = ScriptRunnerTests.signIn + "\nexpect screen dashboard\n"

    @Test("Events that hold no secret pass, and every line of the record and the file is searched")
    func cleanEventsPass() async {
        let report = await Self.runner(plantingInEventsFile: [#"{"event":"launched","opened":"no-session"}"#])
            .run(script: Self.signIn, named: "clean.flow")

        #expect(report.passed, "\(report.transcriptText)")
        #expect(report.eventLinesChecked == 2 * report.events.count + 1)
    }

    @Test("A password in the events file fails the script, named by kind and never printed")
    func passwordInTheEventsFileFails() async {
        let report = await Self.runner(plantingInEventsFile: [#"{"event":"signed-in","note":"123456"}"#])
            .run(script: Self.signIn, named: "leak.flow")

        #expect(!report.passed)
        #expect(
            report.transcriptText.contains(
                "✘ leak.flow: the session events hold a password; an event must never hold a secret"))
        #expect(!report.transcriptText.contains("123456"))
    }
}
