import Foundation
import GatehouseBench
import Synchronization
import Testing

@testable import gatehouse_bench

/// `gatehouse-bench`, the bench as a program of its own: its flags, its
/// help, and a quick run's table and JSON, through the console it writes to.
@MainActor
struct BenchProgramTests {
    /// What a run wrote, line by line.
    final class Transcript: Sendable {
        private let lines = Mutex<(output: [String], errors: [String])>(([], []))
        var text: String { lines.withLock { $0.output.joined(separator: "\n") } }
        var errorText: String { lines.withLock { $0.errors.joined(separator: "\n") } }
        var console: BenchConsole {
            BenchConsole(
                output: { line in self.lines.withLock { $0.output.append(line) } },
                errors: { line in self.lines.withLock { $0.errors.append(line) } })
        }
    }

    nonisolated static let good: [([String], BenchOptions)] = [
        ([], BenchOptions()),
        (["--json"], BenchOptions(json: true)),
        // Scenarios run in the bench's order, whatever order they are named in.
        (
            ["--quick", "--svg", "docs/images/bench", "--scenario", "soak", "--scenario", "storm"],
            BenchOptions(quick: true, svgDirectory: "docs/images/bench", scenarios: [.storm, .soak])
        ),
    ]

    @Test("A good command line means what the help says", arguments: good)
    func goodOptions(arguments: [String], expected: BenchOptions) throws {
        #expect(try BenchOptions.parse(arguments) == expected)
    }

    nonisolated static let bad: [([String], String)] = [
        (
            ["--scenario", "nap"],
            "unknown scenario 'nap': scenarios are "
                + BenchPlan.Scenario.allCases.map(\.rawValue).joined(separator: ", ")
        ),
        (["--scenario"], "option --scenario needs one of"),
        (["--svg"], "option --svg needs a directory"),
        (["--fast"], "unknown option '--fast'"),
    ]

    @Test("A bad command line names the problem and points at the help", arguments: bad)
    func badOptions(arguments: [String], problem: String) {
        #expect {
            _ = try BenchOptions.parse(arguments)
        } throws: { error in
            let description = (error as? BenchUsageError)?.description ?? ""
            return description.hasPrefix("gatehouse-bench: \(problem)")
                && description.hasSuffix("See 'gatehouse-bench --help' for usage.")
        }
    }

    @Test("The help recommends the release build and names every scenario and flag")
    func help() {
        #expect(BenchHelp.text.contains("swift build -c release"))
        #expect(BenchHelp.text.contains("swift run -c release gatehouse-bench"))
        for word in BenchPlan.Scenario.allCases.map(\.rawValue) + ["--quick", "--json", "--svg", "--scenario"] {
            #expect(BenchHelp.text.contains(word), "\(word)")
        }
    }

    @Test("--quick on the in-memory scenarios: a progress line per scenario, the table with each goal, exit 0")
    func quickTable() async {
        let transcript = Transcript()
        let options = BenchOptions(quick: true, scenarios: [.soak, .day])
        #expect(await BenchCommand(options: options, console: transcript.console, appExecutable: nil).run() == 0)
        let text = transcript.text
        #expect(text.contains("soak: running…"))
        #expect(text.contains("soak: done in"))
        #expect(text.contains("day: done in"))
        #expect(text.contains("== soak — 50 sign-in/out cycles"))
        #expect(text.contains("[pass: 0 alive]"))
        #expect(text.contains("[pass: still signed in]"))
        #expect(text.contains("goals: "))
        #expect(transcript.errorText.isEmpty)
    }

    @Test("--json: stdout is the report as JSON alone, progress goes to stderr")
    func json() async throws {
        let transcript = Transcript()
        let options = BenchOptions(quick: true, json: true, scenarios: [.soak])
        #expect(await BenchCommand(options: options, console: transcript.console, appExecutable: nil).run() == 0)
        let report = try JSONDecoder().decode(BenchReport.self, from: Data(transcript.text.utf8))
        #expect(report.quick)
        #expect(report.scenarios.map(\.scenario) == ["soak"])
        #expect(report.scenarios.first?.rows.first?.numbers["alive"] == 0)
        #expect(transcript.errorText.contains("bench: soak: done in"))
    }

    @Test("A scenario that starts the app, without an app beside the bench, fails saying how to build it; exit 1")
    func noAppBeside() async {
        let transcript = Transcript()
        let options = BenchOptions(quick: true, scenarios: [.launch])
        #expect(await BenchCommand(options: options, console: transcript.console, appExecutable: nil).run() == 1)
        #expect(transcript.text.contains("swift build -c release"))
    }

    @Test("What the bench prints cannot steer the terminal: control characters are shown as ?")
    func controlCharactersShown() {
        #expect(BenchConsole.shown("a\u{1B}[2Jb\u{7}\tc\nd") == "a?[2Jb?\tc\nd")
    }
}
