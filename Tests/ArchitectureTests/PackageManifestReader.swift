/// A target as `Package.swift` declares it.
struct DeclaredTarget: Equatable, Sendable {
    enum Kind: String, Sendable {
        case target, executableTarget, testTarget
    }

    let name: String
    let kind: Kind
    let dependencies: [DeclaredDependency]
    let path: String?
    /// The manifest line the declaration starts on, for the failure messages.
    let line: Int

    /// Where the target's sources live when no `path:` says otherwise.
    var sourceFolder: String {
        path ?? (kind == .testTarget ? "Tests/\(name)" : "Sources/\(name)")
    }
}

enum DeclaredDependency: Equatable, Sendable {
    /// `"Ports"`, `.target(name: "Ports")` or `.byName(name: "Ports")`: a target of this package.
    case target(String)
    /// `.product(name:package:)`: a module of another package.
    case product(name: String, package: String)
}

struct ManifestReadingError: Error, CustomStringConvertible {
    let description: String
}

/// Reads the target declarations out of a `Package.swift` without running it:
/// it looks for `.target(`, `.executableTarget(` and `.testTarget(` calls and
/// reads their `name:`, `dependencies:` and `path:` arguments, however the
/// call is spread over lines. A dependency's own `.target(name:)` is read as
/// a dependency, never as a declaration, because the scan skips each
/// declaration whole once read.
enum PackageManifestReader {
    static func targets(inManifest text: String) throws(ManifestReadingError) -> [DeclaredTarget] {
        let tokens = ManifestToken.tokens(of: SwiftSourceText.codeLines(of: text))
        var targets: [DeclaredTarget] = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].text == ".", index + 2 < tokens.count,
                let kind = DeclaredTarget.Kind(rawValue: tokens[index + 1].text), tokens[index + 2].text == "("
            else {
                index += 1
                continue
            }
            let call = try callArguments(openingAt: index + 2, in: tokens)
            targets.append(try declaredTarget(kind: kind, line: tokens[index + 1].line, arguments: call.arguments))
            index = call.end + 1
        }
        return targets
    }

    private static func declaredTarget(
        kind: DeclaredTarget.Kind, line: Int, arguments: [LabeledArgument]
    ) throws(ManifestReadingError) -> DeclaredTarget {
        guard let name = arguments.first(where: { $0.label == "name" })?.stringValue else {
            throw ManifestReadingError(description: "Package.swift:\(line): a .\(kind.rawValue)( without name:")
        }
        var dependencies: [DeclaredDependency] = []
        if let list = arguments.first(where: { $0.label == "dependencies" }) {
            dependencies = try dependencyList(list.tokens, target: name, line: line)
        }
        let path = arguments.first(where: { $0.label == "path" })?.stringValue
        return DeclaredTarget(name: name, kind: kind, dependencies: dependencies, path: path, line: line)
    }

    private static func dependencyList(
        _ tokens: [ManifestToken], target: String, line: Int
    ) throws(ManifestReadingError) -> [DeclaredDependency] {
        guard tokens.first?.text == "[", tokens.last?.text == "]" else {
            throw ManifestReadingError(
                description: "Package.swift:\(line): \(target)'s dependencies are not a list literal [\"…\", …]")
        }
        var dependencies: [DeclaredDependency] = []
        for element in splitAtTopLevelCommas(Array(tokens.dropFirst().dropLast())) {
            dependencies.append(try dependency(element, target: target, line: line))
        }
        return dependencies
    }

    private static func dependency(
        _ tokens: [ManifestToken], target: String, line: Int
    ) throws(ManifestReadingError) -> DeclaredDependency {
        if tokens.count == 1, let name = tokens[0].stringValue {
            return .target(name)
        }
        if tokens.count >= 3, tokens[0].text == ".", tokens[2].text == "(" {
            let arguments = try callArguments(openingAt: 2, in: tokens).arguments
            let name = arguments.first(where: { $0.label == "name" })?.stringValue
            switch (tokens[1].text, name) {
            case ("target", .some(let name)), ("byName", .some(let name)):
                return .target(name)
            case ("product", .some(let name)):
                let package = arguments.first(where: { $0.label == "package" })?.stringValue ?? name
                return .product(name: name, package: package)
            default:
                break
            }
        }
        let written = tokens.map(\.text).joined(separator: " ")
        throw ManifestReadingError(
            description: "Package.swift:\(line): \(target) has a dependency I cannot read: \(written)")
    }

    /// The arguments of the call whose `(` is at `openingIndex`, and the index of its `)`.
    private static func callArguments(
        openingAt openingIndex: Int, in tokens: [ManifestToken]
    ) throws(ManifestReadingError) -> (arguments: [LabeledArgument], end: Int) {
        var depth = 0
        for index in openingIndex..<tokens.count {
            switch tokens[index].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
            if depth == 0 {
                let inside = Array(tokens[(openingIndex + 1)..<index])
                return (splitAtTopLevelCommas(inside).map(LabeledArgument.init), index)
            }
        }
        throw ManifestReadingError(
            description: "Package.swift:\(tokens[openingIndex].line): a call that is never closed")
    }

    private static func splitAtTopLevelCommas(_ tokens: [ManifestToken]) -> [[ManifestToken]] {
        var pieces: [[ManifestToken]] = []
        var current: [ManifestToken] = []
        var depth = 0
        for token in tokens {
            switch token.text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: break
            }
            if token.text == "," && depth == 0 {
                pieces.append(current)
                current = []
            } else {
                current.append(token)
            }
        }
        // A trailing comma leaves an empty last piece, which is no argument.
        if !current.isEmpty { pieces.append(current) }
        return pieces
    }
}

