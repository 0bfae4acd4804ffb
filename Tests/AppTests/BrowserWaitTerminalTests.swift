import Composition
import Foundation
import OffThePool
import Synchronization
import Testing

@testable import GatehouseApp

import OperatingSystem
import CompositionTesting

/// The browser sign-in's wait, as a person meets it on `oauth2-local` with
/// no browser to open: the waiting screen has its prompt at once, `tap
/// cancel` and Ctrl-C end the wait at once, and a piped script's next line
/// is answered while the attempt still waits.
///
/// The OAuth 2.0 server is not needed for any of it: beginning a browser
/// sign-in with discovery off sends nothing, and the reference server in a
/// second process (`app serve`) answers the health checks that keep the
/// `browser` action enabled. Every wait is for what must be drawn, with the
/// pseudo-terminal's two-minute budget (the attempt itself waits five
/// minutes: a prompt drawn only after it would fail the budget).
@Suite("The browser sign-in's wait on a terminal", .serialized)
struct BrowserWaitTerminalTests {
    /// An `oauth2-local` environment at `port`, discovery off, its store and
    /// preferences under `directory`; the browser plugin as given.
    static func environmentFile(port: Int, in directory: URL, browser: String? = nil) throws -> URL {
        let file = directory.appendingPathComponent("oauth2-no-browser.json")
        let plugins = browser.map { #", "plugins": { "browser": "\#($0)" }"# } ?? ""
        try Data(
            """
            { "name": "oauth2-no-browser", "base": "oauth2-local"\(plugins),
              "settings": { "baseURL": "http://127.0.0.1:\(port)", "healthPollIntervalSeconds": 1,
                            "oauth2": { "clientId": "gatehouse-native", "discovery": "off",
                                        "authorizePath": "/authorize", "tokenPath": "/token", "scope": "read" },
                            "storeDirectory": "\(directory.path)/store",
                            "preferencesDirectory": "\(directory.path)/preferences" } }
            """.utf8
        ).write(to: file)
        return file
    }

    /// The reference server in a second process, and its port.
    static func referenceServer() throws -> (PseudoTerminal, Int) {
        let server = try PseudoTerminal(arguments: ["serve", "--port", "0"])
        let address = try server.waitFor("http://127.0.0.1:")
        let port = try #require(Int(server.drawn[address...].prefix { $0.isNumber }))
        return (server, port)
    }

    struct NotDone: Error, CustomStringConvertible {
        let budget: Duration
        var description: String { "not done within \(budget)" }
    }

    /// `task`'s value, or `NotDone` once `budget` has passed first (the
    /// task is then left to end by itself).
    static func value<Value: Sendable>(of task: Task<Value, Never>, within budget: Duration) async throws -> Value {
        let first = Mutex<CheckedContinuation<Value?, Never>?>(nil)
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
            first.withLock { $0 = continuation }
            let answer: @Sendable (Value?) -> Void = { value in first.withLock { $0.take() }?.resume(returning: value) }
            Task.detached { answer(await task.value) }
            Task.detached {
                try? await Task.sleep(for: budget)
                answer(nil)
            }
        }
        guard let outcome else { throw NotDone(budget: budget) }
        return outcome
    }

    /// The reference server in this process, on a port the system picks.
    static func inProcessServer(profile: ReferenceServerProfile = .full) throws -> StandaloneServer {
        var options = StandaloneServer.Options()
        options.port = 0
        options.profile = profile
        let server = try StandaloneServer(options)
        server.start()
        return server
    }

