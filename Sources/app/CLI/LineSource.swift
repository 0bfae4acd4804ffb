/// Where interactive mode gets its next line: the terminal, or a list (tests).
@MainActor
struct LineSource {
    /// The next line; nil at end of input.
    let next: () async -> String?

    static func standardInput() -> LineSource {
        LineSource { await StandardInput.nextLine() }
    }

    static func lines(_ lines: [String]) -> LineSource {
        let queue = LineQueue(lines)
        return LineSource { queue.pop() }
    }
}

/// A list of lines handed out one at a time.
@MainActor
private final class LineQueue {
    private var lines: ArraySlice<String>

    init(_ lines: [String]) {
        self.lines = lines[...]
    }

    func pop() -> String? { lines.popFirst() }
}
