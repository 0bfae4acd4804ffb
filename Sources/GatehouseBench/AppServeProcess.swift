import Foundation

/// `app serve` in a process of its own, as a person runs the reference
/// server beside an app: on an ephemeral 127.0.0.1 port, the development
/// key, tokens that last an hour (a full overhead run takes minutes, and its
/// raw contenders hold one token throughout). Its banner and request lines
/// go to a file of its own directory, read for the URL; stopped (SIGTERM)
/// and the directory removed at the end.
final class AppServeProcess: Sendable {
    /// The key `app serve` uses when `GATEHOUSE_API_KEY` is not set (it is
    /// removed from the child's environment): public demo data.
    static let developmentKey = "gatehouse-dev-key"
    static let tokenLifetimeSeconds = 3_600

    let baseURL: String
    private let child: BenchChildProcess
    private let directory: String

    /// Starts `executable serve` and waits (up to `budget`) for its banner's URL.
    init(executable: String, within budget: Duration = .seconds(60)) throws(BenchSetupError) {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("bench-serve-\(UUID().uuidString)").path
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw BenchSetupError("cannot make a directory for app serve's output: \(error.localizedDescription)")
        }
        let output = directory + "/serve.out"
        let errors = directory + "/serve.err"
        do {
            child = try BenchChildProcess(
                executable: executable,
                arguments: ["serve", "--port", "0", "--token-ttl", "\(Self.tokenLifetimeSeconds)"],
                variables: BenchChildProcess.plainVariables, input: .null, output: .createdFile(output),
                error: .createdFile(errors))
        } catch {
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
        let deadline = ContinuousClock.now + budget
        var found: String?
        while found == nil, ContinuousClock.now < deadline {
            found = Self.baseURL(in: output)
            if found == nil { usleep(5_000) }
        }
        guard let found else {
            child.kill()
            let said = BenchChildProcess.tail(of: errors)
            try? FileManager.default.removeItem(atPath: directory)
            throw BenchSetupError(
                "app serve printed no URL within \(budget)" + (said.isEmpty ? "" : "; its stderr: \(said)"))
        }
        baseURL = found
    }

    deinit {
        stop()
    }

    /// `app serve` started from the plan's app executable, its start waited
    /// for off Swift's pool (`offThePool`); a failure says why, the missing
    /// executable included.
    static func started(for plan: BenchPlan) async -> Result<AppServeProcess, BenchSetupError> {
        guard let executable = plan.workerExecutable else {
            return .failure(
                BenchSetupError(
                    "no app executable to start app serve from (build it beside gatehouse-bench: swift build -c release)"
                ))
        }
        do {
            return .success(
                try await offThePool { () throws(BenchSetupError) in try AppServeProcess(executable: executable) })
        } catch {
            return .failure(error)
        }
    }

    /// The server's process, for its resident size.
    var processID: pid_t { child.pid }

    /// SIGTERM, the wait for the process, its directory removed. Idempotent.
    func stop() {
        child.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Refreshes the server granted or refused so far (its control API's metrics).
    func refreshes() async throws(BenchSetupError) -> Int {
        do {
            let metrics = try JSONDecoder().decode(
                RotatingReferenceServer.Metrics.self,
                from: try await ControlRequest.send("GET", baseURL + "/_control/metrics"))
            return metrics.refreshes + metrics.refreshesRejected
        } catch {
            throw BenchSetupError("cannot read app serve's metrics: \(error)")
        }
    }

    /// The URL of the banner's first line ("Gatehouse reference server on
    /// http://127.0.0.1:PORT"), once the whole line is written; only a
    /// loopback http URL is taken.
    private static func baseURL(in file: String) -> String? {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let newline = text.firstIndex(of: "\n")
        else { return nil }
        let first = text[..<newline]
        guard let start = first.range(of: "http://127.0.0.1:") else { return nil }
        let url = first[start.lowerBound...].prefix { !$0.isWhitespace }
        let port = url.dropFirst("http://127.0.0.1:".count)
        guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCII), port.allSatisfy(\.isNumber) else {
            return nil
        }
        return String(url)
    }
}
