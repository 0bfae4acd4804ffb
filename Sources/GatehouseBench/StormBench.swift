import SimulatedBackend
import Composition
import DomainCore
import Foundation
import Ports
import TaskRuntime
import VirtualTime

/// The storm: N concurrent authorised calls (`GET /users/me`) meet a token
/// that went bad, and we count what reaches the server. Contenders: the
/// token manager (single flight, barrier) and `NaiveRefreshingClient`.
public struct StormBench: Sendable {
    /// How the token went bad before the storm.
    public enum Path: String, Sendable, CaseIterable, Codable {
        /// Expired, and the app knows it (its clock says so): it refreshes before sending.
        case early
        /// Expired at the server only: the app learns it from the 401s.
        case reactive
        /// Revoked at the server: the refresh is refused, the session ends.
        case revoked
    }

    public enum Contender: String, Sendable, CaseIterable, Codable {
        case gatehouse
        case naive
    }

    /// What one storm did.
    public struct Outcome: Sendable, Hashable {
        /// Refresh requests the server saw, accepted or refused.
        public let refreshes: Int
        /// Calls that did not return the user.
        public let failures: Int
        /// Authorised requests (`GET /users/me`) the server saw.
        public let requestsOnTheWire: Int
        /// Each call's time, in seconds.
        public let callSeconds: [Double]
    }

    let plan: BenchPlan

    /// One storm of `size` calls on a fresh session of `stage`'s backend.
    static func trial(
        on stage: BenchBackendStage, path: Path, contender: Contender, size: Int
    ) async throws(BenchSetupError) -> Outcome {
        let token = try await stage.freshToken()
        // The app's clock: the backend's on the early path (it sees the
        // expiry coming), a clock of its own elsewhere (it believes the token good).
        let appClock = path == .early ? stage.backendClock : ManualClock(start: stage.backendClock.now())
        let call: @Sendable () async -> Bool
        switch contender {
        case .gatehouse:
            // The app's policy: at most as many calls on the wire as URLSession
            // has connections per host (the rest wait behind the barrier).
            let manager = await BenchTokenManager.started(
                on: stage, clock: appClock, token: token, maxInFlight: Self.connectionsPerHost)
            let user = stage.user
            call = { await BenchTokenManager.currentUser(through: manager, from: user) }
        case .naive:
            let client = NaiveRefreshingClient(token: token, auth: stage.auth, user: stage.user)
            call = {
                do {
                    _ = try await client.currentUser()
                    return true
                } catch {
                    return false
                }
            }
        }
        switch path {
        case .early, .reactive: stage.backendClock.advance(by: .seconds(61))
        case .revoked: await stage.backend.revokeAllTokens()
        }

        let results = await withTaskGroup(of: (Bool, Double).self) { group in
            for _ in 0..<size {
                group.addTask {
                    let started = ContinuousClock.now
                    let succeeded = await call()
                    return (succeeded, (ContinuousClock.now - started).benchSeconds)
                }
            }
            var results: [(Bool, Double)] = []
            for await result in group { results.append(result) }
            return results
        }
        let metrics = await stage.backend.metrics()
        return Outcome(
            refreshes: metrics.refreshes + metrics.refreshesRejected,
            failures: results.filter { !$0.0 }.count,
            requestsOnTheWire: metrics.requestCount(BackendRoute.currentUser),
            callSeconds: results.map(\.1))
    }

    /// One storm of `size` calls on a fresh backend reached through
    /// `transport`: what the tests count (refreshes, failures, requests on
    /// the wire — never durations).
    public static func trial(
        over transport: BenchTransport, path: Path, contender: Contender, size: Int
    ) async throws(BenchSetupError) -> Outcome {
        let stage = try BenchBackendStage(transport)
        defer { stage.stop() }
        return try await trial(on: stage, path: path, contender: contender, size: size)
    }

    /// One valid call's time on `stage`: what "added latency in round trips" is counted in.
    static func roundTrip(on stage: BenchBackendStage) async throws(BenchSetupError) -> Double {
        let token = try await stage.freshToken()
        var samples: [Double] = []
        for _ in 0..<21 {
            let started = ContinuousClock.now
            do {
                _ = try await stage.user.currentUser(token: token)
            } catch {
                throw BenchSetupError("a valid call failed: \(error)")
            }
            samples.append((ContinuousClock.now - started).benchSeconds)
        }
        return BenchDistribution(samples).median
    }

