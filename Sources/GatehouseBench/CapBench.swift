/// The `cap` scenario: what the token manager's limit of calls in flight
/// costs when nothing needs it — a storm on a fresh token with the cap
/// against the same without it (`CapStorm`), and the manager's own cost per
/// call, alone and under 64 concurrent callers (`AuthorizedCallCost`).
struct CapBench {
    let plan: BenchPlan

    func run() async -> BenchScenarioReport {
        let size = plan.capCallCost
        let setup =
            "in memory, fresh token: storms of N = \(plan.capStormSize) with the cap of "
            + "\(StormBench.connectionsPerHost) and without, \(plan.capStormTrials) of each, alternating; "
            + "authorized { _ in 1 } on the in-memory app's token manager, \(size.blocks) blocks of "
            + "\(size.sequentialCalls) sequential calls and of \(size.concurrentCallers) × \(size.callsPerCaller) concurrent"
        var rows: [BenchRow] = []
        do throws(BenchSetupError) {
            rows += try await CapStorm.rows(size: plan.capStormSize, trials: plan.capStormTrials)
            rows += try await AuthorizedCallCost.rows(size)
        } catch {
            return BenchScenarioReport(scenario: "cap", setup: setup, rows: rows, failure: error.description)
        }
        return BenchScenarioReport(scenario: "cap", setup: setup, rows: rows)
    }
}
