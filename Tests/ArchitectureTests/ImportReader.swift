/// One `import` in a source file: the module it brings in and the line it is on.
struct ImportedModule: Equatable, Sendable {
    let module: String
    let line: Int
}

/// Reads the imports of a Swift file, in every spelling the compiler accepts:
/// `import X`, `public import X`, `@testable import X`,
/// `@preconcurrency internal import X`, `import struct X.Y`, `import X.Submodule`.
/// Commented-out imports are not imports.
enum ImportReader {
    private static let accessModifiers: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]

    static func imports(in source: String) -> [ImportedModule] {
        var found: [ImportedModule] = []
        for (offset, line) in SwiftSourceText.codeLines(of: source).enumerated() {
            // `import A; import B` is two imports on one line.
            for statement in line.split(separator: ";") {
                if let module = importedModule(in: statement) {
                    found.append(ImportedModule(module: module, line: offset + 1))
                }
            }
        }
        return found
    }

    private static func importedModule(in statement: Substring) -> String? {
        var words = statement.split(whereSeparator: \.isWhitespace)[...]
        // Attributes (`@testable`, `@preconcurrency`, `@_spi(Name)`) and access levels come first.
        while let word = words.first, word.hasPrefix("@") || accessModifiers.contains(String(word)) {
            words = words.dropFirst()
        }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let word = words.first, declarationKinds.contains(String(word)) {
            words = words.dropFirst()
        }
        guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
        return String(module)
    }
}
