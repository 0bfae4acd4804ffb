import Composition
import Foundation
import Ports
import Testing

@testable import GatehouseApp

/// The acceptance scripts of `Tests/Acceptance`, found from this file's place
/// so that `swift test` finds them from any working directory.
enum AcceptanceScripts {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Acceptance")

    /// Every `*.flow` file name, sorted. Empty when the folder cannot be read
    /// (a test checks it is not).
    static let names = flowNames(in: folder)

    /// Every `*.flow` file name in `folder`, sorted; empty when it cannot be read.
    static func flowNames(in folder: URL) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".flow") }.sorted()
    }

    static func path(of name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    static func text(of name: String) throws -> String {
        try String(contentsOfFile: path(of: name), encoding: .utf8)
    }
}

/// Collects what a runner prints.
@MainActor
final class PrintedLines {
    private(set) var all: [String] = []

    func append(_ line: String) {
        all.append(line)
    }

    var text: String { all.joined(separator: "\n") }
}

extension ScriptRunner {
    /// The runner `app run` uses, on the default environment and locale,
    /// printing into `lines` (or nowhere).
    @MainActor
    static func forTests(printingInto lines: PrintedLines? = nil) -> ScriptRunner {
        ScriptRunner(
            environment: AppEnvironment.inMemory.withTestPINHashing, texts: Texts(locale: .ptBR),
            print: { lines?.append($0) })
    }
}

extension AppEnvironment {
    /// This environment with few PBKDF2 rounds for a new PIN: every script
    /// runs dozens of times in the suite, and a debug build's hand-written
    /// hash takes seconds at the app's 100,000 rounds. What the PIN lock does
    /// does not depend on the count (the vault keeps it in each record).
    static let testPINHashIterations = 64

    var withTestPINHashing: AppEnvironment {
        var environment = self
        environment.settings.pinHashIterations = Self.testPINHashIterations
        return environment
    }
}

/// Each acceptance script that ends a session asserts the event with its
/// reason (issue 43): what the run reported decides which scripts must, so a
/// new script that ends a session cannot slip past a hand-kept list.
enum SessionEndAssertions {
    /// The kinds a script must assert when its run reported them.
    static let endingKinds: Set<SessionEvent.Kind> = [.sessionEnded, .sessionExpired]

    /// The `expect event` lines `script` lacks for the sessions its run
    /// ended (`report.events`): one per kind and reason, sorted.
    static func missing(in script: String, for report: ScriptReport) -> [String] {
        let wanted = Set(
            report.events.filter { endingKinds.contains($0.kind) }.map { "expect event \($0.scriptWords)" })
        let lines = Set(ScriptLines.of(script).map { $0.trimmingCharacters(in: .whitespaces) })
        return wanted.subtracting(lines).sorted()
    }

    /// Records a test issue naming each line `script` lacks.
    static func expectAsserted(in script: String, named name: String, for report: ScriptReport) {
        let missing = missing(in: script, for: report)
        #expect(
            missing.isEmpty,
            "\(name) ends a session without asserting why; add:\n\(missing.joined(separator: "\n"))")
    }
}
