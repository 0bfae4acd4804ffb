import Composition
import Foundation

@testable import app

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
