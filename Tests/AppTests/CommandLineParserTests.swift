import Foundation
import Testing

@testable import GatehouseApp

/// `app [--env NAME|FILE] [--locale pt-BR|en-US|es-ES] [--events stderr] [COMMAND [ARGS]]`,
/// read by hand: good invocations and what they mean, bad ones and what they say.
@Suite("Command line parsing")
struct CommandLineParserTests {
    static let good: [([String], Invocation)] = [
        ([], Invocation(command: .interactive)),
        (["envs"], Invocation(command: .envs)),
        (["plugins"], Invocation(command: .plugins)),
        (["events"], Invocation(command: .events(last: 20))),
        (["events", "5"], Invocation(command: .events(last: 5))),
        (["demo"], Invocation(command: .demo)),
        (["--events", "stderr"], Invocation(eventsToStandardError: true, command: .interactive)),
        (["demo", "--events=stderr"], Invocation(eventsToStandardError: true, command: .demo)),
        (
            ["run", "a.flow", "--events", "stderr"],
            Invocation(eventsToStandardError: true, command: .run(files: ["a.flow"]))
        ),
        (["run", "a.flow", "b.flow"], Invocation(command: .run(files: ["a.flow", "b.flow"]))),
        (["help"], Invocation(command: .help(topic: nil))),
        (["help", "run"], Invocation(command: .help(topic: "run"))),
        (["help", "serve"], Invocation(command: .help(topic: "serve"))),
        (["--help"], Invocation(command: .help(topic: nil))),
        (["-h"], Invocation(command: .help(topic: nil))),
        (["demo", "--help"], Invocation(command: .help(topic: "demo"))),
        (["--env", "in-memory"], Invocation(environment: "in-memory", command: .interactive)),
        (["--env=envs/slow.json", "demo"], Invocation(environment: "envs/slow.json", command: .demo)),
        (["--locale", "en-US", "demo"], Invocation(locale: .enUS, command: .demo)),
        (["demo", "--locale", "es-ES"], Invocation(locale: .esES, command: .demo)),
        (
            ["--env", "in-memory", "--locale=pt-BR", "run", "x.flow"],
            Invocation(environment: "in-memory", locale: .ptBR, command: .run(files: ["x.flow"]))
        ),
        (
            ["run", "a.flow", "--locale", "en-US", "b.flow"],
            Invocation(locale: .enUS, command: .run(files: ["a.flow", "b.flow"]))
        ),
        (
            ["run", "--in-process-server", "a.flow"],
            Invocation(command: .run(files: ["a.flow"], inProcessServer: true))
        ),
        (
            ["--env", "local", "run", "a.flow", "--in-process-server"],
            Invocation(environment: "local", command: .run(files: ["a.flow"], inProcessServer: true))
        ),
        (["serve"], Invocation(command: .serve(ServeOptions()))),
        // serve's own options are its own, not unknown ones.
        (
            [
                "serve", "--port", "0", "--virtual-clock", "--api-key-env", "K", "--token-ttl", "30",
                "--refresh-window", "120", "--rotation-grace", "2",
            ],
            Invocation(
                command: .serve(
                    ServeOptions(
                        port: 0, apiKeySource: .environment("K"), tokenTTLSeconds: 30, refreshWindowSeconds: 120,
                        rotationGraceSeconds: 2,
                        virtualClock: true)))
        ),
        (["serve", "--reuse-detection"], Invocation(command: .serve(ServeOptions(reuseDetection: true)))),
    ]

    @Test("A good command line means what the README's Commands list says", arguments: good)
    func goodInvocation(arguments: [String], expected: Invocation) throws {
        #expect(try CommandLineParser.parse(arguments) == expected)
    }

