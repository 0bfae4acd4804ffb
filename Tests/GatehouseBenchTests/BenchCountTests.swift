import Composition
import Foundation
import GatehouseBench
import OffThePool
import Testing

/// The counts `gatehouse-bench` reports, asserted as ordinary tests: what single
/// flight and the graph's release promise must hold in every run, whatever
/// the machine. Durations are the bench's alone and never checked here.
@Suite("The bench's counts")
struct BenchCountTests {
    static let sizes = [1, 10, 100]

    @Test("An early storm (expiry known) in memory: 1 refresh, 0 failures, each call sent once", arguments: sizes)
    func earlyStormInMemory(size: Int) async throws {
        let outcome = try await StormBench.trial(over: .inMemory, path: .early, contender: .gatehouse, size: size)
        #expect(outcome.refreshes == 1)
        #expect(outcome.failures == 0)
        // The expiry is known before sending: no call goes out with the old token.
        #expect(outcome.requestsOnTheWire == size)
    }

    @Test("A reactive storm (401s) in memory: 1 refresh, 0 failures, at most one retry per call", arguments: sizes)
    func reactiveStormInMemory(size: Int) async throws {
        let outcome = try await StormBench.trial(over: .inMemory, path: .reactive, contender: .gatehouse, size: size)
        #expect(outcome.refreshes == 1)
        #expect(outcome.failures == 0)
        #expect(outcome.requestsOnTheWire > size)
        #expect(outcome.requestsOnTheWire <= 2 * size)
    }

    @Test("A revoked token in memory: 1 refresh asked, every call fails with the session", arguments: sizes)
    func revokedStormInMemory(size: Int) async throws {
        let outcome = try await StormBench.trial(over: .inMemory, path: .revoked, contender: .gatehouse, size: size)
        #expect(outcome.refreshes == 1)
        #expect(outcome.failures == size)
    }

    @Test("The naive client alone refreshes once per refused call: one storm of one call is one refresh")
    func naiveSingleCall() async throws {
        let outcome = try await StormBench.trial(over: .inMemory, path: .reactive, contender: .naive, size: 1)
        #expect(outcome.refreshes == 1)
        #expect(outcome.failures == 0)
        #expect(outcome.requestsOnTheWire == 2)
    }

    @Test("A reactive storm over HTTP to an in-process server: 1 refresh, 0 failures", arguments: [1, 10])
    func reactiveStormOverHTTP(size: Int) async throws {
        let outcome = try await StormBench.trial(over: .http, path: .reactive, contender: .gatehouse, size: size)
        #expect(outcome.refreshes == 1)
        #expect(outcome.failures == 0)
        #expect(outcome.requestsOnTheWire <= 2 * size)
    }

    @Test(
        "A storm on a fresh token in memory (cap scenario), capped or not: no refresh, 0 failures, each call sent once",
        arguments: CapStorm.Cap.allCases, sizes)
    func freshTokenStorm(cap: CapStorm.Cap, size: Int) async throws {
        let outcome = try await CapStorm.trial(cap: cap, size: size)
        #expect(outcome.refreshes == 0)
        #expect(outcome.failures == 0)
        #expect(outcome.requestsOnTheWire == size)
    }

    @Test(
        "K processes on one store (processes scenario): 1 refresh per expiry, none reused, no session lost",
        arguments: [2, 4])
    func processesShareOneRefresh(processes: Int) async throws {
        // The workers are asked and waited for: off the pool.
        let outcome = try await offThePool {
            try await SharedStoreBench.measure(processes: processes, lifetimes: 2, executable: AppExecutable.path)
        }
        #expect(outcome.refreshes == 2)
        #expect(outcome.reused == 0)
        #expect(outcome.sessionsLost == 0)
        #expect(outcome.failedCalls == 0)
    }

    @Test("One process alone on its store (the processes scenario's baseline): 1 refresh per expiry, nothing lost")
    func oneProcessRefreshesOncePerExpiry() async throws {
        let outcome = try await offThePool {
            try await SharedStoreBench.measure(processes: 1, lifetimes: 2, executable: AppExecutable.path)
        }
        #expect(outcome.refreshes == 2)
        #expect(outcome.reused == 0)
        #expect(outcome.sessionsLost == 0)
        #expect(outcome.failedCalls == 0)
    }

    @Test("A lock holder stopped mid-refresh (processes scenario): busy said, a window opens, one refresh; killed, on")
    func stoppedHolderRows() async throws {
        let rows = try await offThePool { try await StoppedHolderBench(executable: AppExecutable.path).rows() }
        #expect(rows.count == 4)
        guard rows.count == 4 else { return }
        #expect(rows[0].figures.hasPrefix("session-busy-elsewhere in "), "\(rows[0].figures)")
        #expect(rows[1].figures.hasPrefix("screen dashboard in "), "\(rows[1].figures)")
        #expect(rows[2].numbers == ["refreshes": 1, "reused": 0, "sessionsLost": 0])
        #expect(rows[2].figures.hasSuffix("(calls: ok, ok)"), "\(rows[2].figures)")
        #expect(rows[3].figures.hasPrefix("ok in "), "\(rows[3].figures)")
    }

    @Test("The soak on a few cycles: every sign-in succeeds and nothing is alive after settle()")
    @MainActor
    func soakLeavesNothingAlive() async throws {
        let outcome = try await SoakBench.soak(cycles: 20)
        #expect(outcome.failedSignIns == 0)
        #expect(outcome.alive == [])
        // Twenty cycles cannot fill the record of events: the warm-up stops at half of them.
        #expect(outcome.measuredCycles == 10)
    }
}

/// The `app` executable the `processes` scenario's workers run: built beside
/// the test binary, since this target depends on it.
enum AppExecutable {
    static var path: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("app").path
    }
}