    func run() async -> BenchScenarioReport {
        let setup =
            "N concurrent GET /users/me meet a bad token; \(plan.stormTrials) trial(s) per case, contenders alternating; "
            + "N = \(plan.stormSizes.map(String.init).joined(separator: ", "))"
        var rows: [BenchRow] = []
        for transport in BenchTransport.allCases {
            let stage: BenchBackendStage
            do {
                stage = try BenchBackendStage(transport)
            } catch {
                return BenchScenarioReport(scenario: "storm", setup: setup, rows: rows, failure: error.description)
            }
            defer { stage.stop() }
            do {
                let roundTrip = try await Self.roundTrip(on: stage)
                for path in Path.allCases {
                    for size in plan.stormSizes {
                        rows += try await measure(on: stage, path: path, size: size, roundTrip: roundTrip)
                    }
                }
                if transport == .http {
                    rows += try await measureUnderLoad(on: stage, roundTrip: roundTrip)
                }
            } catch {
                return BenchScenarioReport(scenario: "storm", setup: setup, rows: rows, failure: error.description)
            }
        }
        return BenchScenarioReport(scenario: "storm", setup: setup, rows: rows)
    }

    /// Both contenders on one case, in alternating order trial by trial.
    private func measure(
        on stage: BenchBackendStage, path: Path, size: Int, roundTrip: Double, label suffix: String = ""
    ) async throws(BenchSetupError) -> [BenchRow] {
        var outcomes: [Contender: [Outcome]] = [:]
        for trial in 0..<plan.stormTrials {
            let order: [Contender] = trial.isMultiple(of: 2) ? [.gatehouse, .naive] : [.naive, .gatehouse]
            for contender in order {
                outcomes[contender, default: []].append(
                    try await Self.trial(on: stage, path: path, contender: contender, size: size))
            }
        }
        return Contender.allCases.map { contender in
            row(
                label: "\(stage.transport.rawValue) \(path.rawValue) N=\(size) \(contender.rawValue)\(suffix)",
                transport: stage.transport, path: path, contender: contender, size: size,
                outcomes: outcomes[contender] ?? [], roundTrip: roundTrip)
        }
    }

    /// The reactive storm over HTTP with every core kept busy meanwhile.
    private func measureUnderLoad(on stage: BenchBackendStage, roundTrip: Double) async throws(BenchSetupError)
        -> [BenchRow]
    {
        let load = CPULoad()
        defer { load.stop() }
        return try await measure(
            on: stage, path: .reactive, size: plan.loadedStormSize, roundTrip: roundTrip, label: " (CPU load)")
    }

    private func row(
        label: String, transport: BenchTransport, path: Path, contender: Contender, size: Int,
        outcomes: [Outcome], roundTrip: Double
    ) -> BenchRow {
        let refreshes = outcomes.map(\.refreshes)
        let failures = outcomes.map(\.failures)
        let wire = outcomes.map(\.requestsOnTheWire)
        let calls = BenchDistribution(outcomes.flatMap(\.callSeconds))
        let inRoundTrips = roundTrip > 0 ? calls.median / roundTrip : 0
        let range = { (values: [Int]) -> String in
            let low = values.min() ?? 0
            let high = values.max() ?? 0
            return low == high ? "\(low)" : "\(low)–\(high)"
        }
        // A round trip is one over the wire: in memory a "round trip" is an
        // actor hop of a microsecond, and a call counted in them says nothing.
        let inRoundTripsText =
            transport == .http ? " (p50 \(BenchFormat.fixed(inRoundTrips, 1)) round trips)" : ""
        let figures =
            "refreshes \(range(refreshes)) · failures \(range(failures)) · on the wire \(range(wire)) · "
            + "call \(BenchFormat.spread(calls))" + inRoundTripsText
        let numbers: [String: Double] = [
            "n": Double(size), "refreshesMax": Double(refreshes.max() ?? 0), "failuresMax": Double(failures.max() ?? 0),
            "requestsOnTheWireMax": Double(wire.max() ?? 0), "callMedianSeconds": calls.median,
            "callP90Seconds": calls.p90,
            "callP99Seconds": calls.p99,
        ].merging(
            transport == .http ? ["roundTripSeconds": roundTrip, "callMedianRoundTrips": inRoundTrips] : [:]
        ) { first, _ in first }
        guard contender == .gatehouse else { return BenchRow(label: label, figures: figures, numbers: numbers) }
        switch path {
        case .early, .reactive:
            let oneRefreshNoFailure = refreshes.allSatisfy { $0 == 1 } && failures.allSatisfy { $0 == 0 }
            var goal = "exactly 1 refresh, 0 failures, every trial"
            var met = oneRefreshNoFailure
            if transport == .http && path == .reactive {
                let limit = size + Self.connectionsPerHost
                goal += "; on the wire ≤ N + \(Self.connectionsPerHost) = \(limit)"
                met = met && wire.allSatisfy { $0 <= limit }
            }
            return BenchRow(label: label, figures: figures, goal: goal, met: met, numbers: numbers)
        case .revoked:
            return BenchRow(
                label: label, figures: figures, goal: "exactly 1 refresh asked, every trial (the session ends once)",
                met: refreshes.allSatisfy { $0 == 1 }, numbers: numbers)
        }
    }

    /// URLSession's connections per host on Linux: the calls a reactive
    /// storm may have on the wire with the stale token at once.
    static let connectionsPerHost = AppEnvironment.local.settings.connectionsPerHost
}
