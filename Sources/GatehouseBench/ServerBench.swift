import Composition
import AdapterInMemory
import SimulatedBackend
import Foundation
import OperatingSystem
import Synchronization
import WireContract

/// The reference server alone: `/challenge/list` answered over 1, 16 and
/// 256 keep-alive connections, each sending its next request as soon as the
/// last is answered (one thread per connection, raw sockets); throughput and
/// latency. Then its memory per idle connection: RSS before and after
/// opening connections that each made one request and stay open (client and
/// server live in this process, so a connection's client side is counted too).
struct ServerBench {
    let plan: BenchPlan

    func run() async -> BenchScenarioReport {
        let setup =
            "GET /challenge/list, valid token, \(BenchFormat.fixed(plan.serverMeasureFor.benchSeconds, 1)) s "
            + "per connection count; raw-socket keep-alive clients in this process"
        let stage: BenchBackendStage
        do {
            stage = try BenchBackendStage(.http)
        } catch {
            return BenchScenarioReport(scenario: "server", setup: setup, rows: [], failure: error.description)
        }
        defer { stage.stop() }
        var rows: [BenchRow] = []
        do throws(BenchSetupError) {
            guard let server = stage.server else { throw BenchSetupError("no server") }
            let token = try await stage.freshToken()
            let headers = [("apikey", BenchBackendStage.apiKey), ("token", token.reveal())]
            for connections in plan.serverConnections {
                let (latencies, wall) = try await Self.load(
                    port: server.port, headers: headers, connections: connections, for: plan.serverMeasureFor)
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
            rows.append(try await idleMemory(port: server.port, headers: headers))
        } catch {
            return BenchScenarioReport(scenario: "server", setup: setup, rows: rows, failure: error.description)
        }
        return BenchScenarioReport(scenario: "server", setup: setup, rows: rows)
    }

    /// Every request's time (seconds) over `connections` connections for
    /// `duration`, and the wall time it took.
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

    /// RSS growth per connection that made one request and then stays open.
    private func idleMemory(port: UInt16, headers: [(String, String)]) async throws(BenchSetupError) -> BenchRow {
        let count = plan.idleConnections
        guard let before = Platform.residentBytes() else {
            return BenchRow(
                label: "memory per idle connection", figures: "not measured: this system's resident size is not read")
        }
        var idle: [KeepAliveConnection] = []
        for _ in 0..<count {
            let connection = try KeepAliveConnection(port: port, path: WireRoute.statementList.path(), headers: headers)
            _ = try connection.exchange()
            idle.append(connection)
        }
        let after = Platform.residentBytes() ?? before
        withExtendedLifetime(idle) {}
        let perConnection = Double(after - before) / Double(count)
        return BenchRow(
            label: "memory per idle connection",
            figures: "\(BenchFormat.fixed(perConnection / 1024, 1)) KB (\(count) connections open)",
            numbers: ["bytesPerIdleConnection": perConnection])
    }
}