    static let bad: [([String], String, String?)] = [
        (
            ["frobnicate"],
            "unknown command 'frobnicate': commands are envs, plugins, events, demo, run, serve, help",
            nil
        ),
        (["tap", "next"], "unknown command 'tap': script words like 'tap' are typed in interactive mode", nil),
        (["events", "0"], "'events' takes N from 1 to 20000, not '0'", "events"),
        (["events", "1", "2"], "'events' takes at most one N, got 2", "events"),
        (["--verbose"], "unknown option '--verbose'", nil),
        (["--events", "stdout"], "unknown --events destination 'stdout': use stderr", nil),
        (["--events"], "option --events needs a value: stderr", nil),
        (["--events", "stderr", "--events", "stderr"], "option --events is given more than once", nil),
        (["envs", "--events", "stderr"], "option --events belongs to the app itself: app, app demo or app run", nil),
        (["--events", "stderr", "events"], "option --events belongs to the app itself", nil),
        (
            ["bench", "--quick"],
            "the bench is a program of its own: swift build -c release, then swift run -c release gatehouse-bench",
            nil
        ),
        (["run", "--fast", "a.flow"], "unknown option '--fast'", "run"),
        (["-x"], "unknown option '-x'", nil),
        (
            ["--env"],
            "option --env needs a value: a built-in environment (in-memory) or the path of a JSON environment file", nil
        ),
        (["--env", "--locale", "en-US"], "option --env needs a value", nil),
        (["--env="], "option --env needs a value", nil),
        (["--locale"], "option --locale needs a value: pt-BR, en-US or es-ES", nil),
        (["--locale", "fr-FR"], "unknown locale 'fr-FR': use pt-BR, en-US or es-ES", nil),
        (["--locale=pt-PT", "demo"], "unknown locale 'pt-PT'", nil),
        (["--env", "a", "--env", "b"], "option --env is given more than once", nil),
        (["--locale", "en-US", "--locale", "es-ES"], "option --locale is given more than once", nil),
        (["--help=yes"], "option --help takes no value", nil),
        (["run"], "'run' needs at least one script FILE", "run"),
        (["demo", "--in-process-server"], "option --in-process-server belongs to 'run'", "run"),
        (["run", "--in-process-server=yes", "a.flow"], "option --in-process-server takes no value", "run"),
        (["envs", "extra"], "'envs' takes no arguments, got 'extra'", "envs"),
        (["demo", "now"], "'demo' takes no arguments, got 'now'", "demo"),
        (
            ["help", "frobnicate"],
            "no help for 'frobnicate': commands are envs, plugins, events, demo, run, serve, help", nil
        ),
        (["help", "run", "demo"], "'help' takes at most one COMMAND, got 2", "help"),
        (["frobnicate", "--help"], "no help for 'frobnicate'", nil),
    ]

    @Test("A bad command line names the problem, points at help and exits 2", arguments: bad)
    func badInvocation(arguments: [String], problem: String, helpTopic: String?) {
        #expect {
            try CommandLineParser.parse(arguments)
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            let pointer = "See 'app help\(helpTopic.map { " " + $0 } ?? "")' for usage."
            return usage.problem.hasPrefix(problem) && usage.helpTopic == helpTopic && usage.exitCode == 2
                && usage.description == "app: \(usage.problem)\n\(pointer)"
        }
    }
}

@Suite("serve options")
struct ServeOptionsTests {
    @Test(
        arguments: [
            (["--port", "99999"], "option --port takes a port number (0 to 65535), not '99999'"),
            (["--token-ttl", "0"], "option --token-ttl takes whole seconds (1 to 86400), not '0'"),
            (["--host"], "option --host needs a value"),
            (["--frobnicate"], "unknown option '--frobnicate' for serve"),
            (["--api-key-env"], "option --api-key-env needs a value"),
            (["--api-key-file", "--virtual-clock"], "option --api-key-file needs a value"),
            (
                ["--api-key-env", "A", "--api-key-file", "k.txt"],
                "options --api-key-env and --api-key-file both name the API key: give one"
            ),
        ])
    func badFlagsAreNamed(arguments: [String], message: String) {
        #expect(throws: UsageError(message, helpTopic: "serve")) { try ServeOptions.parse(arguments) }
    }

    static let secretKey = "s3cret-key-4711"

