/// The line being typed at the interactive prompt, as a pure state machine:
/// keys in, the line and what to do out. It moves the cursor (left/right,
/// home/end), edits (backspace, delete, Ctrl-K/U/W), walks the session's
/// history (up/down) and completes the word before the cursor (Tab) from
/// candidates the session gives it. It knows no terminal: `TerminalPrompt`
/// feeds it keys and draws `display`.
///
/// Secrets: the value of a line that may hold one (`SecretLine`: `type
/// password …`, but also `type pasword …` or `typ password …`) is shown as
/// bullets (`display`), is never completed, and the line is never kept in
/// the history.
struct LineEditor {
    /// What a key asks the prompt to do, beyond drawing the line again.
    enum Outcome: Sendable, Equatable {
        /// Draw the line again (it or its cursor changed, or nothing did).
        case redraw
        /// The line is done: hand it to the session.
        case submit(String)
        /// Ctrl-C: the line is dropped; start a fresh one.
        case cancelled
        /// Ctrl-D on an empty line.
        case endOfInput
        /// Ctrl-L: clear the screen, then draw the line.
        case clearScreen
        /// Tab with several candidates and nothing more in common: list them.
        case showCandidates([String])
        /// Nothing to do for this key (Tab with no candidate, left at the start, …).
        case bell
        /// A character past `longestLine`: not taken. The prompt says so
        /// once a line, and draws nothing for it, so a paste however long
        /// costs time in proportion to its length.
        case lineFull
    }

    /// The most characters a line holds: far more than any command needs
    /// (a name is at most 100), few enough that drawing the line after a
    /// burst of keys costs little whatever was pasted.
    static let longestLine = 4_096

    /// The candidates for the word being typed, given the words before it
    /// (complete ones); the editor keeps those that start with what is typed.
    typealias Completer = (_ wordsBefore: [String]) -> [String]

    private(set) var characters: [Character] = []
    /// 0...characters.count.
    private(set) var cursor = 0
    /// Lines submitted this session, oldest first; never a secret's.
    private(set) var history: [String] = []
    /// Where up/down stand in the history; nil while editing the new line.
    private var historyIndex: Int?
    /// The new line, kept while walking the history.
    private var draft: [Character] = []
    private let completer: Completer

    init(completer: @escaping Completer = { _ in [] }) {
        self.completer = completer
    }

    var line: String { String(characters) }

    /// The line as the terminal shows it (a secret value as bullets), and the
    /// cursor's column in it.
    var display: (text: String, cursor: Int) {
        guard let start = SecretLine.valueStart(in: characters) else { return (line, cursor) }
        let shown = characters[..<start] + Array(repeating: "•", count: characters.count - start)
        return (String(shown), cursor)
    }

    mutating func handle(_ key: TerminalKey) -> Outcome {
        switch key {
        case .character(let character):
            guard characters.count < Self.longestLine else { return .lineFull }
            characters.insert(character, at: cursor)
            cursor += 1
        case .left:
            guard cursor > 0 else { return .bell }
            cursor -= 1
        case .right:
            guard cursor < characters.count else { return .bell }
            cursor += 1
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return .bell }
            cursor -= 1
            characters.remove(at: cursor)
        case .delete:
            guard cursor < characters.count else { return .bell }
            characters.remove(at: cursor)
        case .killToEnd: characters.removeSubrange(cursor...)
        case .killToStart:
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .killWord:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up: return walkHistory(by: -1)
        case .down: return walkHistory(by: 1)
        case .tab: return complete()
        case .clearScreen: return .clearScreen
        case .cancel:
            reset()
            return .cancelled
        case .endOfInput:
            guard characters.isEmpty else { return handle(.delete) }
            return .endOfInput
        case .enter:
            let submitted = line
            remember(submitted)
            reset()
            return .submit(submitted)
        }
        return .redraw
    }

    // MARK: - History

    private mutating func remember(_ submitted: String) {
        let trimmed = submitted.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !SecretLine.holdsSecret(submitted), history.last != submitted else { return }
        history.append(submitted)
    }

    private mutating func walkHistory(by step: Int) -> Outcome {
        let current = historyIndex ?? history.count
        let target = current + step
        guard target >= 0, target <= history.count, target != current else { return .bell }
        if historyIndex == nil { draft = characters }
        if target == history.count {
            historyIndex = nil
            characters = draft
        } else {
            historyIndex = target
            characters = Array(history[target])
        }
        cursor = characters.count
        return .redraw
    }

    private mutating func reset() {
        characters = []
        cursor = 0
        historyIndex = nil
        draft = []
    }

    // MARK: - Completion

    private mutating func complete() -> Outcome {
        let before = characters[..<cursor]
        let partialStart = before.lastIndex(of: " ").map { $0 + 1 } ?? 0
        let partial = String(before[partialStart...])
        let wordsBefore = before[..<partialStart].split(separator: " ").map { String($0) }
        // A secret's value is never completed.
        if let start = SecretLine.valueStart(in: characters), partialStart >= start { return .bell }
        let candidates = Array(Set(completer(wordsBefore).filter { $0.hasPrefix(partial) })).sorted()
        guard let first = candidates.first else { return .bell }
        if candidates.count == 1 {
            insert(String(first.dropFirst(partial.count)) + " ")
            return .redraw
        }
        let common = candidates.dropFirst().reduce(first) { $0.commonPrefix(with: $1) }
        guard common.count > partial.count else { return .showCandidates(candidates) }
        insert(String(common.dropFirst(partial.count)))
        return .redraw
    }

    private mutating func insert(_ text: String) {
        let taken = text.prefix(max(0, Self.longestLine - characters.count))
        characters.insert(contentsOf: taken, at: cursor)
        cursor += taken.count
    }
}

extension String {
    fileprivate func commonPrefix(with other: String) -> String {
        String(zip(self, other).prefix { $0 == $1 }.map(\.0))
    }
}
