import Composition
import Foundation
import Testing

@testable import GatehouseApp
import CompositionTesting

/// The command line's conventions: `--version` from one place, `-h`/`--help`
/// on every command, `envs` checking a file whole, `app run`'s unusable input,
/// and the default language from `LC_ALL`/`LANG`.
@MainActor
@Suite("Command-line conventions")
struct ConventionsTests {
    /// A fresh temporary folder holding the given files.
    private func folder(_ files: [(name: String, text: String)]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in files {
            try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
        }
        return folder
    }

    @Test("--version prints AppVersion.current and exits 0")
    func version() async throws {
        #expect(try CommandLineParser.parse(["--version"]) == Invocation(command: .version))
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(command: .version)) == 0)
        #expect(transcript.output == ["app \(AppVersion.current)"])
    }

    @Test("--version with a command is a usage error", arguments: [["run", "--version"], ["--version", "serve"]])
    func versionStandsAlone(arguments: [String]) {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(arguments) }
    }

    @Test(
        "-h and --help give every command's help, serve's and bench's too",
        arguments: CommandLineParser.commands.flatMap { [($0, "-h"), ($0, "--help")] })
    func helpOnEveryCommand(command: String, flag: String) throws {
        let expected = command == "help" ? nil : command
        #expect(try CommandLineParser.parse([command, flag]).command == .help(topic: expected))
    }

    @Test("serve --help after serve's own flags is still help")
    func serveHelpAfterFlags() throws {
        #expect(try CommandLineParser.parse(["serve", "--port", "9000", "--help"]).command == .help(topic: "serve"))
    }

    @Test("envs on a file names every problem, the base URL before the API key, and exits 2")
    func envsChecksTheWholeFile() async throws {
        let files = try folder([
            (
                "ftp.json",
                #"{"base": "local", "plugins": {"clock": "sundial"}, "settings": {"baseURL": "ftp://files.example.com", "apiKeyVariable": "GATEHOUSE_TEST_UNSET_KEY"}}"#
            )
        ])
        defer { try? FileManager.default.removeItem(at: files) }
        let transcript = Transcript()

        let code = await transcript.app().run(
            Invocation(environment: files.appendingPathComponent("ftp.json").path, command: .envs))

        #expect(code == 2)
        let problems = transcript.errors.joined(separator: "\n").split(separator: "\n").map(String.init)
        let plugin = try #require(problems.firstIndex { $0.contains("no Clock plugin named 'sundial'") })
        let url = try #require(problems.firstIndex { $0.contains("setting 'baseURL'") && $0.contains("ftp://") })
        let key = try #require(problems.firstIndex { $0.contains("GATEHOUSE_TEST_UNSET_KEY") })
        #expect(plugin < url && url < key, "in the order a person fixes them")
        #expect(transcript.output.isEmpty)
    }

    @Test("envs on a file names every bad field of it, not only the first, and exits 2")
    func envsNamesEveryBadField() async throws {
        let files = try folder([
            ("typos.json", #"{"nmae": "x", "plugins": {"auht": "in-memory"}, "settings": {"locale": "fr-FR"}}"#)
        ])
        defer { try? FileManager.default.removeItem(at: files) }
        let transcript = Transcript()

        let code = await transcript.app().run(
            Invocation(environment: files.appendingPathComponent("typos.json").path, command: .envs))

        #expect(code == 2)
        let errors = transcript.errors.joined(separator: "\n")
        for field in ["'nmae'", "'plugins.auht'", "'settings.locale'"] {
            #expect(errors.contains("field \(field)"), "names \(field)")
        }
        #expect(transcript.output.isEmpty)
    }

    @Test("Building an HTTP environment names the bad base URL before the missing key")
    func urlBeforeKeyWhenBuilding() throws {
        var environment = AppEnvironment.local
        environment.pluginSettings["baseURL"] = .text("ftp://files.example.com")
        environment.pluginSettings["apiKeyVariable"] = .text("GATEHOUSE_TEST_UNSET_KEY")
        let error = #expect(throws: CompositionError.self) { _ = try AppWorld(testing: environment) }
        guard case .invalidSetting(let setting, _) = error else {
            Issue.record("expected the base URL's problem, got \(String(describing: error))")
            return
        }
        #expect(setting == "baseURL")
    }

    @Test("A built-in environment's missing API key is for building it, not for naming it")
    func envsOfBuiltInDoesNotNeedTheKey() async {
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(environment: "cora-stage", command: .envs)) == 0)
    }

    @Test("run on a missing file exits 2 with the file named on stderr; nothing runs")
    func runMissingFile() async {
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(command: .run(files: ["/nonexistent/x.flow"]))) == 2)
        #expect(
            transcript.errorText.contains("app: cannot read the script /nonexistent/x.flow: no such file or directory"))
        #expect(transcript.errorText.contains("See 'app help run' for usage."))
        #expect(transcript.output.isEmpty)
    }

    @Test("run on a file that is not UTF-8 text exits 2")
    func runNotText() async throws {
        let files = try folder([])
        defer { try? FileManager.default.removeItem(at: files) }
        let path = files.appendingPathComponent("binary.flow")
        try Data([0xFF, 0xFE, 0x00, 0xC3]).write(to: path)
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(command: .run(files: [path.path]))) == 2)
        #expect(transcript.errorText.contains("it is not UTF-8 text"))
    }

    @Test("run on a directory runs its .flow files in name order, and nothing else")
    func runDirectory() async throws {
        let files = try folder([
            ("b.flow", "expect screen welcome"), ("a.flow", "expect screen welcome"), ("notes.txt", "wiggle"),
        ])
        defer { try? FileManager.default.removeItem(at: files) }
        let transcript = Transcript()

        #expect(await transcript.app().run(Invocation(command: .run(files: [files.path]))) == 0)

        let headers = transcript.output.filter { $0.hasPrefix("== ") }
        #expect(headers == ["== \(files.path)/a.flow", "== \(files.path)/b.flow"])
        #expect(transcript.output.last == "2 passed, 0 failed")
    }

    @Test("run on a directory with no .flow file exits 2")
    func runEmptyDirectory() async throws {
        let files = try folder([("notes.txt", "expect screen welcome")])
        defer { try? FileManager.default.removeItem(at: files) }
        let transcript = Transcript()
        #expect(await transcript.app().run(Invocation(command: .run(files: [files.path]))) == 2)
        #expect(transcript.errorText.contains("holds no .flow file"))
    }

    @Test(
        "A script with no command fails: it would check nothing (exit 2: it cannot be used)",
        arguments: ["", "\n\n", "# only a comment\n"])
    func emptyScriptFails(script: String) async throws {
        let files = try folder([("empty.flow", script)])
        defer { try? FileManager.default.removeItem(at: files) }
        let transcript = Transcript()
        let path = files.appendingPathComponent("empty.flow").path

        #expect(await transcript.app().run(Invocation(command: .run(files: [path]))) == 2)

        #expect(transcript.output.contains("✘ \(path): \(ParsedScript.noCommands)"))
        #expect(transcript.output.last == "0 passed, 1 failed")
    }

    @Test("An empty script piped to the app fails the same way")
    func emptyPipedScriptFails() async {
        let transcript = Transcript()
        #expect(await transcript.app(pipedInput: "").run(Invocation(command: .interactive)) == 2)
        #expect(transcript.output.contains("✘ <stdin>: \(ParsedScript.noCommands)"))
    }

    @Test(
        "A '# locale:' line after a command, or naming an unknown language, fails the script",
        arguments: [
            ("expect screen welcome\n# locale: en-US", 2, "belongs at the head"),
            ("# locale: fr-FR\nexpect screen welcome", 1, "unknown locale 'fr-FR'"),
        ])
    func misplacedLocale(script: String, line: Int, message: String) {
        let parsed = ParsedScript(parsing: script)
        #expect(parsed.problems.count == 1)
        #expect(parsed.problems.first?.number == line)
        #expect(parsed.problems.first?.message.contains(message) == true)
    }

    @Test("A '# locale:' line at the head, after other comments, is fine")
    func localeAtHead() {
        #expect(ParsedScript(parsing: "# purpose\n\n# locale: es-ES\nexpect screen welcome").problems.isEmpty)
    }

    @Test(
        "The default language follows LC_ALL, else LANG, when it names a supported one",
        arguments: [
            (["LANG": "en_US.UTF-8"], "en-US"), (["LANG": "es_ES@euro"], "es-ES"), (["LANG": "pt_BR.utf8"], "pt-BR"),
            (["LC_ALL": "es_ES.UTF-8", "LANG": "en_US.UTF-8"], "es-ES"), (["LC_ALL": "", "LANG": "en-US"], "en-US"),
            (["LANG": "C.UTF-8"], nil), (["LANG": "fr_FR.UTF-8"], nil), ([:], nil),
        ] as [([String: String], String?)])
    func systemLocale(variables: [String: String], locale: String?) {
        #expect(EnvironmentChoice.systemLocale(variables)?.rawValue == locale)
    }

    @Test("LANG picks the language; --locale wins over it; pt-BR when it names another")
    func languageFromTheEnvironment() throws {
        #expect(
            try EnvironmentChoice.resolve(nil, locale: nil, localeVariables: ["LANG": "en_US.UTF-8"]).settings.locale
                == .enUS)
        #expect(
            try EnvironmentChoice.resolve(nil, locale: .esES, localeVariables: ["LANG": "en_US.UTF-8"]).settings
                .locale == .esES)
        #expect(
            try EnvironmentChoice.resolve(nil, locale: nil, localeVariables: ["LANG": "de_DE.UTF-8"]).settings.locale
                == .ptBR)
    }

    @Test("An environment file's own locale wins over LANG")
    func fileLocaleWinsOverLang() throws {
        let files = try folder([("spanish.json", #"{"settings": {"locale": "es-ES"}}"#)])
        defer { try? FileManager.default.removeItem(at: files) }
        let path = files.appendingPathComponent("spanish.json").path
        #expect(
            try EnvironmentChoice.resolve(path, locale: nil, localeVariables: ["LANG": "en_US.UTF-8"]).settings.locale
                == .esES)
    }
}
