/// Whether a figure meets its goal.
public enum BenchVerdict: String, Sendable, Codable, Hashable {
    case pass
    /// The figure falls short of its goal: printed as it is, never hidden.
    case short
}

/// One line of a scenario's results: what was measured, the figures, and
/// the goal beside them (nil when the line only informs).
public struct BenchRow: Sendable, Codable, Hashable {
    /// The case measured, e.g. `http reactive N=100 gatehouse`.
    public let label: String
    /// The figures as a person reads them.
    public let figures: String
    /// The goal, as the issue states it; nil for a line with no goal.
    public let goal: String?
    public let verdict: BenchVerdict?
    /// The figures as numbers, for `--json` and the charts (durations in
    /// seconds, rates per second, counts as they are).
    public let numbers: [String: Double]

    public init(
        label: String, figures: String, goal: String? = nil, verdict: BenchVerdict? = nil,
        numbers: [String: Double] = [:]
    ) {
        self.label = label
        self.figures = figures
        self.goal = goal
        self.verdict = verdict
        self.numbers = numbers
    }

    /// A row whose goal is met when `met` holds.
    public init(label: String, figures: String, goal: String, met: Bool, numbers: [String: Double] = [:]) {
        self.init(label: label, figures: figures, goal: goal, verdict: met ? .pass : .short, numbers: numbers)
    }
}

/// What one scenario measured.
public struct BenchScenarioReport: Sendable, Codable, Hashable {
    public let scenario: String
    /// How the scenario was run (sizes, trials), in a sentence.
    public let setup: String
    public let rows: [BenchRow]
    /// Why the scenario could not run to the end, when it could not.
    public let failure: String?
    public let wallSeconds: Double

    public init(scenario: String, setup: String, rows: [BenchRow], failure: String? = nil, wallSeconds: Double = 0) {
        self.scenario = scenario
        self.setup = setup
        self.rows = rows
        self.failure = failure
        self.wallSeconds = wallSeconds
    }

    public var shortCount: Int { rows.filter { $0.verdict == .short }.count }
    public var passCount: Int { rows.filter { $0.verdict == .pass }.count }
}

/// The whole run: every scenario's rows, and how it was run.
public struct BenchReport: Sendable, Codable, Hashable {
    public let quick: Bool
    public let scenarios: [BenchScenarioReport]

    public init(quick: Bool, scenarios: [BenchScenarioReport]) {
        self.quick = quick
        self.scenarios = scenarios
    }

    /// The final table: one block per scenario, one line per row, the goal
    /// and its verdict beside each figure.
    public var table: String {
        var lines: [String] = []
        for scenario in scenarios {
            lines.append("== \(scenario.scenario) — \(scenario.setup)")
            if let failure = scenario.failure { lines.append("   could not finish: \(failure)") }
            let width = scenario.rows.map(\.label.count).max() ?? 0
            for row in scenario.rows {
                let label = row.label.padding(toLength: width, withPad: " ", startingAt: 0)
                var line = "   \(label)  \(row.figures)"
                if let goal = row.goal, let verdict = row.verdict {
                    line += "   [\(verdict.rawValue): \(goal)]"
                }
                lines.append(line)
            }
        }
        let passed = scenarios.map(\.passCount).reduce(0, +)
        let short = scenarios.map(\.shortCount).reduce(0, +)
        let failed = scenarios.filter { $0.failure != nil }.map(\.scenario)
        lines.append(
            "goals: \(passed) pass, \(short) short"
                + (failed.isEmpty ? "" : "; could not finish: \(failed.joined(separator: ", "))"))
        return lines.joined(separator: "\n")
    }
}
