import AdapterHTTP
import BoundedHTTP
import Composition
import DomainCore
import Foundation
import Ports

/// The overhead: what an app built by the composition root pays per call.
/// `GET /challenge/list` with a valid token to `app serve` in another
/// process (as an app meets its backend), from contenders interleaved in
/// this process: a plain URLSession on the same session configuration, with
/// and without parsing the JSON; the naive per-401 client on the HTTP
/// statement adapter; and the app itself (`ComposedAppStatement`: the world
/// and containers of the `local` environment — the request deadline, the
/// token manager with its cap — read as the signed-in area reads), once as `local`
/// is and once with the `from-calls` health plugin, whose outcome recording
/// wraps every call too. One at a time, and with 8 and 64 in flight. The
/// baseline is raw URLSession + JSONSerialization; the goals are the
/// composed app's as `local` is.
struct OverheadBench {
    enum Contender: String, CaseIterable {
        case raw = "raw URLSession"
        case rawJSON = "raw + JSONSerialization"
        case naive = "naive per-401 client"
        case gatehouse = "the composed app"
        case gatehouseFromCalls = "the composed app, health from-calls"
    }

    let plan: BenchPlan

    func run() async -> BenchScenarioReport {
        let setup =
            "GET /challenge/list, valid token, to app serve in another process (127.0.0.1, ephemeral port); "
            + "the composed app (local environment: the request deadline, token manager with its cap of "
            + "connections per host, the signed-in area's statement read; once more with the from-calls health "
            + "plugin's outcome recording) against raw URLSession, "
            + "raw + JSONSerialization (the baseline) and the naive per-401 client, in this process; "
            + "\(plan.overheadRounds) rounds of interleaved blocks per concurrency"
        let server: AppServeProcess
        switch await AppServeProcess.started(for: plan) {
        case .success(let started): server = started
        case .failure(let failure):
            return BenchScenarioReport(scenario: "overhead", setup: setup, rows: [], failure: failure.description)
        }
        defer { server.stop() }
        var rows: [BenchRow] = []
        var apps: [ComposedAppStatement] = []
        do throws(BenchSetupError) {
            let http: HTTPConfiguration
            do {
                http = try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey(AppServeProcess.developmentKey))
            } catch {
                throw BenchSetupError("no HTTP configuration for \(server.baseURL): \(error)")
            }
            let auth = URLSessionAuthRemoteAPI(configuration: http)
            let token: AccessToken
            do {
                token = try await auth.signIn(BenchBackendStage.maria).accessToken
            } catch {
                throw BenchSetupError("the seeded account cannot sign in at app serve: \(error)")
            }
            let raw = RawURLSessionClient(configuration: http, token: token)
            let naive = NaiveRefreshingClient(
                token: token, auth: auth, user: URLSessionUserRemoteAPI(configuration: http))
            let statement = URLSessionStatementRemoteAPI(configuration: http)
            let composed = try await ComposedAppStatement.signedIn(at: server.baseURL)
            apps.append(composed)
            let reading = composed.reading
            let recording = try await ComposedAppStatement.signedIn(at: server.baseURL, healthFromCalls: true)
            apps.append(recording)
            let recordingReading = recording.reading
            let refreshesBefore = try await server.refreshes()
            let requests: [Contender: @Sendable () async throws(BenchSetupError) -> Void] = [
                .raw: { () throws(BenchSetupError) in try await raw.fetchStatement(parsing: false) },
                .rawJSON: { () throws(BenchSetupError) in try await raw.fetchStatement(parsing: true) },
                .naive: { () throws(BenchSetupError) in
                    do {
                        _ = try await naive.authorized { token throws(RemoteError) in
                            try await statement.statement(token: token)
                        }
                    } catch {
                        throw BenchSetupError("the naive client's request failed: \(error)")
                    }
                },
                .gatehouse: { () throws(BenchSetupError) in
                    do {
                        _ = try await reading.statement()
                    } catch {
                        throw BenchSetupError("the composed app's statement read failed: \(error)")
                    }
                },
                .gatehouseFromCalls: { () throws(BenchSetupError) in
                    do {
                        _ = try await recordingReading.statement()
                    } catch {
                        throw BenchSetupError("the composed app's statement read (health from-calls) failed: \(error)")
                    }
                },
            ]
            for concurrency in plan.overheadConcurrency {
                rows += try await measure(concurrency: concurrency, requests: requests)
            }
            let refreshes = try await server.refreshes() - refreshesBefore
            rows.append(
                BenchRow(
                    label: "refreshes during the run", figures: "\(refreshes) (tokens last an hour)",
                    numbers: ["refreshes": Double(refreshes)]))
        } catch {
            for app in apps { await app.shutDown() }
            return BenchScenarioReport(scenario: "overhead", setup: setup, rows: rows, failure: error.description)
        }
        for app in apps { await app.shutDown() }
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
        return contenders.flatMap { contender -> [BenchRow] in
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
            guard contender == .gatehouse else { return [BenchRow(label: label, figures: figures, numbers: numbers)] }
            // No row against Alamofire: the bench cannot run it (the package
            // takes no dependency), and a figure not measured here carries no goal.
            if concurrency == 1 {
                return [
                    BenchRow(
                        label: label, figures: figures, goal: "p50 ≤ 1.05× raw + JSON", met: latencyRatio <= 1.05,
                        numbers: numbers)
                ]
            }
            return [
                BenchRow(
                    label: label, figures: figures, goal: "throughput ≥ 0.95× raw + JSON", met: throughputRatio >= 0.95,
                    numbers: numbers)
            ]
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
