import Foundation

import OperatingSystem

/// The `http-answer-probe` child process, found beside the test binary: one
/// statement call against a server, measured in a process of its own, so
/// that the growth of its peak resident size is that call's alone.
///
/// Started with `posix_spawn` (as `StressChild` in the file store's tests,
/// and for the same reason: Foundation's `Process.run()` over-reads while it
/// lists a busy test process's descriptors), with this process's environment
/// and its own AddressSanitizer options (`childEnvironment`). It is waited
/// for on a thread of its own, so a test awaiting it holds no thread of
/// Swift's shared pool.
struct AnswerProbe {
    /// What the child printed about its call.
    struct Report: Sendable, CustomStringConvertible {
        let outcome: String
        let elapsed: Duration
        let peakGrowthBytes: Int
        /// The call made next, when there was one.
        let next: (outcome: String, elapsed: Duration)?

        var description: String {
            "\(outcome); \(elapsed); peak grew by \(peakGrowthBytes) bytes"
                + (next.map { "; then \($0.outcome) after \($0.elapsed)" } ?? "")
        }
    }

    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("http-answer-probe").path
    }

    /// Runs the probe against `baseURL` with `timeout` (and then a health
    /// check of `nextBaseURL`, if given) and returns its report.
    static func run(baseURL: String, timeout: Duration, nextBaseURL: String? = nil) async throws -> Report {
        let milliseconds = timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        let pid: pid_t
        do {
            pid = try spawn([baseURL, String(milliseconds)] + (nextBaseURL.map { [$0] } ?? []), stdout: ends[1])
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        let output = ends[0]
        let (text, status) = await withCheckedContinuation { continuation in
            Thread {
                let text = readToEnd(output)
                close(output)
                continuation.resume(returning: (text, wait(for: pid)))
            }.start()
        }
        guard status == 0 else { throw Failed(description: "http-answer-probe ended with status \(status): \(text)") }
        return try report(from: text)
    }

    private static func report(from text: String) throws -> Report {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let outcome = fields["outcome"], let nanoseconds = fields["elapsed-nanoseconds"].flatMap({ Int64($0) }),
            let growth = fields["peak-growth-bytes"].flatMap({ Int($0) })
        else { throw Failed(description: "http-answer-probe printed no report: \(text)") }
        var next: (String, Duration)?
        if let nextOutcome = fields["next-outcome"] {
            guard let nextNanoseconds = fields["next-elapsed-nanoseconds"].flatMap({ Int64($0) }) else {
                throw Failed(description: "http-answer-probe printed no time for its next call: \(text)")
            }
            next = (nextOutcome, .nanoseconds(nextNanoseconds))
        }
        return Report(outcome: outcome, elapsed: .nanoseconds(nanoseconds), peakGrowthBytes: growth, next: next)
    }

    private static func readToEnd(_ descriptor: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Starts the child with `arguments`, its standard output on `stdout`; its
    /// standard error goes there too, so a failure explains itself.
    private static func spawn(_ arguments: [String], stdout: Int32) throws -> pid_t {
        let started = Platform.spawn(
            executable, arguments: arguments, environment: childEnvironment, output: .descriptor(stdout),
            error: .descriptor(stdout))
        switch started {
        case .success(let pid): return pid
        case .failure(let failure): throw POSIXError(POSIXErrorCode(rawValue: failure.code) ?? .EINVAL)
        }
    }

    /// This process's environment, but for AddressSanitizer's options (which
    /// only a sanitized build reads): the child keeps at most 16 MB of freed
    /// memory in quarantine, not 256 MB, so that its resident size measures
    /// what it holds rather than what it freed; and it is not leak-checked —
    /// it is a measuring tool, which exits with its call's abandoned answer
    /// still in URLSession's hands (docs/threat-model.md), and its top-level
    /// code's strings count as leaks there. This test process is leak-checked
    /// as ever.
    private static var childEnvironment: [String] {
        let inherited = ProcessInfo.processInfo.environment
        var environment = inherited.filter { $0.key != "ASAN_OPTIONS" }.map { "\($0.key)=\($0.value)" }
        let asan = [inherited["ASAN_OPTIONS"], "quarantine_size_mb=16", "detect_leaks=0"].compactMap { $0 }
        environment.append("ASAN_OPTIONS=" + asan.joined(separator: ":"))
        return environment
    }

    /// The child's exit status, or -1 when it was killed by a signal or cannot be waited for.
    private static func wait(for pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return -1 }
        }
        // WIFEXITED / WEXITSTATUS, which Glibc's module does not export.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }
}
