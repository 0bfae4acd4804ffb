import Foundation
import GatehouseBench

/// `gatehouse-bench`: runs the scenarios in this process, a progress line per
/// scenario as it starts and ends, then the table with each goal beside its
/// figure (or the report as JSON); `--svg DIR` writes the charts. Exits 0
/// when the run finished, whatever the verdicts ("short" is a finding, not
/// an error); 1 when a scenario could not finish or the charts could not be
/// written.
@MainActor
struct BenchCommand {
    let options: BenchOptions
    let console: BenchConsole
    /// The app whose whole processes the launch, overhead, signature and
    /// processes scenarios start (and the processes scenario's workers).
    let appExecutable: String?

    func run() async -> Int32 {
        // With --json, stdout carries the JSON alone.
        let progress: (String) -> Void = options.json ? { console.error("bench: \($0)") } : { console.print($0) }
        progress(
            "Gatehouse bench\(options.quick ? " (quick)" : "") — "
                + "\(options.plan.scenarios.map(\.rawValue).joined(separator: ", ")); "
                + "build with -c release for figures worth comparing")
        fflush(nil)
        var plan = options.plan
        // The whole-process scenarios start the app (its `serve`, `run` and
        // hidden `session-worker`): the one built beside this program.
        plan.workerExecutable = appExecutable
        let report = await BenchRunner(plan: plan) { line in
            progress(line)
            fflush(nil)
        }.run()
        var exitCode: Int32 = report.scenarios.contains { $0.failure != nil } ? 1 : 0
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(report) {
                console.print(String(decoding: data, as: UTF8.self))
            } else {
                console.error("gatehouse-bench: the report could not be written as JSON")
                exitCode = 1
            }
        } else {
            console.print(report.table)
        }
        if let directory = options.svgDirectory {
            do {
                let written = try BenchCharts.write(report, to: directory)
                progress(
                    written.isEmpty
                        ? "no chart: neither storm nor overhead ran" : "charts: \(written.joined(separator: ", "))")
            } catch {
                console.error("gatehouse-bench: \(error.description)")
                exitCode = 1
            }
        }
        fflush(nil)
        return exitCode
    }
}
