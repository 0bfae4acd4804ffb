import GatehouseBench

/// `gatehouse-bench`'s flags, parsed and checked.
struct BenchOptions: Sendable, Equatable {
    /// The smoke run: seconds, small N.
    var quick = false
    /// The report as JSON on stdout (progress lines go to stderr).
    var json = false
    /// Where to write the charts (SVG), if anywhere.
    var svgDirectory: String?
    /// The scenarios to run, in their order; all when none is named.
    var scenarios: [BenchPlan.Scenario] = BenchPlan.Scenario.allCases

    var plan: BenchPlan { BenchPlan(quick: quick, scenarios: scenarios) }

    private static var scenarioNames: String {
        BenchPlan.Scenario.allCases.map(\.rawValue).joined(separator: ", ")
    }

    static func parse(_ arguments: [String]) throws(BenchUsageError) -> BenchOptions {
        var options = BenchOptions()
        var named: [BenchPlan.Scenario] = []
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            switch flag {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--svg":
                guard let directory = remaining.popFirst(), !directory.hasPrefix("--"), !directory.isEmpty else {
                    throw BenchUsageError("option --svg needs a directory")
                }
                options.svgDirectory = directory
            case "--scenario":
                guard let name = remaining.popFirst() else {
                    throw BenchUsageError("option --scenario needs one of \(scenarioNames)")
                }
                guard let scenario = BenchPlan.Scenario(rawValue: name) else {
                    throw BenchUsageError("unknown scenario '\(name)': scenarios are \(scenarioNames)")
                }
                if !named.contains(scenario) { named.append(scenario) }
            default:
                throw BenchUsageError("unknown option '\(flag)'")
            }
        }
        if !named.isEmpty {
            // Always in the bench's own order, whatever order they were named in.
            options.scenarios = BenchPlan.Scenario.allCases.filter(named.contains)
        }
        return options
    }
}

/// Why the command line could not be used: the problem, and where to read
/// the usage. It exits 2.
struct BenchUsageError: Error, Equatable, CustomStringConvertible {
    let problem: String

    init(_ problem: String) { self.problem = problem }

    var description: String { "gatehouse-bench: \(problem)\n\(BenchHelp.pointer)" }
}
