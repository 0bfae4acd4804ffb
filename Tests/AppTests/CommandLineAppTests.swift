import Composition
import GatehouseBench
import Foundation
import Synchronization
import Testing

@testable import GatehouseApp
import CompositionTesting

@MainActor
@Suite("Command dispatch")
struct CommandLineAppTests {
    @Test("help prints to stdout and exits 0")
    func helpExitsZero() async {
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(command: .help(topic: "run"))) == 0)
        #expect(transcript.text == HelpText.text(for: "run"))
        #expect(transcript.errors.isEmpty)
    }

    @Test(
        "events prints the last session events the file keychain kept, oldest first and escaped; in memory it says none are kept"
    )
    func events() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("events-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("env.json")
        try Data(
            #"{"name": "kept", "plugins": {"store": "file-keychain"}, "settings": {"storeDirectory": "\#(directory.path)/data"}}"#
                .utf8
        ).write(to: file)
        // What a process of that environment left: two events, then a line with an escape sequence in it.
        let world = try AppWorld(
            testing: try EnvironmentFile.parse(Data(contentsOf: file), path: file.path, registry: .standard))
        let container = AppContainer(world: world)
        _ = container.makeMainViewModel()
        await container.launcher.bootstrap()
        await container.shutDown()
        try "{\"event\":\"\u{1B}[2J\"}\n".data(using: .utf8).map { tail in
            let handle = try FileHandle(
                forWritingTo: directory.appendingPathComponent("data/\(world.sessionBackend.folderName)/events.jsonl"))
            try handle.seekToEnd()
            try handle.write(contentsOf: tail)
            try handle.close()
        }

        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(environment: file.path, command: .events(last: 2))) == 0)
        let lines = transcript.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix(#""event":"launched","opened":"no-session"}"#) == true)
        #expect(lines.last?.contains("\u{1B}") == false, "no escape sequence reaches the terminal")

        let inMemory = Transcript()
        #expect(await inMemory.app().run(Invocation(command: .events(last: 20))) == 0)
        #expect(inMemory.text.contains("no events are kept between processes"))

        // The same file keychain with the events plugin none: nothing to read back, said so.
        let none = directory.appendingPathComponent("none.json")
        try Data(
            #"{"name": "kept", "plugins": {"store": "file-keychain", "events": "none"}, "settings": {"storeDirectory": "\#(directory.path)/data"}}"#
                .utf8
        ).write(to: none)
        let nothing = Transcript()
        #expect(await nothing.app().run(Invocation(environment: none.path, command: .events(last: 20))) == 0)
        #expect(nothing.text.hasPrefix("The kept environment's events plugin, none, keeps no events to read back."))
    }

    @Test("--events stderr writes each session event as a JSON line on stderr as it happens; stdout keeps the screens")
    func eventsOnStandardError() async {
        let written = Mutex<[String]>([])
        let screens = Mutex<[String]>([])
        let console = Console(
            write: { piece in screens.withLock { $0.append(piece.written) } },
            writeErrorFromAnyThread: { line in written.withLock { $0.append(line) } })
        let app = CommandLineApp(
            console: console, stdinIsTerminal: false, lines: .lines([]),
            readAllInput: {
                "tap sign-in\ntype identifier 123.456.789-09\ntap next\ntype password 123456\ntap next\ntap logout\n"
            })

        #expect(await app.run(Invocation(eventsToStandardError: true, command: .interactive)) == 0)
        let events = written.withLock { $0 }
        #expect(events.count == 4, "\(events)")
        #expect(events.first?.contains(#""event":"health-changed","from":"unknown","to":"healthy"}"#) == true)
        #expect(events.contains { $0.hasSuffix(#""event":"launched","opened":"no-session"}"#) })
        #expect(events.contains { $0.hasSuffix(#""event":"signed-in","route":"password-cpf"}"#) })
        #expect(events.last?.hasSuffix(#""event":"session-ended","reason":"logged-out"}"#) == true)
        let stdout = screens.withLock { $0.joined() }
        #expect(stdout.contains("1 passed, 0 failed") && !stdout.contains("\"event\""), "stdout is the screens'")

        let quiet = Mutex<[String]>([])
        let withoutFlag = CommandLineApp(
            console: Console(write: { _ in }, writeErrorFromAnyThread: { line in quiet.withLock { $0.append(line) } }),
            stdinIsTerminal: false, lines: .lines([]), readAllInput: { "tap sign-in\n" })
        #expect(await withoutFlag.run(Invocation(command: .interactive)) == 0)
        #expect(quiet.withLock { $0 }.isEmpty, "without --events nothing is written to stderr")
    }

    @Test("An unknown environment name gives the composition error, exit 2")
    func unknownEnvironment() async {
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(environment: "staging", command: .demo)) == 2)
        #expect(
            transcript.errorText.contains(
                "unknown environment 'staging': use one of in-memory, local, cora-stage, cora-local, cora-in-memory, oauth2-local, oauth2-in-memory or a path to a JSON file"
            ))
        #expect(transcript.output.isEmpty)
    }

    @Test("A missing environment file gives the composition error, exit 2")
    func missingEnvironmentFile() async {
        let transcript = Transcript()
        let code = await transcript.app().run(Invocation(environment: "/nonexistent/gatehouse.json", command: .envs))
        #expect(code == 2)
        #expect(transcript.errorText.contains("cannot read environment file /nonexistent/gatehouse.json: no such file"))
    }

    @Test("An invalid environment file names the field, exit 2")
    func invalidEnvironmentFile() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-bad-\(UUID().uuidString).json")
        try Data(#"{"plugins": {"auth": "carrier-pigeon"}}"#.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(environment: path.path, command: .interactive)) == 2)
        #expect(transcript.errorText.contains("no AuthRemoteAPI plugin named 'carrier-pigeon'"))
    }

    @Test("--locale overrides the environment's locale")
    func localeOverrides() async throws {
        let environment = try EnvironmentChoice.resolve(nil, locale: .esES)
        #expect(environment.settings.locale == .esES)
        #expect(try EnvironmentChoice.resolve(nil, locale: nil).settings.locale == .ptBR)
        let transcript = Transcript()
        _ = await transcript.app(lines: []).run(Invocation(locale: .esES, command: .interactive))
        #expect(transcript.output[0].contains("es-ES"))
    }

    @Test("run --in-process-server runs a script over HTTP on local and exits 0")
    func runOverHTTP() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent(
            "over-http-\(UUID().uuidString).flow")
        try
            "tap sign-in\ntype identifier 123.456.789-09\ntap next\ntype password 123456\ntap next\nexpect screen dashboard\n"
            .write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let transcript = Transcript()

        let code = await transcript.app().run(Invocation(command: .run(files: [script.path], inProcessServer: true)))

        #expect(code == 0)
        #expect(transcript.output.last == "1 passed, 0 failed")
    }

    @Test("run --in-process-server refuses an environment that does not speak HTTP")
    func runOverHTTPNeedsHTTP() async {
        let transcript = Transcript()

        let code = await transcript.app().run(
            Invocation(environment: "in-memory", command: .run(files: ["x.flow"], inProcessServer: true)))

        #expect(code == 2)
        #expect(transcript.errors.contains { $0.contains("no plugin speaks the wire contract") })
    }
}