/// One argument of a call: `label: value`, or just a value.
private struct LabeledArgument {
    let label: String?
    let tokens: [ManifestToken]

    init(_ tokens: [ManifestToken]) {
        if tokens.count >= 2, tokens[0].isIdentifier, tokens[1].text == ":" {
            label = tokens[0].text
            self.tokens = Array(tokens.dropFirst(2))
        } else {
            label = nil
            self.tokens = tokens
        }
    }

    var stringValue: String? {
        tokens.count == 1 ? tokens[0].stringValue : nil
    }
}

/// A word, a string literal or a single punctuation character of the manifest.
private struct ManifestToken {
    let text: String
    let line: Int

    var isIdentifier: Bool {
        text.first.map { $0.isLetter || $0 == "_" } ?? false
    }

    /// The contents of a plain string literal; nil for anything else.
    var stringValue: String? {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return nil }
        return String(text.dropFirst().dropLast())
    }

    static func tokens(of lines: [String]) -> [ManifestToken] {
        var tokens: [ManifestToken] = []
        for (offset, line) in lines.enumerated() {
            let characters = Array(line)
            let lineNumber = offset + 1
            var index = 0
            while index < characters.count {
                let character = characters[index]
                if character.isWhitespace {
                    index += 1
                } else if character == "\"" {
                    // Target names and paths never hold quotes or escapes; read to the next quote.
                    var end = index + 1
                    while end < characters.count && characters[end] != "\"" { end += 1 }
                    let stop = min(end + 1, characters.count)
                    tokens.append(ManifestToken(text: String(characters[index..<stop]), line: lineNumber))
                    index = stop
                } else if character.isLetter || character.isNumber || character == "_" {
                    var end = index
                    while end < characters.count
                        && (characters[end].isLetter || characters[end].isNumber || characters[end] == "_")
                    {
                        end += 1
                    }
                    tokens.append(ManifestToken(text: String(characters[index..<end]), line: lineNumber))
                    index = end
                } else {
                    tokens.append(ManifestToken(text: String(character), line: lineNumber))
                    index += 1
                }
            }
        }
        return tokens
    }
}
