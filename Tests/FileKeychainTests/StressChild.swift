import Foundation
import OffThePool
import Testing
import Ports

import OperatingSystem

/// The `session-store-stress` child process, found beside the test binary.
///
/// Started with `posix_spawn`, not Foundation's `Process`: on Linux,
/// `Process.run()` copies whole `dirent` records while it lists the open
/// descriptors, reading past the end of its buffer — a test process with
/// many sockets open crashed there with SIGSEGV (seen under load).
struct StressChild {
    let pid: pid_t
    private let output: Int32
    private var buffered = Data()

    /// How a child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case killed(by: Int32)
    }

    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("session-store-stress").path
    }

    init(directory: String, writer: String, count: Int? = nil) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        do {
            pid = try Self.spawn([directory, writer] + (count.map { [String($0)] } ?? []), stdout: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        output = ends[0]
    }

    /// Blocks until the child has reported `count` saves (or ended); returns how many it reported.
    mutating func waitForSaves(_ count: Int) -> Int {
        expectOffThePool("waiting for a stress child's saves")
        var reported = 0
        var chunk = [UInt8](repeating: 0, count: 4096)
        while reported < count {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                buffered.removeSubrange(...newline)
                reported += 1
                continue
            }
            let read = SystemCall.read(output, &chunk, chunk.count)
            if read < 0, errno == EINTR { continue }
            if read <= 0 { break }
            buffered.append(contentsOf: chunk[0..<read])
        }
        return reported
    }

    /// Whether the child is still running (it has not been waited for).
    var isRunning: Bool {
        // waitid with WNOWAIT looks without reaping: waitUntilExit still can.
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return false }
        return info.si_signo != SIGCHLD
    }

    /// Waits for the child to end and says how (once; later calls say `.exited(-1)`).
    func waitUntilExit() -> Ending {
        expectOffThePool("waiting for a stress child to end")
        close(output)
        return Self.wait(for: pid)
    }

    /// Kills the child and reaps it: a wait the kernel ends at once, which
    /// any thread may make.
    func kill() {
        _ = SystemCall.kill(pid, SIGKILL)
        close(output)
        _ = Self.wait(for: pid)
    }

    /// Starts the child in its hold mode: it takes the store's lock for
    /// `purpose` and keeps it until killed. Returns once it holds it.
    static func holdingTheLock(directory: String, for purpose: SessionLockPurpose = .writing) throws -> StressChild {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        let pid: pid_t
        do {
            pid = try spawn(["--hold-lock", directory, purpose.rawValue], stdout: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        var child = StressChild(pid: pid, output: ends[0])
        guard child.waitForSaves(1) == 1 else {
            child.kill()
            throw POSIXError(.ECHILD)
        }
        return child
    }

    private init(pid: pid_t, output: Int32) {
        self.pid = pid
        self.output = output
    }

    /// Runs the child once in its read mode, where decoding kills it with
    /// SIGKILL, and returns how it ended: what an app crashing inside a
    /// decoder leaves behind.
    static func readKilledInsideDecode(directory: String) throws -> Ending {
        let pid = try spawn(["--read-killed-inside-decode", directory], stdout: nil)
        return wait(for: pid)
    }

    // MARK: - posix_spawn

    /// Starts the child with `arguments`, its standard output on `stdout`
    /// (or /dev/null) and its standard error on /dev/null.
    private static func spawn(_ arguments: [String], stdout: Int32?) throws -> pid_t {
        switch Platform.spawn(executable, arguments: arguments, output: stdout.map { .descriptor($0) } ?? .null) {
        case .success(let pid): return pid
        case .failure(let failure): throw POSIXError(POSIXErrorCode(rawValue: failure.code) ?? .EINVAL)
        }
    }

    private static func wait(for pid: pid_t) -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return .exited(-1) }
        }
        return ending(status)
    }

    private static func ending(_ status: Int32) -> Ending {
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Glibc's module does not export.
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .killed(by: signal)
    }
}
