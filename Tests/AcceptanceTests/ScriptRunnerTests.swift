import Composition
import Foundation
import Testing

@testable import GatehouseApp

/// The runner's rules (docs/spec/script-language.md, "Rules of a script"): a
/// fresh app per script, settled before the first line; a failed expectation
/// names the script, the line and what was expected, shows the screen, and the
/// run goes on; bad lines are named `path:LINE: message`; the last line is `N
/// passed, N failed`.
@MainActor
@Suite("Script runner")
struct ScriptRunnerTests {
    static let signIn = """
        tap sign-in
        type identifier 123.456.789-09
        tap next
        type password 123456
        tap next
        """

    /// Writes scripts into a fresh temporary folder; returns their paths in order.
    private func files(_ scripts: [(name: String, text: String)]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gatehouse-runner-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try scripts.map { script in
            let url = folder.appendingPathComponent(script.name)
            try script.text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }
    }

    @Test("Every script passing: exit 0, and the last line counts the scripts")
    func allPass() async throws {
        let printed = PrintedLines()
        let paths = try files([
            ("a.flow", "expect screen welcome"), ("b.flow", Self.signIn + "\nexpect screen dashboard"),
        ])

        let code = await ScriptRunner.forTests(printingInto: printed).run(files: paths)

        #expect(code == 0)
        #expect(printed.all.last == "2 passed, 0 failed")
    }

    @Test("A failed expectation names script, line and expectation, shows the screen, and the run goes on")
    func failedExpectationThenNextScript() async throws {
        let printed = PrintedLines()
        let paths = try files([
            ("fails.flow", "# first line is a comment\nexpect screen dashboard\nexpect screen welcome"),
            ("passes.flow", "expect screen welcome"),
        ])

        let code = await ScriptRunner.forTests(printingInto: printed).run(files: paths)

        #expect(code == 1)
        #expect(printed.all.last == "1 passed, 1 failed")
        let failure = try #require(printed.all.firstIndex { $0.hasPrefix("✘ \(paths[0]):2:") })
        #expect(printed.all[failure] == "✘ \(paths[0]):2: expected screen dashboard, but it is welcome")
        #expect(printed.all[failure + 1] == "┌─ Bem-vindo · welcome", "the screen as rendered follows")
        #expect(printed.all.contains("✔ \(paths[1])"))
        let firstScript = printed.all.prefix { $0 != "== \(paths[1])" }
        #expect(!firstScript.contains("> expect screen welcome"), "the first failure ends its script")
    }

    @Test("A bad line names the file and the line, nothing of that script runs, and the run exits 2")
    func badLineFailsItsScript() async throws {
        let printed = PrintedLines()
        let paths = try files([("bad.flow", "tap sign-in\nwiggle\nwait 5 minutes")])

        let code = await ScriptRunner.forTests(printingInto: printed).run(files: paths)

        #expect(code == 2, "a script that cannot be used, as a file that cannot be read")
        #expect(printed.all.contains { $0.hasPrefix("✘ \(paths[0]):2: unknown command 'wiggle'") })
        #expect(printed.all.contains { $0.hasPrefix("✘ \(paths[0]):3: '5 minutes' is not a duration") })
        #expect(!printed.all.contains("> tap sign-in"))
        #expect(printed.all.last == "0 passed, 1 failed")
    }

    @Test("A script with a bad line beside a passing one and a failing one: both run, the run exits 2")
    func badLineBesideOthers() async throws {
        let printed = PrintedLines()
        let paths = try files([
            ("a-bad.flow", "wiggle"), ("b-good.flow", "expect screen welcome"),
            ("c-failing.flow", "expect screen dashboard"),
        ])

        let code = await ScriptRunner.forTests(printingInto: printed).run(files: paths)

        #expect(code == 2)
        #expect(printed.all.contains("✔ \(paths[1])"))
        #expect(printed.all.contains("✘ \(paths[2])"))
        #expect(printed.all.last == "1 passed, 2 failed")
    }

    @Test("Only failed expectations: the run exits 1")
    func failedExpectationExitsOne() async throws {
        let paths = try files([("good.flow", "expect screen welcome"), ("failing.flow", "expect screen dashboard")])
        #expect(await ScriptRunner.forTests().run(files: paths) == 1)
    }

    @Test("A command the screen cannot do names the line and fails the script")
    func impossibleCommandFails() async {
        let report = await ScriptRunner.forTests().run(script: "expect screen welcome\ntap logout", named: "x.flow")

        #expect(!report.passed)
        #expect(report.transcript.contains { $0.hasPrefix("✘ x.flow:2: screen welcome has no action 'logout'") })
    }

    @Test("A missing script file is named, nothing runs, and the run exits 2 (unusable input)")
    func missingFile() async throws {
        let printed = PrintedLines()
        let paths = try files([("ok.flow", "expect screen welcome")])
        let missing = paths[0] + ".missing"

        let code = await ScriptRunner.forTests(printingInto: printed).run(files: [missing] + paths)

        #expect(code == 2)
        #expect(printed.all == ["✘ cannot read the script \(missing): no such file or directory"])
    }

    @Test("Each script starts from a fresh app, an empty store and a backend in its seeded state")
    func scriptsAreIsolated() async throws {
        let printed = PrintedLines()
        let paths = try files([
            (
                "first.flow",
                Self.signIn
                    + "\nserver user 12345678909 inactive\nserver health down\nserver fault \"GET /users/me\" drop x5"
            ),
            (
                "second.flow",
                """
                expect screen welcome
                expect stored-session no
                expect local-data no
                expect metric logins == 0
                expect metric requests.GET /users/me == 0
                """ + "\n" + Self.signIn + "\nexpect screen dashboard"
            ),
        ])

        let code = await ScriptRunner.forTests(printingInto: printed).run(files: paths)

        #expect(code == 0, "\(printed.text)")
    }

    @Test("The runner launches and settles before the first line, and shows the first screen")
    func settlesBeforeFirstLine() async {
        let report = await ScriptRunner.forTests().run(
            script: "expect not-loading\nexpect screen welcome", named: "s.flow")

        #expect(report.passed)
        #expect(Array(report.transcript.prefix(2)) == ["== s.flow", "┌─ Bem-vindo · welcome"])
    }

    @Test("Typed passwords are echoed as bullets")
    func passwordEcho() async {
        let report = await ScriptRunner.forTests().run(script: Self.signIn, named: "echo.flow")

        #expect(report.transcript.contains("> type password ••••••"))
        #expect(report.transcript.contains("> type identifier 123.456.789-09"))
    }

    @Test("Each script gets the world the runner's maker builds")
    func worldsComeFromTheMaker() async {
        var made = 0
        let runner = ScriptRunner(texts: Texts(locale: .enUS), print: { _ in }) {
            made += 1
            return try await ScriptRunner.isolatedWorld(for: .inMemory)
        }

        let first = await runner.run(script: "expect text Welcome", named: "one")
        let second = await runner.run(script: "expect screen welcome", named: "two")

        #expect(first.passed && second.passed)
        #expect(made == 2)
    }

    @Test("A world that cannot be made fails the script with the reason")
    func worldThatCannotBeMade() async {
        var broken = AppEnvironment.inMemory
        broken.plugins.store = "stone-tablet"
        let runner = ScriptRunner(environment: broken, texts: Texts(locale: .ptBR), print: { _ in })

        let report = await runner.run(script: "expect screen welcome", named: "w.flow")

        #expect(!report.passed)
        #expect(
            report.transcript.contains {
                $0.hasPrefix("✘ w.flow: cannot start the app: no SessionDataStore plugin named 'stone-tablet'")
            })
    }
}
