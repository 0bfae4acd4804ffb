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
    static let names: [String] = {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasSuffix(".flow") }.sorted()
    }()

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
        ScriptRunner(environment: .inMemory, texts: Texts(locale: "pt-BR"), print: { lines?.append($0) })
    }
}
