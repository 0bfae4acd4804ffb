import AdapterHTTP
import BoundedHTTP
import Composition
import Foundation
import OperatingSystem
import Ports
import Synchronization
import WireContract

/// The reference server alone, as a person runs it: `app serve` in a
/// process of its own (it logs a line per request, as it always does),
/// `/challenge/list` answered over 1, 16 and 256 keep-alive connections from
/// this process, each sending its next request as soon as the last is
/// answered (one thread per connection, raw sockets); throughput and
/// latency. Then its memory per idle connection: the server process's
/// resident size before and after opening connections that each made one
/// request and stay open — the server's alone, the clients live here.
struct ServerBench {
    let plan: BenchPlan

    func run() async -> BenchScenarioReport {
        let setup =
            "GET /challenge/list, valid token, \(BenchFormat.fixed(plan.serverMeasureFor.benchSeconds, 1)) s "
            + "per connection count; app serve in another process, raw-socket keep-alive clients in this one"
        let server: AppServeProcess
        switch await AppServeProcess.started(for: plan) {
        case .success(let started): server = started
        case .failure(let failure):
            return BenchScenarioReport(scenario: "server", setup: setup, rows: [], failure: failure.description)
        }
        defer { server.stop() }
        var rows: [BenchRow] = []
        do throws(BenchSetupError) {
            guard let port = server.baseURL.split(separator: ":").last.flatMap({ UInt16($0) }) else {
                throw BenchSetupError("no port in app serve's URL \(server.baseURL)")
            }
            let token = try await Self.signIn(at: server.baseURL)
            let headers = [("apikey", AppServeProcess.developmentKey), ("token", token.reveal())]
            for connections in plan.serverConnections {
                let (latencies, wall) = try await Self.load(
                    port: port, headers: headers, connections: connections, for: plan.serverMeasureFor)
                let spread = BenchDistribution(latencies)
                let rate = Double(latencies.count) / wall
                let label = "\(connections) connection\(connections == 1 ? "" : "s")"
                let figures = "\(Int(rate.rounded())) answers/s · \(BenchFormat.spread(spread))"
                let numbers: [String: Double] = [
                    "connections": Double(connections), "answersPerSecond": rate, "medianSeconds": spread.median,
                    "p99Seconds": spread.p99,
                ]
                if connections == 16 {
                    rows.append(
                        BenchRow(
                            label: label, figures: figures, goal: "≥ 5,000 answers/s", met: rate >= 5000,
                            numbers: numbers))
                } else {
                    rows.append(BenchRow(label: label, figures: figures, numbers: numbers))
                }
            }
            rows.append(try await idleMemory(of: server, port: port, headers: headers))
        } catch {
            return BenchScenarioReport(scenario: "server", setup: setup, rows: rows, failure: error.description)
        }
        return BenchScenarioReport(scenario: "server", setup: setup, rows: rows)
    }

    /// A token of the seeded account, signed in at `baseURL` as the app signs in.
    private static func signIn(at baseURL: String) async throws(BenchSetupError) -> AccessToken {
        let http: HTTPConfiguration
        do {
            http = try HTTPConfiguration(baseURL: baseURL, apiKey: APIKey(AppServeProcess.developmentKey))
        } catch {
            throw BenchSetupError("no HTTP configuration for \(baseURL): \(error)")
        }
        do {
            return try await URLSessionAuthRemoteAPI(configuration: http).signIn(BenchBackendStage.maria).accessToken
        } catch {
            throw BenchSetupError("the seeded account cannot sign in at app serve: \(error)")
        }
    }

    private static func load(
        port: UInt16, headers: [(String, String)], connections: Int, for duration: Duration
    ) async throws(BenchSetupError) -> ([Double], Double) {
        var opened: [KeepAliveConnection] = []
        for _ in 0..<connections {
            opened.append(try KeepAliveConnection(port: port, path: WireRoute.statementList.path(), headers: headers))
        }
        let collected = Mutex<(latencies: [Double], failure: String?)>(([], nil))
        let group = DispatchGroup()
        let started = ContinuousClock.now
        let deadline = started + duration
        for connection in opened {
            group.enter()
            // A connection belongs to its thread alone until the group has finished.
            nonisolated(unsafe) let owned = connection
            Thread {
                var times: [Double] = []
                var failure: String?
                while ContinuousClock.now < deadline {
                    let begun = ContinuousClock.now
                    do throws(BenchSetupError) {
                        let status = try owned.exchange()
                        guard status == 200 else {
                            failure = "the server answered \(status)"
                            break
                        }
                    } catch {
                        failure = error.description
                        break
                    }
                    times.append((ContinuousClock.now - begun).benchSeconds)
                }
                collected.withLock { state in
                    state.latencies += times
                    if state.failure == nil { state.failure = failure }
                }
                group.leave()
            }.start()
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            group.notify(queue: .global()) { continuation.resume() }
        }
        let wall = (ContinuousClock.now - started).benchSeconds
        let (latencies, failure) = collected.withLock { ($0.latencies, $0.failure) }
        if let failure { throw BenchSetupError(failure) }
        withExtendedLifetime(opened) {}
        return (latencies, wall)
    }

    /// The server process's resident growth per connection that made one
    /// request and then stays open. The resident size moves in pages and
    /// the allocator may hand memory back meanwhile: a growth under one
    /// page per connection is not resolved, and a shrink is printed as one.
    private func idleMemory(
        of server: AppServeProcess, port: UInt16, headers: [(String, String)]
    ) async throws(BenchSetupError) -> BenchRow {
        let count = plan.idleConnections
        let label = "server memory per idle connection"
        guard let before = Platform.residentBytes(ofProcess: server.processID) else {
            return BenchRow(label: label, figures: "not measured: this system's resident size is not read")
        }
        var idle: [KeepAliveConnection] = []
        for _ in 0..<count {
            let connection = try KeepAliveConnection(port: port, path: WireRoute.statementList.path(), headers: headers)
            _ = try connection.exchange()
            idle.append(connection)
        }
        let after = Platform.residentBytes(ofProcess: server.processID) ?? before
        withExtendedLifetime(idle) {}
        let perConnection = Double(after - before) / Double(count)
        let page = Double(Platform.pageSize) / Double(count)
        let figure: String
        if perConnection < 0 {
            figure =
                "−\(BenchFormat.fixed(-perConnection / 1024, 1)) KB (negative: the server gave memory back; not resolved)"
        } else if perConnection < page {
            figure = "\(BenchFormat.fixed(perConnection / 1024, 1)) KB (under one page per connection: not resolved)"
        } else {
            figure = "\(BenchFormat.fixed(perConnection / 1024, 1)) KB"
        }
        return BenchRow(
            label: label, figures: figure + " (\(count) connections open)",
            numbers: ["bytesPerIdleConnection": perConnection])
    }
}
