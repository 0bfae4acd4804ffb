import Foundation

/// The `launch` scenario: the app as whole processes, the running `app`
/// executable spawned as a child (the release build when the bench is).
/// `app run` of a script that signs in and waits 24 hours (in memory, on
/// virtual time): the process's wall time, spawn to exit. And `app` started
/// in a terminal, timed to its first screen (`TerminalLaunch`). Each the
/// median of several runs.
struct LaunchBench {
    /// Signs Maria in, then a day passes signed in; every line is checked.
    static let dayScript = """
        # gatehouse-bench, launch scenario: sign in, then a day signed in.
        tap sign-in
        type identifier 123.456.789-09
        tap next
        type password 123456
        tap next
        expect screen dashboard
        wait 24h
        expect screen dashboard
        expect state authenticated

        """

    let plan: BenchPlan

    func run() async -> BenchScenarioReport {
        let setup =
            "the app executable spawned: app run of a sign-in + wait 24h script (in memory), spawn to exit, "
            + "median of \(plan.launchScriptRuns); app in a pseudo-terminal, spawn to its first screen "
            + "(the welcome screen's prompt written), median of \(plan.launchesToFirstScreen); hello-worlds "
            + "built beside it the same way (hello-foundation: Foundation; hello-networking: Foundation and "
            + "URLSession, as app links), to their prompt, median of \(plan.launchesToFirstScreen) each, launched in rounds "
            + "with the app's"
        guard let executable = plan.workerExecutable else {
            return BenchScenarioReport(
                scenario: "launch", setup: setup, rows: [],
                failure: "no app executable to start (build it beside gatehouse-bench: swift build -c release)")
        }
        var rows: [BenchRow] = []
        do throws(BenchSetupError) {
            let runs = plan.launchScriptRuns
            let count = plan.launchesToFirstScreen
            // Children are waited for off Swift's pool (`offThePool`).
            rows.append(
                try await offThePool { () throws(BenchSetupError) in try Self.dayRow(executable: executable, runs: runs)
                })
            // The app and the yardsticks built beside it, launched the same
            // way in rounds — the app, then each yardstick — so that the
            // shared host's speed, which drifts, falls on all of them alike.
            let yardsticks = LaunchYardstick.allCases.filter {
                FileManager.default.isExecutableFile(atPath: $0.path(beside: executable))
            }
            let (launches, yardstickLaunches) = try await offThePool {
                () throws(BenchSetupError) -> ([Double], [LaunchYardstick: [Double]]) in
                var launches: [Double] = []
                var yardstickLaunches: [LaunchYardstick: [Double]] = [:]
                // One round first, unmeasured: the executables' pages in the file cache.
                for round in 0...count {
                    let app = try TerminalLaunch.secondsToFirstScreen(executable: executable)
                    if round > 0 { launches.append(app) }
                    for yardstick in yardsticks {
                        let seconds = try TerminalLaunch.secondsToFirstScreen(
                            executable: yardstick.path(beside: executable), prompt: TerminalLaunch.yardstickPrompt)
                        if round > 0 { yardstickLaunches[yardstick, default: []].append(seconds) }
                    }
                }
                return (launches, yardstickLaunches)
            }
            let launch = BenchDistribution(launches)
            let fastestLaunch = launches.min() ?? 0
            rows.append(
                BenchRow(
                    label: "launch to the first screen",
                    figures:
                        "median \(BenchFormat.milliseconds(launch.median)) (min \(BenchFormat.milliseconds(fastestLaunch)), "
                        + "\(launches.count) launches)",
                    goal: "≤ 20 ms", met: launch.median <= 0.020,
                    numbers: ["medianSeconds": launch.median, "minSeconds": fastestLaunch]))
            let medians = yardstickLaunches.mapValues { BenchDistribution($0).median }
            rows += Self.yardstickRows(app: launch.median, yardsticks: medians)
        } catch {
            return BenchScenarioReport(scenario: "launch", setup: setup, rows: rows, failure: error.description)
        }
        return BenchScenarioReport(scenario: "launch", setup: setup, rows: rows)
    }

