import GatehouseBench
import OffThePool
import Testing

/// Issue 29, "done when" 1, against the reference server: K app processes
/// sharing one store directory meet every expiry of their token at once, on a
/// backend that rotates refresh tokens and detects their reuse. One refresh
/// per expiry, none reused, none refused, no session lost.
///
/// The workers are real processes (`app session-worker`) on real time; only
/// the server's clock is virtual, moved by the test, so nothing here depends
/// on timing: each step waits for every answer (a missing one is a failure
/// after a generous deadline).
@Suite("Several processes refresh one session", .serialized)
struct CrossProcessRefreshTests {
    /// How many times the token expires under the workers.
    static let expiries = 3

    @Test(
        "K processes sharing a store make exactly one refresh per expiry and lose no session (reference server)",
        arguments: [2, 4, 8])
    func oneRefreshPerExpiry(processes: Int) async throws {
        try await offThePool {
            try await assertOneRefreshPerExpiry(processes: processes)
        }
    }

    @Test("One process alone makes one refresh per expiry and keeps its session (the harness, today)")
    func oneProcessAlone() async throws {
        try await offThePool {
            try await assertOneRefreshPerExpiry(processes: 1)
        }
    }

    private func assertOneRefreshPerExpiry(processes: Int) async throws {
        let server = try RotatingReferenceServer()
        let fleet = try SessionWorkerFleet(
            executable: AppExecutable.path,
            base: "local", baseURL: server.baseURL, apiKey: RotatingReferenceServer.apiKey)
        try fleet.signInOnce()
        let workers = try fleet.startWorkers(processes, expecting: "dashboard")
        #expect(try SessionWorkerFleet.callUntilNotBusy(workers).answers == Array(repeating: "ok", count: processes))
        let before = try await server.metrics()

        for expiry in 1...Self.expiries {
            try await server.expireTokens()
            // A waiter told the holder was busy calls again, as a person would.
            let (answers, callsAgain) = try SessionWorkerFleet.callUntilNotBusy(workers)
            #expect(answers == Array(repeating: "ok", count: processes), "expiry \(expiry), \(callsAgain) called again")
        }

        let after = try await server.metrics()
        #expect(after.refreshes - before.refreshes == Self.expiries, "one refresh per expiry, whatever K")
        #expect(after.refreshTokensReused == 0)
        #expect(after.refreshesRejected == 0)
        let states = try SessionWorkerFleet.askAtOnce(workers, "state")
        #expect(
            states
                == Array(
                    repeating: "state authenticated screen dashboard stored-session yes", count: processes),
            "every process is still signed in")
        workers.forEach { $0.quit() }
    }
}
