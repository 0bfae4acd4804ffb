import Foundation

import OperatingSystem

/// One `app session-worker` child: the app as a person gets it, in a process
/// of its own, obeying one request a line and answering one line each — what
/// the `processes` scenario and `SharedStoreTests` start several of on one
/// store directory.
///
/// Started with `posix_spawn`, not Foundation's `Process` (see
/// `FileKeychainTests/StressChild`: `Process.run()` crashed under load on
/// Linux). Its pipes are made close-on-exec, so no other child inherits
/// them and every end closes when it should. Its standard error goes to a
/// file of the test's directory, read when an answer does not come.
public final class SessionWorkerProcess {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public let name: String
    private let pid: pid_t
    private let requests: Int32
    private let answers: Int32
    private let errorLog: String
    private var buffered: [UInt8] = []
    private var ended = false

    private let executable: String

    /// How long one answer may take. Generous: CI runs the suite under the
    /// sanitizers on a busy two-core machine, with up to eight workers and
    /// the server sharing it. Waiting longer is a failure, never a pass.
    public static let answerDeadline: Duration = .seconds(180)

    /// Starts `EXECUTABLE --env ENVIRONMENT-FILE session-worker` (the `app`
    /// executable) with `variables` as its process environment.
    public init(
        name: String, executable: String, environmentFile: String, variables: [String: String], errorLog: String
    ) throws {
        self.name = name
        self.executable = executable
        self.errorLog = errorLog
        var toChild: [Int32] = [-1, -1]
        var fromChild: [Int32] = [-1, -1]
        guard Self.closeOnExecPipe(&toChild) else { throw Failure(description: "no pipe for \(name)") }
        guard Self.closeOnExecPipe(&fromChild) else {
            close(toChild[0])
            close(toChild[1])
            throw Failure(description: "no pipe for \(name)")
        }
        let started = Platform.spawn(
            executable, arguments: ["--env", environmentFile, "session-worker"],
            environment: variables.map { "\($0.key)=\($0.value)" },
            input: .descriptor(toChild[0]), output: .descriptor(fromChild[1]), error: .createdFile(errorLog))
        close(toChild[0])
        close(fromChild[1])
        switch started {
        case .success(let pid):
            self.pid = pid
        case .failure(let failure):
            close(toChild[1])
            close(fromChild[0])
            throw Failure(description: "cannot start \(executable) for \(name): \(failure)")
        }
        requests = toChild[1]
        answers = fromChild[0]
        // A worker that died must fail its request, not kill the test with SIGPIPE.
        Platform.ignoreBrokenPipes()
    }

    /// A worker the test did not quit (it failed first) is killed, never left running.
    deinit {
        guard !ended else { return }
        _ = kill(pid, SIGKILL)
        end()
    }

    /// A pipe whose ends close on exec (Glibc's module does not export
    /// `pipe2`): the child gets its own ends through `dup2`, which clears the
    /// flag, and no other child keeps a copy that would hold a pipe open.
    private static func closeOnExecPipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    /// Sends one request line without waiting for its answer.
    public func send(_ request: String) throws {
        guard !ended else { throw Failure(description: "\(name) has quit") }
        let bytes = Array((request + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(requests, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "\(name) no longer takes requests\(stderrTail())") }
            written += count
        }
    }

    /// The next answer line; a failure when none comes within `answerDeadline`
    /// or the worker ended.
    public func answer() throws -> String {
        guard !ended else { throw Failure(description: "\(name) has quit") }
        let deadline = ContinuousClock.now + Self.answerDeadline
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else {
                throw Failure(
                    description: "\(name) gave no answer within \(Self.answerDeadline)\(threadWaits())\(stderrTail())")
            }
            var poller = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1_000 + 1, 60_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = read(answers, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw Failure(description: "\(name) ended before answering\(stderrTail())") }
            buffered.append(contentsOf: chunk[0..<count])
        }
    }

    /// Sends `number` (SIGSTOP, SIGCONT, SIGKILL) to the worker's process:
    /// a window stopped by a person or a debugger, continued, or killed.
    public func signal(_ number: Int32) {
        guard !ended else { return }
        _ = kill(pid, number)
    }

    /// Sends a request and returns its answer.
    public func ask(_ request: String) throws -> String {
        try send(request)
        return try answer()
    }

    /// Asks the worker to quit and waits for it; kills it if it does not
    /// answer. Once only: its descriptors' numbers may belong to another
    /// test's pipes afterwards.
    public func quit() {
        guard !ended else { return }
        if (try? ask("quit")) != "bye" { _ = kill(pid, SIGKILL) }
        end()
    }

    private func end() {
        guard !ended else { return }
        ended = true
        close(requests)
        close(answers)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }

    /// Where the worker's threads wait (`Platform.threadWaits`), to tell a
    /// worker blocked on a lock from one waiting for the network or for CPU.
    private func threadWaits() -> String {
        guard let waits = Platform.threadWaits(ofProcess: pid) else { return "" }
        return "; its threads wait in: " + waits
    }

    /// The end of the worker's standard error, to say why it failed (the app
    /// never writes a token or a password there).
    private func stderrTail() -> String {
        guard let text = try? String(contentsOfFile: errorLog, encoding: .utf8), !text.isEmpty else { return "" }
        return "; its stderr ends: " + String(text.suffix(400))
    }
}
