import DomainCore

/// A whole script, read before any of it runs: a script with a line the
/// language does not know fails at once, naming every such line, instead of
/// after the lines before it have driven the app. A script with no command
/// fails too (it would check nothing), and so does a `# locale:` line that is
/// not at the head (the language is the whole script's) or names a language
/// the app does not have. A `quit` or `exit` line ends the script there, as
/// it ends an interactive session: what follows is not read, and a script
/// that says only `quit` has said what it means (`echo quit | app`).
struct ParsedScript: Sendable, Equatable {
    /// A command and where it was written.
    struct Line: Sendable, Equatable {
        /// 1-based, as an editor counts.
        let number: Int
        /// The line as written, trimmed.
        let text: String
        let command: ScriptCommand
    }

    /// A line that could not be understood, or (number nil) the script as a whole.
    struct Problem: Sendable, Equatable {
        let number: Int?
        let message: String
    }

    static let noCommands = "the script has no commands: it would check nothing"

    let lines: [Line]
    let problems: [Problem]

    init(parsing script: String) {
        var lines: [Line] = []
        var problems: [Problem] = []
        var quits = false
        for (index, text) in ScriptLines.of(script).enumerated() {
            if ScriptParser.ends(String(text)) {
                quits = true
                break
            }
            if let problem = Self.localeProblem(in: String(text), afterCommands: !lines.isEmpty) {
                problems.append(Problem(number: index + 1, message: problem))
                continue
            }
            do {
                guard let command = try ScriptParser.parse(String(text)) else { continue }
                lines.append(
                    Line(
                        number: index + 1, text: text.trimmingCharacters(in: .whitespacesAndNewlines), command: command)
                )
            } catch {
                problems.append(Problem(number: index + 1, message: error.message))
            }
        }
        if lines.isEmpty, problems.isEmpty, !quits { problems.append(Problem(number: nil, message: Self.noCommands)) }
        self.lines = lines
        self.problems = problems
    }

    /// What is wrong with `text` as a `# locale: TAG` line; nil when it is
    /// none, or a good one at the head.
    private static func localeProblem(in text: String, afterCommands: Bool) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#") else { return nil }
        let words = trimmed.dropFirst().split(separator: " ")
        guard let first = words.first, first == "locale:" else { return nil }
        if afterCommands {
            return "a '# locale:' line belongs at the head of the script, before its first command"
        }
        guard words.count == 2, AppLocale(rawValue: String(words[1])) != nil else {
            let named = words.dropFirst().joined(separator: " ")
            return "unknown locale '\(named)' in '# locale:': use \(AppLocale.tags.joined(separator: ", "))"
        }
        return nil
    }
}
