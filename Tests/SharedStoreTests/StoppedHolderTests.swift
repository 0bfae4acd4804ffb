import Foundation
import GatehouseBench
import Glibc
import Testing

/// Issue 41, item 1, with real processes: one app process (`app
/// session-worker`) is stopped (SIGSTOP, as Ctrl-Z or a debugger would)
/// while it holds the store's lock in the middle of a refresh. The other
/// never sends a refresh token then — the stopped one sent it — and says
/// another window is busy; once the first is continued, both hold one
/// session, refreshed once, no token reused. Or the first is killed, and
/// the other takes the lock and refreshes once.
///
/// Nothing depends on timing: the refresh is held on the server's virtual
/// clock, and each step waits for an answer or a counted request (a
/// missing one is a failure after a generous deadline).
@Suite("A stopped or killed lock holder", .serialized)
struct StoppedHolderTests {
    /// The fleet signed in once, with two workers on the dashboard and a
    /// refresh of `holder`'s held on the server with the lock in its hands.
    private static func holderMidRefresh() async throws -> (
        server: RotatingReferenceServer, fleet: SessionWorkerFleet, holder: SessionWorkerProcess,
        other: SessionWorkerProcess
    ) {
        let server = try RotatingReferenceServer()
        let fleet = try SessionWorkerFleet(
            executable: AppExecutable.path,
            base: "local", baseURL: server.baseURL, apiKey: RotatingReferenceServer.apiKey)
        try fleet.signInOnce()
        let workers = try fleet.startWorkers(2, expecting: "dashboard")
        try await server.expireTokens()
        let sent = try await server.metrics().requests["POST /challenge/auth", default: 0]
        try await server.holdNextRefresh(forSeconds: 5)
        try workers[0].send("call")
        try await Self.untilRequests(of: server, reach: sent + 1)
        return (server, fleet, workers[0], workers[1])
    }

    /// Waits for the server to have received `count` sign-ins and refreshes.
    private static func untilRequests(of server: RotatingReferenceServer, reach count: Int) async throws {
        let deadline = ContinuousClock.now + SessionWorkerProcess.answerDeadline
        while try await server.metrics().requests["POST /challenge/auth", default: 0] < count {
            guard ContinuousClock.now < deadline else {
                throw SessionWorkerFleet.Failure(description: "the holder's refresh never reached the server")
            }
            await Task.yield()
        }
    }

    @Test("Holder stopped mid-refresh: the other says busy and sends nothing; continued, one session, one refresh")
    func stoppedMidRefresh() async throws {
        let (server, fleet, holder, other) = try await Self.holderMidRefresh()
        defer { withExtendedLifetime(fleet) {} }  // it owns the store directory
        holder.signal(SIGSTOP)
        try await server.advanceClock(seconds: 5)  // the server answers the stopped holder's refresh

        #expect(try other.ask("call") == "session-busy-elsewhere")
        #expect(
            try other.ask("state") == "state authenticated screen dashboard stored-session yes",
            "the session read is kept")
        #expect(
            try await server.metrics().requests["POST /challenge/auth"] == 2, "the sign-in and the holder's refresh")

        holder.signal(SIGCONT)
        #expect(try holder.answer() == "ok")
        #expect(try other.ask("call") == "ok", "it adopts what the holder saved")

        let metrics = try await server.metrics()
        #expect(metrics.refreshes == 1)
        #expect(metrics.refreshTokensReused == 0)
        #expect(metrics.refreshesRejected == 0)
        for worker in [holder, other] {
            #expect(try worker.ask("state") == "state authenticated screen dashboard stored-session yes")
            worker.quit()
        }
    }

    @Test("Holder killed mid-refresh: the other takes the lock and refreshes once; the session holds")
    func killedMidRefresh() async throws {
        let (server, fleet, holder, other) = try await Self.holderMidRefresh()
        defer { withExtendedLifetime(fleet) {} }  // it owns the store directory
        holder.signal(SIGKILL)
        holder.quit()

        // The killed holder's refresh was never answered: its token is not spent.
        try await server.advanceClock(seconds: 5)
        #expect(try other.ask("call") == "ok")

        let metrics = try await server.metrics()
        #expect(metrics.refreshesRejected == 0)
        #expect(metrics.refreshTokensReused == 0)
        #expect(try other.ask("state") == "state authenticated screen dashboard stored-session yes")
        other.quit()
    }
}
