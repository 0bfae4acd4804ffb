import Foundation
import Synchronization

import OperatingSystem

/// An `app` process the bench starts and times: the server of the overhead
/// scenario, a script run and a launch of the launch scenario, started as
/// `Platform.spawn` starts a child, so it holds none of the bench's sockets. Killed when
/// it goes unless it was waited for.
final class BenchChildProcess: Sendable {
    typealias Stream = Platform.ChildStream

    let pid: pid_t
    private let state = ChildState()

    /// Starts `executable` with `arguments` and `variables` as its environment.
    init(
        executable: String, arguments: [String], variables: [String: String], input: Stream, output: Stream,
        error: Stream
    ) throws(BenchSetupError) {
        let environment = variables.map { "\($0.key)=\($0.value)" }
        switch Platform.spawn(
            executable, arguments: arguments, environment: environment, input: input, output: output, error: error)
        {
        case .success(let pid):
            self.pid = pid
        case .failure(let failure):
            throw BenchSetupError("cannot start \(executable): \(failure)")
        }
    }

    deinit {
        kill()
    }

    /// The bench's own environment without what would make the child differ
    /// from a plain start: the language variables (the texts are the
    /// default's) and the API key variable (the development key on loopback).
    static var plainVariables: [String: String] {
        ProcessInfo.processInfo.environment.filter { name, _ in
            name != "LANG" && name != "LANGUAGE" && !name.hasPrefix("LC_") && name != "GATEHOUSE_API_KEY"
        }
    }

    /// The end of what a child wrote, to say why it failed: at most `limit`
    /// characters, every control character but the newline shown as `?`, so
    /// nothing it wrote can move or recolour the person's terminal.
    static func tail(of file: String, limit: Int = 300) -> String {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return "" }
        let shown = text.suffix(limit).unicodeScalars.map { scalar in
            scalar == "\n"
                || !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format)
                ? Character(scalar) : "?"
        }
        return String(shown)
    }

    /// Waits for the child to end, at most `budget`: its exit status (128 +
    /// the signal when a signal ended it), nil when the budget passed first
    /// (the child is then killed). Blocks the calling thread: the bench calls
    /// it off the main actor, with nothing else of its own running. Once:
    /// nil for a child already reaped.
    func waitForExit(within budget: Duration) -> Int32? {
        guard !state.reaped.withLock({ $0 }) else { return nil }
        let watchdog = DispatchWorkItem { [state, pid] in
            state.reaped.withLock { isReaped in
                guard !isReaped else { return }
                state.timedOut.withLock { $0 = true }
                _ = SystemCall.kill(pid, SIGKILL)
            }
        }
        state.timedOut.withLock { $0 = false }
        DispatchQueue.global().asyncAfter(deadline: .now() + budget.benchSeconds, execute: watchdog)
        let status = reap()
        watchdog.cancel()
        return state.timedOut.withLock { $0 } ? nil : status
    }

    /// Asks the child to stop (SIGTERM) and waits for it; kills it when it
    /// does not end within `budget`.
    func stop(within budget: Duration = .seconds(10)) {
        guard !state.reaped.withLock({ $0 }) else { return }
        _ = SystemCall.kill(pid, SIGTERM)
        _ = waitForExit(within: budget)
    }

    /// Kills the child and reaps it, unless it was reaped already.
    func kill() {
        guard !state.reaped.withLock({ $0 }) else { return }
        _ = SystemCall.kill(pid, SIGKILL)
        _ = reap()
    }

    /// Waits until the child has ended without reaping it (`WNOWAIT`: its pid
    /// stays its own meanwhile, so the watchdog never signals a stranger),
    /// then marks it reaped and reaps it. Its exit status.
    private func reap() -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        var status: Int32 = 0
        state.reaped.withLock { isReaped in
            guard !isReaped else { return }
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            isReaped = true
        }
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }
}

/// What the bench and a budget's watchdog (on a dispatch queue) share about
/// one child: whether it was reaped (its pid may then be another
/// process's) and whether the watchdog killed it.
private final class ChildState: Sendable {
    let reaped = Mutex(false)
    let timedOut = Mutex(false)
}
