import Foundation
import GatehouseBench
import OperatingSystem
import OffThePool
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
    @Test("Holder stopped mid-refresh: the other says busy and sends nothing; continued, one session, one refresh")
    func stoppedMidRefresh() async throws {
        try await offThePool {
            let scene = try await HolderMidRefresh.start(executable: AppExecutable.path)
            let (server, holder, other) = (scene.server, scene.holder, scene.other)
            defer { withExtendedLifetime(scene.fleet) {} }  // it owns the store directory
            holder.signal(SIGSTOP)
            try await scene.answerTheHeldRefresh()  // to a holder that cannot read it yet

            #expect(try await scene.ask(other, "call") == "session-busy-elsewhere")
            #expect(
                try await scene.ask(other, "state") == "state authenticated screen dashboard stored-session yes",
                "the session read is kept")
            // A window opened now reads the session without waiting for the
            // lock, cannot refresh, and opens on the profile kept.
            let late = try scene.fleet.startWorker("late")
            #expect(try await scene.ask(late, "launch") == "screen dashboard")
            #expect(
                try await server.metrics().requests["POST /challenge/auth"] == 2, "the sign-in and the holder's refresh"
            )

            holder.signal(SIGCONT)
            #expect(try holder.answer() == "ok")
            #expect(try await scene.ask(other, "call") == "ok", "it adopts what the holder saved")
            #expect(try await scene.ask(late, "call") == "ok", "so does the window opened meanwhile")

            let metrics = try await server.metrics()
            #expect(metrics.refreshes == 1)
            #expect(metrics.refreshTokensReused == 0)
            #expect(metrics.refreshesRejected == 0)
            for worker in [holder, other, late] {
                #expect(try worker.ask("state") == "state authenticated screen dashboard stored-session yes")
                worker.quit()
            }
        }
    }

    @Test("Holder killed mid-refresh: the other takes the lock and refreshes once; the session holds")
    func killedMidRefresh() async throws {
        try await offThePool {
            let scene = try await HolderMidRefresh.start(executable: AppExecutable.path)
            let (server, other) = (scene.server, scene.other)
            defer { withExtendedLifetime(scene.fleet) {} }  // it owns the store directory
            try await scene.killHolder()

            // The killed holder's refresh was abandoned by the server: its token is not spent.
            try await scene.answerTheHeldRefresh()
            #expect(try await scene.ask(other, "call") == "ok")

            let metrics = try await server.metrics()
            #expect(metrics.refreshesRejected == 0)
            #expect(metrics.refreshTokensReused == 0)
            #expect(try await scene.ask(other, "state") == "state authenticated screen dashboard stored-session yes")
            other.quit()
        }
    }

    @Test("Holder stopped before its refresh: the other refreshes at once; continued, the first adopts it")
    func stoppedBeforeRefresh() async throws {
        try await offThePool {
            let server = try RotatingReferenceServer()
            let fleet = try SessionWorkerFleet(
                executable: AppExecutable.path, base: "local", baseURL: server.baseURL,
                apiKey: RotatingReferenceServer.apiKey)
            try fleet.signInOnce()
            let workers = try fleet.startWorkers(2, expecting: "dashboard")
            try await server.expireTokens()
            workers[0].signal(SIGSTOP)  // stopped holding nothing: it blocks no one

            #expect(try workers[1].ask("call") == "ok")
            workers[0].signal(SIGCONT)
            #expect(try workers[0].ask("call") == "ok", "it adopts the token the other stored")

            let metrics = try await server.metrics()
            #expect(metrics.refreshes == 1)
            #expect(metrics.refreshTokensReused == 0)
            #expect(metrics.refreshesRejected == 0)
            for worker in workers {
                #expect(try worker.ask("state") == "state authenticated screen dashboard stored-session yes")
                worker.quit()
            }
        }
    }
}
