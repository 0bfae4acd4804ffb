import SimulatedBackend
import AdapterSystem
import Composition
import Foundation
import OperatingSystem
import ReferenceServer
import Testing

@testable import GatehouseApp
import CompositionTesting

/// `app run --env local` against a server the app reaches only over the
/// wire, as `app serve` in another process is: real time, reset before each
/// script through the control API (docs/spec/script-language.md, "Rules of a
/// script"), the session in a store directory of the script's own — never the
/// environment's.
@MainActor
@Suite("Scripts against a server driven through its control API")
struct ControlAPIScriptTests {
    /// A reference server on real time and a free port, and `local` pointed at
    /// it with a store directory that scripts must leave alone.
    struct Server {
        let server: ReferenceServer
        let environment: AppEnvironment
        let personalStore: String

        init() throws {
            // A request's whole body within two minutes, not the default 10 s: on a
            // busy two-core machine a client's body was once late (a 408).
            server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(port: 0, idleTimeout: .seconds(120)),
                backend: InMemoryBackend(clock: SystemClock()))
            server.start()
            personalStore =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("gatehouse-personal-\(UUID().uuidString)").path
            var environment = AppEnvironment.local
            environment.pluginSettings["baseURL"] = .text(server.baseURL)
            environment.pluginSettings["apiKeyVariable"] = nil
            environment.pluginSettings["storeDirectory"] = .text(personalStore)
            // Real time: on a machine busy with other work a loopback answer
            // can take seconds, and these scripts are not about timeouts.
            environment.settings.requestTimeout = .seconds(120)
            self.environment = environment
        }

        @MainActor
        func runner(printingInto lines: PrintedLines? = nil) -> ScriptRunner {
            ScriptRunner(environment: environment, texts: Texts(locale: .ptBR), print: { lines?.append($0) })
        }

        func stop() {
            server.stop()
            try? FileManager.default.removeItem(atPath: personalStore)
        }
    }

    /// Scripts that flip the server's switches and never wait on the clock,
    /// so real time changes nothing in them.
    nonisolated static let scripts = [
        "sign-in-by-email.flow", "sign-up-then-sign-in.flow", "sign-in-wrong-password.flow",
        "bootstrap-server-error.flow", "bootstrap-user-deleted.flow",
        "bootstrap-user-inactive.flow", "bootstrap-token-invalid.flow", "bootstrap-malformed-body.flow",
    ]

    static let signIn = """
        expect screen welcome
        tap sign-in
        type identifier 123.456.789-09
        tap next
        type password 123456
        tap next
        expect screen dashboard
        expect stored-session yes
        """

    @Test("The script passes with the control API doing what the in-memory switches do", arguments: scripts)
    func scriptPasses(_ name: String) async throws {
        let server = try Server()
        defer { server.stop() }

        let report = await server.runner().run(script: try AcceptanceScripts.text(of: name), named: name)

        #expect(report.passed, "\(name) failed against the server; its transcript:\n\(report.transcriptText)")
    }

    @Test("Each script starts on a server back in its seeded state, whatever the one before left switched")
    func eachScriptStartsOnASeededServer() async throws {
        let server = try Server()
        defer { server.stop() }
        let runner = server.runner()

        let spoiler = await runner.run(
            script:
                "server health down\nserver user 123.456.789-09 inactive\nserver fault \"POST /challenge/auth\" status 500 x5\n",
            named: "spoiler")
        let next = await runner.run(script: Self.signIn + "\nexpect metric logins == 1\n", named: "next")

        #expect(spoiler.passed)
        #expect(next.passed, "the server was not reset; transcript:\n\(next.transcriptText)")
    }

    @Test("A script signs in and out without touching the store directory the environment names")
    func theEnvironmentsStoreIsLeftAlone() async throws {
        let server = try Server()
        defer { server.stop() }

        let report = await server.runner().run(script: Self.signIn + "\ntap logout\n", named: "sign-in-and-out")

        #expect(report.passed, "transcript:\n\(report.transcriptText)")
        #expect(!FileManager.default.fileExists(atPath: server.personalStore))
    }

    @Test("The token the app holds is a secret of the run, though the server does not tell its tokens")
    func heldTokenIsAKnownSecret() async throws {
        let server = try Server()
        defer { server.stop() }
        let world = try AppWorld(testing: server.environment)
        let app = HeadlessApp(world: world, texts: Texts(locale: .ptBR))
        await app.launch()
        let runner = server.runner()
        #expect(await runner.run(script: Self.signIn, named: "sign-in", on: app).passed)
        guard case .found(let session) = await world.store.read(), let token = session.token?.token.reveal() else {
            Issue.record("no session was stored")
            return
        }

        // The script quotes the token; the transcript must not.
        let quoting = await runner.run(script: "expect no-text \(token)\n", named: "quoting", on: app)
        await app.shutDown()

        #expect(await world.control?.knownSecrets().isEmpty == true, "the control API hands out no secret")
        #expect(quoting.transcript.contains("> expect no-text ‹token›"), "transcript:\n\(quoting.transcriptText)")
        #expect(!quoting.transcriptText.contains(token))
    }

    @Test("A server without the control API fails each script at the start, saying why")
    func serverWithoutControlAPIIsNamed() async throws {
        let server = try Server()
        defer { server.stop() }
        var environment = server.environment
        // A port bound but never listened on refuses every connection, and
        // stays ours for the whole test: a freed port could be taken by a
        // server another test starts meanwhile.
        let refusing = try RefusingPort()
        defer { refusing.close() }
        environment.pluginSettings["baseURL"] = .text("http://127.0.0.1:\(refusing.port)")
        let lines = PrintedLines()

        let report = await ScriptRunner(environment: environment, texts: Texts(locale: .ptBR), print: lines.append)
            .run(script: "expect screen welcome\n", named: "nobody-home")

        #expect(!report.passed)
        #expect(report.transcriptText.contains("cannot start the app"))
        #expect(report.transcriptText.contains("/_control/reset"))
    }
}

/// A loopback port held by a socket that is bound but not listening: a
/// connection to it is refused at once, and no one else can take it.
private struct RefusingPort {
    let port: UInt16
    private let descriptor: Int32

    init() throws {
        let descriptor = Platform.streamSocket()
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else {
            SystemCall.close(descriptor)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    func close() { SystemCall.close(descriptor) }
}
