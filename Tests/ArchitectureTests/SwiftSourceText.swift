/// Just enough of Swift's lexical rules to read imports, the manifest and
/// identifiers without being fooled by comments: a commented-out
/// `import AdapterHTTP` or a `// TokenManager` note must not count, and a
/// `"http://…"` string must not be mistaken for the start of a comment.
enum SwiftSourceText {
    /// The text's lines with every comment blanked out and string literals
    /// kept, so that line numbers still match the file.
    static func codeLines(of text: String) -> [String] {
        let characters = Array(text)
        var code = ""
        var index = 0
        var blockCommentDepth = 0
        var openString: StringLiteralDelimiter?

        func next(_ offset: Int) -> Character? {
            index + offset < characters.count ? characters[index + offset] : nil
        }

        while index < characters.count {
            let character = characters[index]

            if blockCommentDepth > 0 {
                // Block comments nest in Swift; only newlines survive so lines stay numbered.
                if character == "/" && next(1) == "*" {
                    blockCommentDepth += 1
                    index += 2
                } else if character == "*" && next(1) == "/" {
                    blockCommentDepth -= 1
                    index += 2
                } else {
                    if character == "\n" { code.append("\n") }
                    index += 1
                }
                continue
            }

            if let delimiter = openString {
                if !delimiter.isRaw && character == "\\" {
                    // An escaped character never closes the literal.
                    code.append(character)
                    if let escaped = next(1) { code.append(escaped) }
                    index += 2
                    continue
                }
                if delimiter.closes(at: index, in: characters) {
                    let closing = delimiter.closingLength
                    code.append(contentsOf: characters[index..<index + closing])
                    index += closing
                    openString = nil
                    continue
                }
                code.append(character)
                index += 1
                continue
            }

            if character == "/" && next(1) == "/" {
                while index < characters.count && characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/" && next(1) == "*" {
                blockCommentDepth = 1
                index += 2
                continue
            }
            if let delimiter = StringLiteralDelimiter.opening(at: index, in: characters) {
                code.append(contentsOf: characters[index..<index + delimiter.openingLength])
                index += delimiter.openingLength
                openString = delimiter
                continue
            }
            code.append(character)
            index += 1
        }
        return code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

/// How a string literal opened: `"`, `"""`, or either behind `#` signs (a raw string).
private struct StringLiteralDelimiter {
    let hashCount: Int
    let isMultiline: Bool

    var isRaw: Bool { hashCount > 0 }
    var openingLength: Int { hashCount + (isMultiline ? 3 : 1) }
    var closingLength: Int { openingLength }

    static func opening(at index: Int, in characters: [Character]) -> StringLiteralDelimiter? {
        var cursor = index
        while cursor < characters.count && characters[cursor] == "#" { cursor += 1 }
        guard cursor < characters.count, characters[cursor] == "\"" else { return nil }
        let hashCount = cursor - index
        let isMultiline =
            cursor + 2 < characters.count && characters[cursor + 1] == "\"" && characters[cursor + 2] == "\""
        return StringLiteralDelimiter(hashCount: hashCount, isMultiline: isMultiline)
    }

    func closes(at index: Int, in characters: [Character]) -> Bool {
        let quotes = isMultiline ? 3 : 1
        guard index + quotes + hashCount <= characters.count else { return false }
        for offset in 0..<quotes where characters[index + offset] != "\"" { return false }
        for offset in 0..<hashCount where characters[index + quotes + offset] != "#" { return false }
        return true
    }
}
