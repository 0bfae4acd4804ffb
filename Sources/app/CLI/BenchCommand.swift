import Composition
import GatehouseBench
import Foundation

/// `app bench`: runs the scenarios in this process, a progress line per
/// scenario as it starts and ends, then the table with each goal beside its
/// figure (or the report as JSON); `--svg DIR` writes the charts. Exits 0
/// when the run finished, whatever the verdicts ("short" is a finding, not
/// an error); 1 when a scenario could not finish or the charts could not be
/// written.
@MainActor
struct BenchCommand {
    let options: BenchOptions
    let console: Console

    func run() async -> Int32 {
        // With --json, stdout carries the JSON alone.
        let progress: (String) -> Void = options.json ? { console.error("bench: \($0)") } : { console.print($0) }
        progress(
            "Gatehouse bench\(options.quick ? " (quick)" : "") — "
                + "\(options.plan.scenarios.map(\.rawValue).joined(separator: ", ")); "
                + "build with -c release for figures worth comparing")
        fflush(nil)
        var plan = options.plan
        // The `processes` scenario's workers are this executable's hidden `session-worker`.
        plan.workerExecutable = Bundle.main.executablePath ?? CommandLine.arguments.first
        let report = await BenchRunner(plan: plan) { line in
            progress(line)
            fflush(nil)
        }.run()
        var exitCode = report.scenarios.contains { $0.failure != nil } ? ExitCode.failure : ExitCode.success
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(report) {
                console.print(String(decoding: data, as: UTF8.self))
            } else {
                console.error("app bench: the report could not be written as JSON")
                exitCode = ExitCode.failure
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
                console.error("app bench: \(error.description)")
                exitCode = ExitCode.failure
            }
        }
        fflush(nil)
        return exitCode
    }
}