    /// The most the app's first screen may take, in hello-worlds that link
    /// what it links (`LaunchYardstick.networking`) started the same way:
    /// what the app does before its first screen beyond any such program's
    /// start (the environment, the composition, the store's read, the
    /// screen) should cost at most half as much again.
    static let yardstickGoal = 1.5

    /// The app's first screen beside each yardstick's, as ratios. The goal
    /// is on the one that links what the app links; the Foundation-only one
    /// is shown beside it, with what URLSession's libraries cost on their
    /// own, for the part of the start no app that makes HTTP calls avoids.
    /// A yardstick not built gives a row that says so and meets nothing.
    static func yardstickRows(app: Double, yardsticks: [LaunchYardstick: Double]) -> [BenchRow] {
        LaunchYardstick.allCases.map { yardstick in
            let label = "the first screen beside \(yardstick.described)"
            let goal = yardstick.carriesTheGoal ? "≤ \(BenchFormat.fixed(yardstickGoal, 1))× its, same run" : nil
            guard let median = yardsticks[yardstick], median > 0 else {
                return BenchRow(
                    label: label,
                    figures: "not measured: \(yardstick.rawValue) is not built beside app (swift build -c release)",
                    goal: goal, verdict: goal == nil ? nil : .short)
            }
            let ratio = app / median
            var figures =
                "\(BenchFormat.milliseconds(app)) against its \(BenchFormat.milliseconds(median)) (medians): "
                + "\(BenchFormat.fixed(ratio, 2))×"
            var numbers = ["medianSeconds": app, "helloWorldSeconds": median, "ratio": ratio]
            if !yardstick.carriesTheGoal, let linked = yardsticks[.networking], linked > 0 {
                let floor = linked / median
                figures +=
                    "; linking URLSession alone takes a hello-world to \(BenchFormat.fixed(floor, 2))× it, "
                    + "which no app making HTTP calls here goes below"
                numbers["urlSessionFloor"] = floor
            }
            guard let goal else { return BenchRow(label: label, figures: figures, numbers: numbers) }
            return BenchRow(label: label, figures: figures, goal: goal, met: ratio <= yardstickGoal, numbers: numbers)
        }
    }

    /// `app run` of `dayScript`, `runs` times after one unmeasured run: the
    /// median wall time, each run required to exit 0 (every expectation held).
    static func dayRow(executable: String, runs: Int) throws(BenchSetupError) -> BenchRow {
        let directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("bench-day-\(UUID().uuidString)").path
        let script = directory + "/day.flow"
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try Data(dayScript.utf8).write(to: URL(fileURLWithPath: script))
        } catch {
            throw BenchSetupError("cannot write the day script: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var walls: [Double] = []
        for run in 0...runs {
            let started = ContinuousClock.now
            let child = try BenchChildProcess(
                executable: executable, arguments: ["run", script], variables: BenchChildProcess.plainVariables,
                input: .null, output: .createdFile(directory + "/run.out"), error: .createdFile(directory + "/run.err"))
            guard let status = child.waitForExit(within: .seconds(120)) else {
                throw BenchSetupError("app run of the day script did not end within 120 s")
            }
            let wall = (ContinuousClock.now - started).benchSeconds
            guard status == 0 else {
                throw BenchSetupError(
                    "app run of the day script exited \(status); its output ends: "
                        + BenchChildProcess.tail(of: directory + "/run.out"))
            }
            if run > 0 { walls.append(wall) }
        }
        let day = BenchDistribution(walls)
        let fastestDay = walls.min() ?? 0
        return BenchRow(
            label: "app run, sign in + wait 24h, whole process",
            figures:
                "median \(BenchFormat.milliseconds(day.median)) (min \(BenchFormat.milliseconds(fastestDay)), \(runs) runs)",
            goal: "< 0.2 s", met: day.median < 0.2, numbers: ["medianSeconds": day.median, "minSeconds": fastestDay])
    }
}
