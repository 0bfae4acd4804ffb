import Foundation
import OperatingSystem

/// The `processes` scenario's stopped-holder rows (issue 41): two app
/// processes on one store, the first stopped (SIGSTOP, as Ctrl-Z or a
/// debugger) while it holds the lock in the middle of a refresh. Timed from
/// outside the workers, as a person meets it: the other window's call, which
/// must say "busy" instead of waiting; a window opened meanwhile, which must
/// reach its dashboard; and, the holder killed instead, the other's call,
/// which must go on. Counted once the stopped holder is continued: one
/// refresh, no token reused, no session lost.
public struct StoppedHolderBench {
    /// The most a person waits, with the holder stopped, before the other
    /// window says so or a new window shows the dashboard: two seconds is
    /// past "instant" but well short of "is it frozen?" — where the 30 s
    /// waits this replaces left people.
    static let busyAnswerGoalSeconds = 2.0
    /// The most the other window waits once the holder is killed: the
    /// kernel lets a dead holder's lock go at once.
    static let killedHolderGoalSeconds = 1.0

    let executable: String

    /// - Parameter executable: the `app` the workers run.
    public init(executable: String) {
        self.executable = executable
    }

    /// The rows: the stopped holder's three, then the killed holder's.
    public func rows() async throws -> [BenchRow] {
        try await stoppedRows() + killedRows()
    }

    private func stoppedRows() async throws -> [BenchRow] {
        let scene = try await HolderMidRefresh.start(executable: executable)
        defer { withExtendedLifetime(scene.fleet) {} }  // it owns the store directory
        scene.holder.signal(SIGSTOP)
        try await scene.answerTheHeldRefresh()

        let (busyAnswer, busyTook) = try Self.timed { try scene.other.ask("call") }
        let (launched, launchTook) = try Self.timed { () throws -> String in
            try scene.fleet.startWorker("late").ask("launch")
        }
        scene.holder.signal(SIGCONT)
        let holderAnswer = try scene.holder.answer()
        let otherAnswer = try scene.other.ask("call")
        let metrics = try await scene.server.metrics()
        let states = try [scene.holder, scene.other].map { try $0.ask("state") }
        let lost = states.filter { !$0.hasPrefix("state authenticated") }.count
        [scene.holder, scene.other].forEach { $0.quit() }

        let label = "stopped holder"
        return [
            BenchRow(
                label: "\(label): the other window's call",
                figures: "\(busyAnswer) in \(BenchFormat.milliseconds(busyTook))",
                goal: "session-busy-elsewhere ≤ \(Int(Self.busyAnswerGoalSeconds)) s",
                met: busyAnswer == "session-busy-elsewhere" && busyTook <= Self.busyAnswerGoalSeconds,
                numbers: ["seconds": busyTook]),
            BenchRow(
                label: "\(label): a window opened meanwhile",
                figures: "\(launched) in \(BenchFormat.milliseconds(launchTook)) (process start included)",
                goal: "screen dashboard ≤ \(Int(Self.busyAnswerGoalSeconds)) s",
                met: launched == "screen dashboard" && launchTook <= Self.busyAnswerGoalSeconds,
                numbers: ["seconds": launchTook]),
            BenchRow(
                label: "\(label), continued: refreshes · tokens reused · sessions lost",
                figures: "\(metrics.refreshes) · \(metrics.refreshTokensReused) · \(lost) of 2"
                    + " (calls: \(holderAnswer), \(otherAnswer))",
                goal: "1 · 0 · 0",
                met: metrics.refreshes == 1 && metrics.refreshTokensReused == 0 && lost == 0
                    && holderAnswer == "ok" && otherAnswer == "ok",
                numbers: [
                    "refreshes": Double(metrics.refreshes), "reused": Double(metrics.refreshTokensReused),
                    "sessionsLost": Double(lost),
                ]),
        ]
    }

    private func killedRows() async throws -> [BenchRow] {
        let scene = try await HolderMidRefresh.start(executable: executable)
        defer { withExtendedLifetime(scene.fleet) {} }
        try await scene.killHolder()
        try await scene.answerTheHeldRefresh()

        let (answer, took) = try Self.timed { try scene.other.ask("call") }
        scene.other.quit()
        return [
            BenchRow(
                label: "killed holder: the other window's call",
                figures: "\(answer) in \(BenchFormat.milliseconds(took)) (its own refresh included)",
                goal: "ok ≤ \(Int(Self.killedHolderGoalSeconds)) s",
                met: answer == "ok" && took <= Self.killedHolderGoalSeconds,
                numbers: ["seconds": took])
        ]
    }

    /// What `body` answered and how many seconds it took, on the wall clock.
    private static func timed<Answer>(_ body: () throws -> Answer) throws -> (Answer, Double) {
        let started = ContinuousClock.now
        let answer = try body()
        let took = ContinuousClock.now - started
        return (answer, Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18)
    }
}
