/// A whole script, read before any of it runs: a script with a line the
/// language does not know fails at once, naming every such line, instead of
/// after the lines before it have driven the app.
struct ParsedScript: Sendable, Equatable {
    /// A command and where it was written.
    struct Line: Sendable, Equatable {
        /// 1-based, as an editor counts.
        let number: Int
        /// The line as written, trimmed.
        let text: String
        let command: ScriptCommand
    }

    /// A line that could not be understood.
    struct Problem: Sendable, Equatable {
        let number: Int
        let message: String
    }

    let lines: [Line]
    let problems: [Problem]

    init(parsing script: String) {
        var lines: [Line] = []
        var problems: [Problem] = []
        for (index, text) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            do {
                guard let command = try ScriptParser.parse(String(text)) else { continue }
                lines.append(Line(number: index + 1, text: text.trimmingCharacters(in: .whitespacesAndNewlines), command: command))
            } catch {
                problems.append(Problem(number: index + 1, message: error.message))
            }
        }
        self.lines = lines
        self.problems = problems
    }
}
