import Foundation

/// One way to the terminal: the console (`Sources/GatehouseApp/CLI/Console.swift`)
/// escapes every string before it is written, so a screen full of server
/// data can never send a control sequence. Any other write to standard
/// output or error in the app, or in a target it links, would bypass that
/// escaping; these are the ways Swift, Foundation and Glibc offer.
enum TerminalOutputChecks {
    /// The file allowed to write to the terminal: the console itself.
    static let console = "Sources/GatehouseApp/CLI/Console.swift"

    /// Each way to the terminal, and its pattern in code (comments blanked).
    /// A bare `print(` is Swift's (a member `console.print(` is not bare).
    static let ways: [(name: String, pattern: String)] = [
        ("print(", #"(?<![\w.])print\("#),
        ("Swift.print(", #"\bSwift\.print\("#),
        ("debugPrint(", #"\bdebugPrint\("#),
        ("dump(", #"(?<![\w.])dump\("#),
        ("FileHandle.standardOutput / standardError", #"\bFileHandle\.standard(Output|Error)\b"#),
        ("FileHandle(fileDescriptor:)", #"\bFileHandle\(fileDescriptor:"#),
        ("fputs, puts, putchar, printf, fprintf, fwrite", #"(?<![\w.])(fputs|puts|putchar|printf|fprintf|fwrite)\("#),
        ("write(1 or 2, …)", #"(?<![\w.])write\(\s*(1|2|STDOUT_FILENO|STDERR_FILENO)\s*,"#),
    ]

    /// Every write to the terminal in `files` outside the console, with its file, line and way.
    static func violations(in files: [PackageTree.SourceFile]) -> [ArchitectureViolation] {
        var found: [ArchitectureViolation] = []
        for file in files where file.path != console {
            for (index, line) in SwiftSourceText.codeLines(of: file.text).enumerated() {
                for way in ways where line.range(of: way.pattern, options: .regularExpression) != nil {
                    found.append(
                        ArchitectureViolation(
                            file: file.path, line: index + 1,
                            problem: "writes to the terminal with \(way.name), not through the console (\(console))"
                        ))
                }
            }
        }
        return found
    }

    /// `app` and every target it links, directly or not (the manifest's target dependencies).
    static func targetsTheAppLinks(_ targets: [DeclaredTarget]) -> [DeclaredTarget] {
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var linked: Set<String> = []
        var next = ["app"]
        while let name = next.popLast() {
            guard linked.insert(name).inserted, let target = byName[name] else { continue }
            for case .target(let dependency) in target.dependencies { next.append(dependency) }
        }
        return targets.filter { linked.contains($0.name) }.sorted { $0.name < $1.name }
    }
}
