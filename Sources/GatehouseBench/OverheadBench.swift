import AdapterInMemory
import Composition
import DomainCore
import Foundation
import Ports
import TaskRuntime

/// The overhead: `GET /challenge/list` with a valid token over loopback,
/// through the statement adapter and the token manager, against a plain
/// URLSession on the same session configuration (with and without parsing
/// the JSON) — one at a time, and with 8 and 64 in flight. The baseline is
/// raw URLSession + JSONSerialization.
struct OverheadBench {
    enum Contender: String, CaseIterable {
        case raw = "raw URLSession"
        case rawJSON = "raw + JSONSerialization"
        case gatehouse = "adapter + token manager"
    }

    let plan: BenchPlan

    func run() async -> BenchScenarioReport {
        let setup =
            "GET /challenge/list, valid token, loopback; \(plan.overheadRounds) rounds of interleaved blocks "
            + "per concurrency; baseline raw + JSONSerialization"
        let stage: BenchBackendStage
        do {
            stage = try BenchBackendStage(.http)
        } catch {
            return BenchScenarioReport(scenario: "overhead", setup: setup, rows: [], failure: error.description)
        }
        defer { stage.stop() }
        var rows: [BenchRow] = []
        do throws(BenchSetupError) {
            let token = try await stage.freshToken()
            guard let http = stage.http else { throw BenchSetupError("no HTTP configuration") }
            let raw = RawURLSessionClient(configuration: http, token: token)
            // The backend's clock never moves here, so the token stays good.
            let scheduler = CountingTaskScheduler(activity: VirtualActivity())
            let repository = UserSessionRepository(
                store: InMemorySessionDataStore(), signOutLedger: InMemorySignOutLedger(), scheduler: scheduler,
                writeOutcomes: SessionStoreWriteRelay())
            let policy = TokenPolicy(maxAuthorizedCallsInFlight: StormBench.connectionsPerHost)
            let manager = TokenManager(
                authAPI: stage.auth, clock: stage.backendClock, scheduler: scheduler, policy: policy,
                repository: repository, sessionEnds: SessionEndRelay())
            await manager.start(
                policy.issue(token, at: stage.backendClock.now()), generation: await repository.beginGeneration())
            let statement = stage.statement
            let requests: [Contender: @Sendable () async throws(BenchSetupError) -> Void] = [
                .raw: { () throws(BenchSetupError) in try await raw.fetchStatement(parsing: false) },
                .rawJSON: { () throws(BenchSetupError) in try await raw.fetchStatement(parsing: true) },
                .gatehouse: { () throws(BenchSetupError) in
                    do {
                        _ = try await manager.authorized { token throws(RemoteError) in
                            try await statement.statement(token: token)
                        }
                    } catch {
                        throw BenchSetupError("the adapter's request failed: \(error)")
                    }
                },
            ]
            for concurrency in plan.overheadConcurrency {
                rows += try await measure(concurrency: concurrency, requests: requests)
            }
            let metrics = await stage.backend.metrics()
            rows.append(
                BenchRow(
                    label: "refreshes during the run", figures: "\(metrics.refreshes) (the token stayed valid)",
                    numbers: ["refreshes": Double(metrics.refreshes)]))
        } catch {
            return BenchScenarioReport(scenario: "overhead", setup: setup, rows: rows, failure: error.description)
        }
        return BenchScenarioReport(scenario: "overhead", setup: setup, rows: rows)
    }

    /// Rounds of one block per contender, the order rotating each round;
    /// a block is `concurrency × 4` requests (10 one at a time) with
    /// `concurrency` of them in flight. Latencies of every request,
    /// throughput of every block.
    private func measure(
        concurrency: Int, requests: [Contender: @Sendable () async throws(BenchSetupError) -> Void]
    ) async throws(BenchSetupError) -> [BenchRow] {
        let blockSize = concurrency == 1 ? 10 : concurrency * 4
        var latencies: [Contender: [Double]] = [:]
        var throughputs: [Contender: [Double]] = [:]
        let contenders = Contender.allCases
        // One warm-up block each: connections opened, code paths paged in.
        for contender in contenders {
            guard let request = requests[contender] else { continue }
            _ = try await block(of: blockSize, inFlight: concurrency, request)
        }
        for round in 0..<plan.overheadRounds {
            for offset in 0..<contenders.count {
                let contender = contenders[(round + offset) % contenders.count]
                guard let request = requests[contender] else { continue }
                let (times, wall) = try await block(of: blockSize, inFlight: concurrency, request)
                latencies[contender, default: []] += times
                throughputs[contender, default: []].append(Double(blockSize) / wall)
            }
        }
        let baselineLatency = BenchDistribution(latencies[.rawJSON] ?? []).median
        let baselineThroughput = BenchDistribution(throughputs[.rawJSON] ?? []).median
        return contenders.map { contender in
            let latency = BenchDistribution(latencies[contender] ?? [])
            let throughput = BenchDistribution(throughputs[contender] ?? []).median
            let latencyRatio = baselineLatency > 0 ? latency.median / baselineLatency : 0
            let throughputRatio = baselineThroughput > 0 ? throughput / baselineThroughput : 0
            let label = "\(concurrency == 1 ? "one at a time" : "\(concurrency) in flight") · \(contender.rawValue)"
            let figures =
                "\(BenchFormat.spread(latency)) · \(BenchFormat.ratio(latencyRatio)) p50 · "
                + "\(Int(throughput.rounded()))/s (\(BenchFormat.ratio(throughputRatio)))"
            let numbers: [String: Double] = [
                "concurrency": Double(concurrency), "medianSeconds": latency.median, "p90Seconds": latency.p90,
                "p99Seconds": latency.p99, "p50Ratio": latencyRatio, "throughputPerSecond": throughput,
                "throughputRatio": throughputRatio,
            ]
            guard contender == .gatehouse else { return BenchRow(label: label, figures: figures, numbers: numbers) }
            if concurrency == 1 {
                return BenchRow(
                    label: label, figures: figures, goal: "p50 ≤ 1.10× raw + JSON", met: latencyRatio <= 1.10,
                    numbers: numbers)
            }
            return BenchRow(
                label: label, figures: figures, goal: "throughput ≥ 0.90× raw + JSON", met: throughputRatio >= 0.90,
                numbers: numbers)
        }
    }

    /// `count` requests, `inFlight` at a time: each one's time and the block's wall time (seconds).
    private func block(
        of count: Int, inFlight: Int, _ request: @escaping @Sendable () async throws(BenchSetupError) -> Void
    ) async throws(BenchSetupError) -> ([Double], Double) {
        let started = ContinuousClock.now
        let results = await withTaskGroup(of: [Result<Double, BenchSetupError>].self) { group in
            for worker in 0..<inFlight {
                let share = count / inFlight + (worker < count % inFlight ? 1 : 0)
                group.addTask {
                    var times: [Result<Double, BenchSetupError>] = []
                    for _ in 0..<share {
                        let begun = ContinuousClock.now
                        do throws(BenchSetupError) {
                            try await request()
                            times.append(.success((ContinuousClock.now - begun).benchSeconds))
                        } catch {
                            times.append(.failure(error))
                        }
                    }
                    return times
                }
            }
            var all: [Result<Double, BenchSetupError>] = []
            for await times in group { all += times }
            return all
        }
        let wall = (ContinuousClock.now - started).benchSeconds
        var times: [Double] = []
        for result in results {
            switch result {
            case .success(let time): times.append(time)
            case .failure(let error): throw error
            }
        }
        return (times, wall)
    }
}
