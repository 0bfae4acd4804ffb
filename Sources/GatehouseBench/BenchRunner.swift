/// Runs the scenarios of a plan one after another in this process and
/// collects their reports. `progress` hears a line when each scenario starts
/// and ends (the command prints them as they come).
@MainActor
public struct BenchRunner {
    public let plan: BenchPlan
    private let progress: (String) -> Void

    public init(plan: BenchPlan, progress: @escaping (String) -> Void) {
        self.plan = plan
        self.progress = progress
    }

    public func run() async -> BenchReport {
        var reports: [BenchScenarioReport] = []
        for scenario in plan.scenarios {
            progress("\(scenario.rawValue): running…")
            let started = ContinuousClock.now
            let report = await run(scenario)
            let wall = (ContinuousClock.now - started).benchSeconds
            let finished = BenchScenarioReport(
                scenario: report.scenario, setup: report.setup, rows: report.rows, failure: report.failure,
                wallSeconds: wall)
            reports.append(finished)
            var line =
                "\(scenario.rawValue): done in \(BenchFormat.fixed(wall, 1)) s — "
                + "\(finished.passCount) pass, \(finished.shortCount) short"
            if let failure = finished.failure { line += "; could not finish: \(failure)" }
            progress(line)
        }
        return BenchReport(quick: plan.quick, scenarios: reports)
    }

    private func run(_ scenario: BenchPlan.Scenario) async -> BenchScenarioReport {
        switch scenario {
        case .storm: return await StormBench(plan: plan).run()
        case .overhead: return await OverheadBench(plan: plan).run()
        case .cap: return await CapBench(plan: plan).run()
        case .bootstrap: return await BootstrapBench(plan: plan).run()
        case .soak: return await SoakBench(plan: plan).run()
        case .day: return await DayBench(plan: plan).run()
        case .launch: return await LaunchBench(plan: plan).run()
        case .server: return await ServerBench(plan: plan).run()
        case .pin: return await PINBench(plan: plan).run()
        case .signature: return await SignatureBench(plan: plan).run()
        case .processes: return await SharedStoreBench(plan: plan).run()
        case .store: return await StoreReadBench(plan: plan).run()
        }
    }
}
