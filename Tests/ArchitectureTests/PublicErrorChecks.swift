import Foundation

/// Finds the public error enums of the sources and whether each says, in its
/// doc comment, how an adopter switches over it (CONTRIBUTING.md,
/// "Versions"): an error may gain cases in a minor version, so a `switch`
/// outside Gatehouse ends with `@unknown default`.
enum PublicErrorChecks {
    /// What every public error enum's doc comment says.
    static let promise = "@unknown default"

    /// A public error enum, where it is declared, and its doc comment.
    struct Declaration: Equatable, CustomStringConvertible {
        let file: String
        let line: Int
        let name: String
        let documentation: String

        var description: String { "\(file):\(line) public error enum \(name)" }
    }

    /// Every `public enum NAME: … Error …` of `files` (one line, as
    /// swift-format writes it), with the `///` lines above it and its
    /// attributes.
    static func declarations(in files: [PackageTree.SourceFile]) -> [Declaration] {
        files.flatMap { file -> [Declaration] in
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return lines.indices.compactMap { index -> Declaration? in
                guard let name = errorEnumName(lines[index]) else { return nil }
                var above = index
                while above > 0, lines[above - 1].drop(while: { $0 == " " }).hasPrefix("@") { above -= 1 }
                var start = above
                while start > 0, lines[start - 1].drop(while: { $0 == " " }).hasPrefix("///") { start -= 1 }
                return Declaration(
                    file: file.path, line: index + 1, name: name,
                    documentation: lines[start..<above].joined(separator: "\n"))
            }
        }
    }

    /// Those that do not say how to switch over them.
    static func undocumented(in files: [PackageTree.SourceFile]) -> [Declaration] {
        declarations(in: files).filter { !$0.documentation.contains(promise) }
    }

    /// The name of the enum `line` declares when it is a public one that
    /// conforms to `Error`.
    private static func errorEnumName(_ line: String) -> String? {
        let trimmed = line.drop(while: { $0 == " " })
        guard trimmed.hasPrefix("public enum ") else { return nil }
        let rest = trimmed.dropFirst("public enum ".count)
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let name = rest[..<colon].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let conformances = rest[rest.index(after: colon)...].prefix { $0 != "{" }
        let listed = conformances.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return listed.contains("Error") ? String(name) : nil
    }
}
