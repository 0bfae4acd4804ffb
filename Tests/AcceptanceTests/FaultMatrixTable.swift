import Foundation

/// The expected outcome of every phase × fault, read from the table in
/// `docs/fault-matrix.md`: the docs are the test's data, so the table a reader
/// sees is the one that holds.
struct FaultMatrixTable: Sendable {
    /// One row: a phase × fault and what the user is left with.
    struct Row: Sendable, Equatable {
        let phase: String
        let fault: String
        let screen: String
        let state: String
        let storedSession: Bool
        let localData: Bool
        /// A text on the screen the user is left on.
        let text: String
        /// The session event the user's action leads to, as a script's
        /// `expect event` names it (`session-ended reason token-invalid`),
        /// or `none`.
        let event: String
    }

    /// Why the table could not be read.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/fault-matrix.md").path

    static let header = [
        "phase", "fault", "screen", "state", "stored session", "local data", "the user reads", "event",
    ]

    let rows: [Row]

    /// The rows of the table whose header is `header`; any other table of the
    /// page is ignored. A row with the wrong number of cells, an unknown
    /// yes/no, or a phase × fault given twice is a problem.
    init(markdown: String) throws(Problem) {
        var rows: [Row] = []
        var inTable = false
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("|") else {
                inTable = false
                continue
            }
            let cells = Self.cells(of: trimmed)
            if cells == Self.header {
                inTable = true
                continue
            }
            guard inTable, !cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" } }) else { continue }
            let rowLocation = "docs/fault-matrix.md:\(index + 1)"
            guard cells.count == Self.header.count else {
                throw Problem(description: "\(rowLocation): \(cells.count) cells, the table has \(Self.header.count)")
            }
            guard let stored = Self.yesNo(cells[4]), let local = Self.yesNo(cells[5]) else {
                throw Problem(description: "\(rowLocation): stored session and local data are yes or no")
            }
            guard !cells[0].isEmpty, !cells[1].isEmpty, !cells[2].isEmpty, !cells[3].isEmpty, !cells[6].isEmpty,
                !cells[7].isEmpty
            else {
                throw Problem(description: "\(rowLocation): every cell must be filled")
            }
            let row = Row(
                phase: cells[0], fault: cells[1], screen: cells[2], state: cells[3], storedSession: stored,
                localData: local, text: cells[6], event: cells[7])
            guard !rows.contains(where: { $0.phase == row.phase && $0.fault == row.fault }) else {
                throw Problem(description: "\(rowLocation): \(row.phase) × \(row.fault) is given twice")
            }
            rows.append(row)
        }
        self.rows = rows
    }

    static func load() throws -> FaultMatrixTable {
        try FaultMatrixTable(markdown: String(contentsOfFile: path, encoding: .utf8))
    }

    func row(phase: String, fault: String) -> Row? {
        rows.first { $0.phase == phase && $0.fault == fault }
    }

    /// A row's cells, without the pipes and the backticks around code.
    private static func cells(of line: String) -> [String] {
        var inner = Substring(line).dropFirst()
        if inner.hasSuffix("|") { inner = inner.dropLast() }
        return inner.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        }
    }

    private static func yesNo(_ text: String) -> Bool? {
        switch text {
        case "yes": true
        case "no": false
        default: nil
        }
    }
}
