import Foundation

/// The scripts `app run` is given, read before any runs: each FILE, and for a
/// directory the `.flow` files directly inside it, in name order. Input that
/// cannot be used — no such file, a file that is not UTF-8 text, a directory
/// with no `.flow` file — stops the run before it starts (exit 2), naming
/// every such operand.
enum ScriptFiles {
    /// One script's name (its path) and text.
    struct Script: Sendable, Equatable {
        let name: String
        let text: String
    }

    /// The scripts in order, or one sentence per operand that cannot be used.
    static func load(_ operands: [String]) -> Result<[Script], UnusableScripts> {
        var scripts: [Script] = []
        var problems: [String] = []
        for operand in operands {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: operand, isDirectory: &isDirectory) else {
                problems.append("cannot read the script \(operand): no such file or directory")
                continue
            }
            guard isDirectory.boolValue else {
                switch read(operand) {
                case .success(let script): scripts.append(script)
                case .failure(let problem): problems.append(problem.sentence)
                }
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: operand) else {
                problems.append("cannot read the directory \(operand)")
                continue
            }
            let directory = operand.hasSuffix("/") ? String(operand.dropLast()) : operand
            let flows = names.filter { $0.hasSuffix(".flow") }.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            )
            .map { "\(directory)/\($0)" }
            .filter { path in
                var nested: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &nested) && !nested.boolValue
            }
            guard !flows.isEmpty else {
                problems.append("the directory \(operand) holds no .flow file")
                continue
            }
            for path in flows {
                switch read(path) {
                case .success(let script): scripts.append(script)
                case .failure(let problem): problems.append(problem.sentence)
                }
            }
        }
        return problems.isEmpty ? .success(scripts) : .failure(UnusableScripts(sentences: problems))
    }

    private static func read(_ path: String) -> Result<Script, UnusableScripts.One> {
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(.init(sentence: "cannot read the script \(path): permission denied or not a regular file"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(.init(sentence: "cannot read the script \(path): it is not UTF-8 text"))
        }
        return .success(Script(name: path, text: text))
    }
}

/// Operands of `app run` that cannot be used, one sentence each.
struct UnusableScripts: Error, Sendable, Equatable {
    struct One: Error, Sendable, Equatable {
        let sentence: String
    }

    let sentences: [String]
}
