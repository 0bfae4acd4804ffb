@testable import GatehouseApp

/// Records what a command wrote, so tests read the output without a terminal.
@MainActor
final class Transcript {
    private(set) var output: [String] = []
    /// `output` with the interactive session's wrapping undone: a line that
    /// goes on (a line break and a two-column indent) joined to the one
    /// before, as the message was before it was wrapped to the terminal.
    var unwrappedOutput: [String] { output.map { $0.replacingOccurrences(of: "\n  ", with: " ") } }
    private(set) var errors: [String] = []
    private(set) var prompts: [String] = []
    /// Every piece the console wrote, in order: what reached the writer, escaped.
    private(set) var pieces: [Console.Output] = []

    var console: Console {
        Console { [unowned self] piece in
            pieces.append(piece)
            switch piece {
            case .line(let text): output.append(text)
            case .error(let text): errors.append(text)
            case .text(let text): prompts.append(text)
            case .status, .control: break
            }
        }
    }

    /// Everything as a terminal would have been sent it, stdout and stderr together.
    var written: String { pieces.map(\.written).joined() }

    var text: String { output.joined(separator: "\n") }
    var errorText: String { errors.joined(separator: "\n") }

    /// A command line app whose stdin is the given lines (a terminal) or text (a pipe).
    func app(lines: [String] = [], pipedInput: String? = nil) -> CommandLineApp {
        CommandLineApp(
            console: console, stdinIsTerminal: pipedInput == nil, lines: .lines(lines),
            readAllInput: { pipedInput ?? "" })
    }

    /// Whether `word` appears in the output with no letter or digit either side.
    func contains(wholeWord word: String) -> Bool {
        let all = (output + errors + prompts).joined(separator: "\n")
        var searchStart = all.startIndex
        while let range = all.range(of: word, range: searchStart..<all.endIndex) {
            let before = range.lowerBound == all.startIndex ? nil : all[all.index(before: range.lowerBound)]
            let after = range.upperBound == all.endIndex ? nil : all[range.upperBound]
            let isWordCharacter = { (character: Character?) in character.map { $0.isLetter || $0.isNumber } ?? false }
            if !isWordCharacter(before), !isWordCharacter(after) { return true }
            searchStart = range.upperBound
        }
        return false
    }
}
