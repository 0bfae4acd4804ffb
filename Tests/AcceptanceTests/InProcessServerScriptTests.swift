import Composition
import Ports
import Testing

@testable import GatehouseApp
import CompositionTesting

/// Every `Tests/Acceptance/*.flow` again, on the `local` environment — the
/// HTTP adapters and the file keychain — against a `ReferenceServer` in this
/// process that shares the app's virtual time (issue 4): the scripts hold
/// over the wire, and show exactly what they show in memory.
@MainActor
@Suite("Acceptance scripts on local, against an in-process server")
struct InProcessServerScriptTests {
    static func overHTTP() -> ScriptRunner {
        ScriptRunner(texts: Texts(locale: .ptBR), print: { _ in }) {
            try InProcessServerWorld.make(from: AppEnvironment.local.withTestPINHashing)
        }
    }

    @Test("The script passes over HTTP, with the transcript it has in memory", arguments: AcceptanceScripts.names)
    func scriptPassesOverHTTP(_ name: String) async throws {
        let script = try AcceptanceScripts.text(of: name)

        let wire = await Self.overHTTP().run(script: script, named: name)
        let memory = await ScriptRunner.forTests().run(script: script, named: name)

        let passed = wire.passed
        #expect(passed, "\(name) failed over HTTP; its transcript:\n\(wire.transcriptText)")
        #expect(
            wire.eventLinesChecked > memory.eventLinesChecked,
            "over HTTP the file keychain's events file is searched too, beside the record")
        guard passed, wire.transcript != memory.transcript else { return }
        let shared = min(wire.transcript.count, memory.transcript.count)
        let line = (0..<shared).first { wire.transcript[$0] != memory.transcript[$0] } ?? shared
        Issue.record(
            """
            \(name) shows something else over HTTP than in memory, at transcript line \(line + 1):
            in memory: \(line < memory.transcript.count ? memory.transcript[line] : "(ended)")
            over HTTP: \(line < wire.transcript.count ? wire.transcript[line] : "(ended)")
            """)
    }

    @Test("The in-process world is the local environment on the wire, and its server stops with the script")
    func worldIsLocalOverTheWire() async throws {
        let made = try InProcessServerWorld.make()
        let settings = made.world.environment.pluginSettings

        #expect(made.world.environment.plugins.auth == "http")
        #expect(made.world.environment.plugins.store == "file-keychain")
        #expect(made.world.hasVirtualTime)
        guard case .text(let baseURL) = try #require(settings["baseURL"]) else {
            Issue.record("the base URL is text")
            return
        }
        #expect(baseURL.hasPrefix("http://127.0.0.1:"))
        #expect(baseURL != "http://127.0.0.1:8080", "a free port, not local's default")
        let health = try await made.world.remote.health.check()
        #expect(health == .healthy)

        await made.tearDown()

        // Refused at once: a timeout would mean the stopped server still held the connection.
        let afterTearDown = await #expect(throws: RemoteError.self) { try await made.world.remote.health.check() }
        guard case .transport? = afterTearDown else {
            Issue.record("after tear-down: \(String(describing: afterTearDown)), not a refused connection")
            return
        }
    }
}
