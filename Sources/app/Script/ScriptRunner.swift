import Composition
import Foundation

/// Runs acceptance scripts headless (`app run FILE...`, or a script piped to
/// stdin): each script on a fresh app, a command a line, settling after each;
/// the first expectation that fails ends that script; the last line says
/// `N passed, N failed`.
@MainActor
struct ScriptRunner {
    let environment: AppEnvironment
    let texts: Texts
    /// Where the transcript goes, a line at a time.
    let print: (String) -> Void

    /// Runs every file, each on a fresh world. Returns the process exit code:
    /// 0 when every script passed, 1 otherwise.
    func run(files: [String]) async -> Int32 {
        var passed = 0
        var failed = 0
        for path in files {
            let text: String
            do {
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                print("✘ \(path): cannot read the script")
                failed += 1
                continue
            }
            if await run(script: text, named: path) { passed += 1 } else { failed += 1 }
        }
        print("\(passed) passed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// Runs one script on a fresh world; true when every line held.
    func run(script: String, named name: String) async -> Bool {
        let world: AppWorld
        do {
            world = try AppWorld(environment: environment)
        } catch {
            print("✘ \(name): \(error)")
            return false
        }
        let app = HeadlessApp(world: world, texts: texts)
        print("== \(name)")
        await app.launch()
        defer { print("") }
        let held = await run(script: script, named: name, on: app)
        await app.shutDown()
        return held
    }

    /// The line as the transcript shows it: a typed secret is bulleted out.
    static func echo(_ command: ScriptCommand, line: String) -> String {
        if case .type(let field, let text) = command, field == "password" || field == "confirm" {
            return "type \(field) \(String(repeating: "•", count: text.count))"
        }
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// Runs `script` on an app already launched.
    func run(script: String, named name: String, on app: HeadlessApp) async -> Bool {
        let executor = CommandExecutor(app: app)
        for (index, line) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = "\(name):\(index + 1)"
            let command: ScriptCommand?
            do {
                command = try ScriptParser.parse(String(line))
            } catch {
                print("✘ \(location): \(error)")
                return false
            }
            guard let command else { continue }
            print("> \(Self.echo(command, line: String(line)))")
            do {
                switch try await executor.execute(command) {
                case .performed:
                    print(app.renderedScreen())
                case .expectationHeld:
                    continue
                case .expectationFailed(let expected):
                    print("✘ \(location): expected \(expected)")
                    print(app.renderedScreen())
                    return false
                }
            } catch {
                print("✘ \(location): \(error)")
                return false
            }
        }
        return true
    }
}
