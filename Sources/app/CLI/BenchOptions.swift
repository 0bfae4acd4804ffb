import Composition
import GatehouseBench

/// `app bench`'s flags, parsed and checked.
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

    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var named: [BenchPlan.Scenario] = []
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            switch flag {
            case "--quick": options.quick = true
            case "--json": options.json = true
            case "--svg":
                guard let directory = remaining.popFirst(), !directory.hasPrefix("--"), !directory.isEmpty else {
                    throw UsageError("option --svg needs a directory", helpTopic: "bench")
                }
                options.svgDirectory = directory
            case "--scenario":
                guard let name = remaining.popFirst() else {
                    throw UsageError("option --scenario needs one of \(scenarioNames)", helpTopic: "bench")
                }
                guard let scenario = BenchPlan.Scenario(rawValue: name) else {
                    throw UsageError("unknown scenario '\(name)': scenarios are \(scenarioNames)", helpTopic: "bench")
                }
                if !named.contains(scenario) { named.append(scenario) }
            default:
                throw UsageError("unknown option '\(flag)' for bench", helpTopic: "bench")
            }
        }
        if !named.isEmpty {
            // Always in the bench's own order, whatever order they were named in.
            options.scenarios = BenchPlan.Scenario.allCases.filter(named.contains)
        }
        return options
    }
}