    @Test(
        "A key on the command line is refused with exit 2, saying how to pass it now, without repeating it",
        arguments: [["--api-key", secretKey], ["--api-key=\(secretKey)"], ["--port", "0", "--api-key", secretKey]])
    func keyOnTheCommandLineIsRefused(arguments: [String]) {
        #expect {
            try ServeOptions.parse(arguments)
        } throws: { error in
            guard let usage = error as? UsageError else { return false }
            return usage.exitCode == 2 && usage.problem.contains("--api-key-env NAME")
                && usage.problem.contains("--api-key-file PATH") && usage.problem.contains("GATEHOUSE_API_KEY")
                && !usage.description.contains(Self.secretKey)
        }
    }

    private static func noFile(_ path: String) throws -> String { throw CocoaError(.fileNoSuchFile) }

    @Test("Without a key option the key is GATEHOUSE_API_KEY when set and not empty, else the development key")
    func standardKey() throws {
        let options = try ServeOptions.parse([])
        #expect(options.apiKeySource == .standard)
        #expect(
            try options.resolvedAPIKey(environment: ["GATEHOUSE_API_KEY": Self.secretKey], readFile: Self.noFile)
                == Self.secretKey)
        #expect(
            try options.resolvedAPIKey(environment: ["GATEHOUSE_API_KEY": ""], readFile: Self.noFile)
                == "gatehouse-dev-key")
        #expect(try options.resolvedAPIKey(environment: [:], readFile: Self.noFile) == "gatehouse-dev-key")
    }

    @Test("--api-key-env NAME reads that variable; one unset or empty is a usage error naming it, never a fallback")
    func keyFromNamedVariable() throws {
        let options = try ServeOptions.parse(["--api-key-env", "MY_SERVER_KEY"])
        #expect(options.apiKeySource == .environment("MY_SERVER_KEY"))
        let environment = ["MY_SERVER_KEY": Self.secretKey, "GATEHOUSE_API_KEY": "other"]
        #expect(try options.resolvedAPIKey(environment: environment, readFile: Self.noFile) == Self.secretKey)
        for environment in [[:], ["MY_SERVER_KEY": ""], ["GATEHOUSE_API_KEY": "other"]] {
            #expect(
                throws: UsageError(
                    "the environment variable MY_SERVER_KEY (option --api-key-env) is not set or is empty",
                    helpTopic: "serve")
            ) { try options.resolvedAPIKey(environment: environment, readFile: Self.noFile) }
        }
    }

    @Test(
        "--api-key-file PATH reads the file's first line; an unreadable or empty file is a usage error naming the path, not its content"
    )
    func keyFromFile() throws {
        let options = try ServeOptions.parse(["--api-key-file", "/keys/server.key"])
        #expect(options.apiKeySource == .file("/keys/server.key"))
        var asked: [String] = []
        let key = try options.resolvedAPIKey(environment: ["GATEHOUSE_API_KEY": "other"]) { path in
            asked.append(path)
            return Self.secretKey + "\n"
        }
        #expect(key == Self.secretKey, "the final newline is not part of the key")
        #expect(asked == ["/keys/server.key"])

        #expect(
            throws: UsageError(
                "cannot read the API key file /keys/server.key (option --api-key-file)", helpTopic: "serve")
        ) {
            try options.resolvedAPIKey(environment: [:], readFile: Self.noFile)
        }
        #expect(
            throws: UsageError("the API key file /keys/server.key (option --api-key-file) is empty", helpTopic: "serve")
        ) {
            try options.resolvedAPIKey(environment: [:], readFile: { _ in "\n" })
        }
    }

    @Test("The server gets the resolved key; the banner says where it came from, never the key")
    func serverGetsTheResolvedKey() throws {
        let options = try ServeOptions.parse(["--api-key-env", "MY_SERVER_KEY"])
        #expect(options.server(apiKey: Self.secretKey).apiKey == Self.secretKey)
        #expect(options.apiKeyOrigin == "the environment variable MY_SERVER_KEY")
    }
}
