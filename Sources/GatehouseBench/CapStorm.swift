import SimulatedBackend
import Composition
import DomainCore
import Foundation
import OperatingSystem
import Ports
import TaskRuntime

/// What the cap costs when a storm meets a FRESH token (nothing to
/// refresh): N concurrent authorised calls (`GET /users/me`, in memory)
/// through a token manager whose policy caps the calls in flight at the
/// connections per host, or has no cap at all. Timed: the storm's wall
/// time, from the first call started to the last one answered, and the CPU
/// time the process used meanwhile (every thread: whether the cap adds work,
/// or only spreads the same work differently over the cores).
public enum CapStorm {
    /// The token manager's limit of calls in flight.
    public enum Cap: String, Sendable, CaseIterable, Codable {
        /// `StormBench.connectionsPerHost` (6), as every app's policy has it.
        case capped
        /// `maxAuthorizedCallsInFlight: nil`.
        case uncapped

        var limit: Int? { self == .capped ? StormBench.connectionsPerHost : nil }
    }

    /// What one storm did.
    public struct Outcome: Sendable, Hashable {
        /// Refresh requests the backend saw (none: the token was fresh).
        public let refreshes: Int
        /// Calls that did not return the user.
        public let failures: Int
        /// Authorised requests (`GET /users/me`) the backend saw.
        public let requestsOnTheWire: Int
        /// The storm's wall time, in seconds.
        public let wallSeconds: Double
        /// The CPU time the process used during the storm, in seconds.
        public let cpuSeconds: Double
    }

    /// One storm of `size` calls on a fresh session of an in-memory backend.
    public static func trial(cap: Cap, size: Int) async throws(BenchSetupError) -> Outcome {
        let stage = try BenchBackendStage(.inMemory)
        defer { stage.stop() }
        return try await trial(on: stage, cap: cap, size: size)
    }

    static func trial(on stage: BenchBackendStage, cap: Cap, size: Int) async throws(BenchSetupError) -> Outcome {
        let token = try await stage.freshToken()
        let manager = await BenchTokenManager.started(
            on: stage, clock: stage.backendClock, token: token, maxInFlight: cap.limit)
        let user = stage.user
        let started = ContinuousClock.now
        let cpuBefore = Platform.cpuSecondsOfThisProcess()
        let succeeded = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<size {
                group.addTask { await BenchTokenManager.currentUser(through: manager, from: user) }
            }
            var succeeded = 0
            for await result in group where result { succeeded += 1 }
            return succeeded
        }
        let wall = (ContinuousClock.now - started).benchSeconds
        let cpu = Platform.cpuSecondsOfThisProcess() - cpuBefore
        await manager.stop()
        let metrics = await stage.backend.metrics()
        return Outcome(
            refreshes: metrics.refreshes + metrics.refreshesRejected, failures: size - succeeded,
            requestsOnTheWire: metrics.requestCount(BackendRoute.currentUser), wallSeconds: wall, cpuSeconds: cpu)
    }

    /// Capped and uncapped storms alternating trial by trial (which goes
    /// first alternates too): the p50 of each, and the goal on their ratio.
    static func rows(size: Int, trials: Int) async throws(BenchSetupError) -> [BenchRow] {
        let stage = try BenchBackendStage(.inMemory)
        defer { stage.stop() }
        var walls: [Cap: [Double]] = [:]
        var cpus: [Cap: [Double]] = [:]
        var failures = 0
        // One warm-up storm each: code paths paged in, the backend's tables grown.
        for cap in Cap.allCases { _ = try await trial(on: stage, cap: cap, size: size) }
        for trial in 0..<trials {
            let order: [Cap] = trial.isMultiple(of: 2) ? [.capped, .uncapped] : [.uncapped, .capped]
            for cap in order {
                let outcome = try await Self.trial(on: stage, cap: cap, size: size)
                failures += outcome.failures + outcome.refreshes
                walls[cap, default: []].append(outcome.wallSeconds)
                cpus[cap, default: []].append(outcome.cpuSeconds)
            }
        }
        guard failures == 0 else {
            throw BenchSetupError("a storm on a fresh token failed a call or refreshed (\(failures) in all)")
        }
        let capped = BenchDistribution(walls[.capped] ?? [])
        let uncapped = BenchDistribution(walls[.uncapped] ?? [])
        let ratio = uncapped.median > 0 ? capped.median / uncapped.median : 0
        let cappedCPU = BenchDistribution(cpus[.capped] ?? [])
        let uncappedCPU = BenchDistribution(cpus[.uncapped] ?? [])
        let cpuRatio = uncappedCPU.median > 0 ? cappedCPU.median / uncappedCPU.median : 0
        return [
            BenchRow(
                label: "storm N=\(size), fresh token, cap removed",
                figures:
                    "p50 \(BenchFormat.milliseconds(uncapped.median)) · CPU p50 "
                    + "\(BenchFormat.milliseconds(uncappedCPU.median)) (\(trials) storms)",
                numbers: [
                    "size": Double(size), "medianSeconds": uncapped.median, "medianCPUSeconds": uncappedCPU.median,
                ]),
            BenchRow(
                label: "storm N=\(size), fresh token, cap of \(StormBench.connectionsPerHost)",
                figures:
                    "p50 \(BenchFormat.milliseconds(capped.median)) · \(BenchFormat.ratio(ratio)) the uncapped p50 · "
                    + "CPU p50 \(BenchFormat.milliseconds(cappedCPU.median)), \(BenchFormat.ratio(cpuRatio))",
                goal: "≤ 1.10× uncapped", met: ratio <= 1.10,
                numbers: [
                    "size": Double(size), "medianSeconds": capped.median, "ratioToUncapped": ratio,
                    "medianCPUSeconds": cappedCPU.median, "cpuRatioToUncapped": cpuRatio,
                ]),
        ]
    }
}
