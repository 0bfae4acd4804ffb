// Compiled into the app module (without main.swift) by scripts/fuzz:
// ScriptParser and ParsedScript are internal.

/// Any text as an `app run` script, through `ParsedScript(parsing:)`.
///
/// Properties:
/// - parsing is deterministic;
/// - every command's and every problem's line number is within the script's
///   line count, in increasing order, and no line is both a command and a
///   problem;
/// - each command is what its line, as recorded, parses to on its own: the
///   recorded text re-renders the command (comments and spacing aside);
/// - a line that is neither blank nor a comment is a command or a problem;
/// - a problem of the script as a whole (no line number: nothing to run) is
///   reported exactly when no line is a command or a problem, and alone;
/// - a script with no carriage return parses as its CRLF twin does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let script = String(decoding: fuzzInput(start, count), as: UTF8.self)
    let parsed = ParsedScript(parsing: script)
    fuzzRequire(ParsedScript(parsing: script) == parsed, "parsing the same script twice differs")

    if !script.unicodeScalars.contains("\r") {
        let crlf = script.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n")
        fuzzRequire(ParsedScript(parsing: crlf) == parsed, "the script's CRLF twin parses otherwise")
    }

    let sourceLines = ScriptLines.of(script)
    let commandNumbers = parsed.lines.map(\.number)
    let problemNumbers = parsed.problems.compactMap(\.number)
    let wholeScriptProblems = parsed.problems.count - problemNumbers.count
    let nothingOnAnyLine = parsed.lines.isEmpty && problemNumbers.isEmpty
    fuzzRequire(
        wholeScriptProblems == (nothingOnAnyLine ? 1 : 0),
        "\(wholeScriptProblems) whole-script problems, with \(parsed.lines.count) commands and \(problemNumbers.count) line problems"
    )
    for numbers in [commandNumbers, problemNumbers] {
        fuzzRequire(
            numbers.allSatisfy { (1...sourceLines.count).contains($0) }, "a line number beyond \(sourceLines.count)")
        fuzzRequire(zip(numbers, numbers.dropFirst()).allSatisfy { $0 < $1 }, "line numbers out of order")
    }
    fuzzRequire(Set(commandNumbers).isDisjoint(with: problemNumbers), "a line both a command and a problem")

    for line in parsed.lines {
        let alone = try? ScriptParser.parse(line.text)
        fuzzRequire(alone == line.command, "line \(line.number)'s text does not parse to its command on its own")
    }
    let reported = Set(commandNumbers).union(problemNumbers)
    for (index, text) in sourceLines.enumerated() where !reported.contains(index + 1) {
        fuzzRequire(
            (try? ScriptParser.parse(String(text))) == .some(nil),
            "line \(index + 1) is neither blank, a command nor a problem")
    }
    return 0
}