    /// The port in a server's base URL.
    static func port(of server: StandaloneServer) -> Int? {
        server.baseURL.split(separator: ":").last.flatMap { Int($0) }
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gatehouse-browser-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("With no browser the waiting screen has its prompt; tap cancel and Ctrl-C each end the wait at once")
    func waitHasAPromptAndCanBeLeft() async throws {
        // A blocking wait on a child's terminal: never on one of the cooperative pool's threads.
        try await offThePool {
            let (server, port) = try Self.referenceServer()
            let directory = try Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let environment = try Self.environmentFile(port: port, in: directory)
            // No $BROWSER, and no xdg-open on the PATH: the address is shown to open by hand.
            let app = try PseudoTerminal(
                arguments: ["--env", environment.path, "--locale", "en-US"],
                environment: ["BROWSER": "", "PATH": directory.appendingPathComponent("no-programs").path])
            var at = try app.waitFor("\rwelcome> \u{1B}[K")
            app.type("tap sign-in\r")
            at = try app.waitFor("\rsign-in> \u{1B}[K", after: at)

            app.type("tap browser\r")
            at = try app.waitFor("The browser could not be opened.", after: at)
            at = try app.waitFor("\rsign-in-waiting> \u{1B}[K", after: at)
            app.type("tap cancel\r")
            at = try app.waitFor("┌─ Sign in · sign-in\r\n", after: at)
            at = try app.waitFor("\rsign-in> \u{1B}[K", after: at)

            app.type("tap browser\r")
            at = try app.waitFor("\rsign-in-waiting> \u{1B}[K", after: at)
            app.type("\u{03}")
            at = try app.waitFor("^C", after: at)
            at = try app.waitFor("┌─ Sign in · sign-in\r\n", after: at)
            try app.waitFor("\rsign-in> \u{1B}[K", after: at)
            #expect(!app.drawn.contains("has no action 'cancel'"), "no cancel ran late against another screen")

            app.type("quit\r")
            #expect(app.exitStatus() == 0)
            kill(server.pid, SIGINT)
            #expect(server.exitStatus() == 0)
        }
    }

    @Test("A piped script's tap browser is answered by its next line while the attempt waits")
    @MainActor
    func pipedScriptGoesOnWhileTheBrowserWaits() async throws {
        // In process, never a child waited for on the main actor: a blocked
        // main thread would hold every virtual-time server of the suite.
        let server = try Self.inProcessServer()
        defer { server.stop() }
        let port = try #require(Self.port(of: server))
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The in-memory opener opens nothing: whether a browser is found on
        // this machine does not matter to a script.
        let environment = try Self.environmentFile(port: port, in: directory, browser: "in-memory")
        let transcript = Transcript()
        let script = [
            "tap sign-in", "tap browser", "expect screen sign-in-waiting", "tap cancel", "expect screen sign-in",
        ]
        let app = transcript.app(pipedInput: script.joined(separator: "\n") + "\n")
        let run = Task {
            await app.run(Invocation(environment: environment.path, locale: .enUS, command: .interactive))
        }
        // A script held until the attempt ends (five minutes) fails here, not by its outcome.
        let code = try await Self.value(of: run, within: .seconds(120))

        #expect(code == 0, "\(transcript.output.joined(separator: "\n"))")
        #expect(transcript.output.last == "1 passed, 0 failed")
    }
}

/// The cause of an unavailable system, as the person is told it: a server
/// that answers but refuses the app is not said to be silent.
@Suite("A server that refuses the app's health check", .serialized)
struct RefusedHealthCheckTests {
    @Test(
        "The local environment pointed at a Cora server (health 403) says the server refused the app, not that it is silent"
    )
    @MainActor
    func refusedHealthCheckSaysSo() async throws {
        let server = try BrowserWaitTerminalTests.inProcessServer(profile: .cora)
        defer { server.stop() }
        let port = try #require(BrowserWaitTerminalTests.port(of: server))
        let directory = try BrowserWaitTerminalTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let environment = directory.appendingPathComponent("local-at-cora.json")
        try Data(
            """
            { "name": "local-at-cora", "base": "local",
              "settings": { "baseURL": "http://127.0.0.1:\(port)", "storeDirectory": "\(directory.path)/store",
                            "preferencesDirectory": "\(directory.path)/preferences" } }
            """.utf8
        ).write(to: environment)
        let transcript = Transcript()
        let script = [
            "expect screen system-unavailable", "expect text The server answers, but refused this app (403)",
            "expect no-text The server is not responding",
        ]
        let code = await transcript.app(pipedInput: script.joined(separator: "\n") + "\n")
            .run(Invocation(environment: environment.path, locale: .enUS, command: .interactive))

        #expect(code == 0, "\(transcript.output.joined(separator: "\n"))")
    }
}
