import Composition
import DomainCore
import Foundation
import Ports

/// The token manager's own cost per call: `authorized { _ in 1 }` (a call
/// that does nothing) on the token manager the in-memory composition builds
/// (`AppContainer` on the in-memory world, its cap of connections per host),
/// signed in, with a fresh token. One caller in a loop (ns per call), and
/// 64 concurrent callers (their wall time ÷ the calls). Each figure is the
/// median of several blocks.
enum AuthorizedCallCost {
    /// How many calls, in how many blocks.
    struct Size {
        let sequentialCalls: Int
        let concurrentCallers: Int
        let callsPerCaller: Int
        let blocks: Int
    }

    static func rows(_ size: Size) async throws(BenchSetupError) -> [BenchRow] {
        let launch = try await BenchLaunch.signedInOnAnInMemoryWorld()
        let manager = await launch.container.tokenManager
        var sequential: [Double] = []
        var concurrent: [Double] = []
        var failed = false
        // One warm-up block of each.
        failed = await !sequentialBlock(manager, calls: size.sequentialCalls / 10 + 1).succeeded || failed
        failed =
            await !concurrentBlock(
                manager, callers: size.concurrentCallers, callsEach: size.callsPerCaller / 10 + 1
            ).succeeded || failed
        for _ in 0..<size.blocks {
            let (seconds, succeeded) = await sequentialBlock(manager, calls: size.sequentialCalls)
            sequential.append(seconds / Double(size.sequentialCalls))
            let (wall, allSucceeded) = await concurrentBlock(
                manager, callers: size.concurrentCallers, callsEach: size.callsPerCaller)
            concurrent.append(wall / Double(size.concurrentCallers * size.callsPerCaller))
            failed = failed || !succeeded || !allSucceeded
        }
        await launch.container.shutDown()
        await launch.container.world.settle()
        guard !failed else { throw BenchSetupError("an authorised call failed on a fresh token") }
        let perCall = BenchDistribution(sequential).median
        let perConcurrentCall = BenchDistribution(concurrent).median
        return [
            BenchRow(
                label: "authorized { _ in 1 }, sequential",
                figures:
                    "\(BenchFormat.fixed(perCall * 1e9, 0)) ns per call (median of \(size.blocks) blocks of "
                    + "\(size.sequentialCalls))",
                goal: "≤ 150 ns", met: perCall <= 150e-9, numbers: ["secondsPerCall": perCall]),
            BenchRow(
                label: "authorized { _ in 1 }, \(size.concurrentCallers) concurrent callers",
                figures:
                    "\(BenchFormat.fixed(perConcurrentCall * 1e6, 2)) µs per call, wall ÷ calls (median of "
                    + "\(size.blocks) blocks of \(size.concurrentCallers) × \(size.callsPerCaller))",
                goal: "≤ 1 µs", met: perConcurrentCall <= 1e-6,
                numbers: ["secondsPerCall": perConcurrentCall, "callers": Double(size.concurrentCallers)]),
        ]
    }

    /// `calls` calls one after another: the seconds they took, and whether all succeeded.
    private static func sequentialBlock(_ manager: TokenManager, calls: Int) async -> (Double, succeeded: Bool) {
        var succeeded = true
        let started = ContinuousClock.now
        for _ in 0..<calls {
            do {
                _ = try await manager.authorized { _ throws(RemoteError) in 1 }
            } catch {
                succeeded = false
            }
        }
        return ((ContinuousClock.now - started).benchSeconds, succeeded)
    }

    /// `callers` tasks making `callsEach` calls each: the wall time, and whether all succeeded.
    private static func concurrentBlock(_ manager: TokenManager, callers: Int, callsEach: Int) async -> (
        Double, succeeded: Bool
    ) {
        let started = ContinuousClock.now
        let succeeded = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    var succeeded = true
                    for _ in 0..<callsEach {
                        do {
                            _ = try await manager.authorized { _ throws(RemoteError) in 1 }
                        } catch {
                            succeeded = false
                        }
                    }
                    return succeeded
                }
            }
            var all = true
            for await result in group { all = all && result }
            return all
        }
        return ((ContinuousClock.now - started).benchSeconds, succeeded)
    }
}
