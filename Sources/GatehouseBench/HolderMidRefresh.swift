import Foundation
import OperatingSystem

/// Two app processes on one store, signed in once and on the dashboard, the
/// first (`holder`) in the middle of a refresh the server holds on its
/// virtual clock, the store's lock in its hands: the scene in which issue
/// 41 stops or kills the holder. `StoppedHolderTests` checks what follows;
/// `gatehouse-bench --scenario processes` times it (`StoppedHolderBench`).
public struct HolderMidRefresh {
    public let server: RotatingReferenceServer
    /// Owns the store directory: keep it alive as long as the workers.
    public let fleet: SessionWorkerFleet
    public let holder: SessionWorkerProcess
    public let other: SessionWorkerProcess

    /// How long the server holds the holder's refresh, on its own clock.
    public static let heldSeconds = 5
    /// The workers' request timeout: the holder's refresh is held on the
    /// server's virtual clock while the caller stops or kills the holder,
    /// and its deadline, on real time, must not end it first however slow
    /// the machine (under a sanitizer, beside a build, 10 s did once).
    static let requestTimeoutSeconds = 600

    /// Signs in, starts the two workers, expires the tokens and has the
    /// holder call: returns once its refresh reached the server.
    public static func start(executable: String) async throws -> HolderMidRefresh {
        let server = try RotatingReferenceServer()
        let fleet = try SessionWorkerFleet(
            executable: executable, base: "local", baseURL: server.baseURL,
            settings: ["requestTimeoutSeconds": requestTimeoutSeconds], apiKey: RotatingReferenceServer.apiKey)
        try fleet.signInOnce()
        let workers = try fleet.startWorkers(2, expecting: "dashboard")
        try await server.expireTokens()
        try await server.holdNextRefresh(forSeconds: heldSeconds)
        try workers[0].send("call")
        try await server.untilARequestIsHeld()
        return HolderMidRefresh(server: server, fleet: fleet, holder: workers[0], other: workers[1])
    }

    /// Kills the holder (SIGKILL) and returns once the server has abandoned
    /// its held refresh, as servers do when the client hangs up: what the
    /// waiter then sends is the only refresh of the session. (Without the
    /// wait, a clock moved before the server saw the hang-up would grant
    /// the dead holder's refresh, and the waiter's would be a reuse.)
    public func killHolder() async throws {
        holder.signal(SIGKILL)
        holder.quit()
        try await server.untilNoRequestIsHeld()
    }

    /// Lets the server answer the held refresh (to a holder that may be
    /// stopped, or gone).
    public func answerTheHeldRefresh() async throws {
        try await server.advanceClock(seconds: Self.heldSeconds)
    }

    /// `worker`'s answer to `request`; when none comes, the failure says
    /// what the server had received by then too (whether the worker's
    /// requests reached it).
    public func ask(_ worker: SessionWorkerProcess, _ request: String) async throws -> String {
        do {
            return try worker.ask(request)
        } catch let failure as SessionWorkerProcess.Failure {
            let received = (try? await server.received()) ?? "(the server did not say)"
            throw SessionWorkerFleet.Failure(description: "\(failure.description); the server received \(received)")
        }
    }
}
