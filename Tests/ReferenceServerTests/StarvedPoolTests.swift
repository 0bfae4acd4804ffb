import OffThePool
import SimulatedBackend
import Dispatch
import Foundation
import ReferenceServer
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

/// The server answers even when every thread of Swift's cooperative pool is
/// busy: a request's work runs on its connection's thread, so a test suite
/// (or an app) keeping the pool occupied cannot make an in-process server
/// answer late.
///
/// Each test runs in a process of its own (an exit test): holding every pool
/// thread needs a pool that nothing else holds, and the rest of the suite,
/// running beside it on a busy two-core machine, once kept both threads for
/// over a minute. In the child only the test runs, so the hold is had at
/// once whatever the machine's load; the child says what went wrong on its
/// standard error, which the failure shows.
@Suite("Reference server with the cooperative pool held", .serialized)
struct StarvedPoolTests {
    @Test("Sign-in and the statement are answered while every pool thread is blocked")
    func answersWhileThePoolIsHeld() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key"),
                backend: InMemoryBackend(clock: ManualClock()))
            server.start()
            defer { server.stop() }

            // Off the pool: this test's own task must not need a pool thread
            // while the pool is held.
            let answers = try await offThePool { () throws -> [Int?] in
                let hold = try CooperativePoolHold()
                defer { hold.release() }
                let client = try RawClient(port: server.port, timeout: 10)
                client.send(
                    "POST /challenge/auth HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: test-key\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 41\r\n\r\n"
                        + #"{"cpf":"12345678909","password":"123456"}"#)
                let signIn = client.response()
                let token = signIn.flatMap { answer in
                    (try? JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])?["token"]
                }
                client.send(
                    "GET /challenge/list HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: test-key\r\ntoken: \(token ?? "")\r\n\r\n"
                )
                let statement = client.response()
                return [signIn?.status, statement?.status]
            }
            ChildProcess.require(
                answers == [200, 200], "answers \(answers) (nil: no answer within 10 s while the pool was held)")
        }
        ChildProcess.report(result)
    }

    @Test("A request whose client lent its count (virtual time) is answered while every pool thread is blocked")
    func answersAHandoffWhileThePoolIsHeld() async {
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            let activity = VirtualActivity()
            let clock = ManualClock(activity: activity)
            let server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key"),
                backend: InMemoryBackend(clock: clock), virtualClock: clock, virtualActivity: activity)
            server.start()
            defer { server.stop() }

            // A counted client lends its count, then waits (parked on a promise)
            // until the answer is in, and takes it back, as the http plugin does.
            let answered = CountingTaskScheduler(activity: activity).makePromise(of: Void.self)
            let lent = CountingTaskScheduler(activity: activity).makePromise(of: UInt64?.self)
            let client = CountingTaskScheduler(activity: activity).spawn {
                let id = activity.lend()
                lent.complete(with: id)
                await answered.value
                if let id { activity.takeBack(id) }
            }
            let lentID = await lent.value
            ChildProcess.require(lentID != nil, "a counted task lends its count")
            let handoff = lentID ?? 0

            let status = try await offThePool { () throws -> Int? in
                let hold = try CooperativePoolHold()
                defer { hold.release() }
                let client = try RawClient(port: server.port, timeout: 10)
                client.send(
                    "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\(VirtualActivity.handoffHeader): \(handoff)\r\n\r\n")
                return client.response()?.status
            }
            answered.complete(with: ())
            await client.value

            ChildProcess.require(
                status == 200, "status \(status.map(String.init) ?? "nil") (nil: no answer within 10 s)")
            await activity.waitUntilIdle()
            ChildProcess.require(activity.openHandoffCount == 0, "\(activity.openHandoffCount) handoffs left open")
        }
        ChildProcess.report(result)
    }
}

/// What an exit test's child says and how its parent shows it.
enum ChildProcess {
    /// In the child: ends it as a failure, saying why on standard error,
    /// unless `condition` holds.
    static func require(_ condition: Bool, _ why: @autoclosure () -> String) {
        guard !condition else { return }
        FileHandle.standardError.write(Data(("✘ " + why() + "\n").utf8))
        exit(EXIT_FAILURE)
    }

    /// In the parent: a child that did not succeed has its standard error
    /// (an uncaught error's text too) recorded with the failure.
    static func report(_ result: ExitTest.Result?) {
        guard let result, result.exitStatus != .exitCode(EXIT_SUCCESS) else { return }
        Issue.record("the child said: \(String(decoding: result.standardErrorContent, as: UTF8.self))")
    }
}

/// Blocks every thread of the cooperative pool (one per core) until
/// `release()`. Waits, at most a minute, until all of them are held, so that
/// what runs meanwhile provably gets no pool thread; each holder lets go by
/// itself after two minutes, so a test that dies holding them cannot wedge
/// the rest of the suite for ever. Call it off the pool (`offThePool`).
final class CooperativePoolHold: Sendable {
    struct NotHeld: Error, CustomStringConvertible {
        let held: Int, width: Int
        var description: String { "only \(held) of the pool's \(width) threads could be held within a minute" }
    }

    private let releaseSignal = DispatchSemaphore(value: 0)
    private let allHeld = DispatchSemaphore(value: 0)
    private let held = Mutex(0)
    private let width = ProcessInfo.processInfo.activeProcessorCount

    /// One hold at a time in the whole process: two holds each taking half
    /// the pool would wait for each other.
    private static let oneAtATime = DispatchSemaphore(value: 1)

    init() throws(NotHeld) {
        Self.oneAtATime.wait()
        let width = self.width
        for _ in 0..<width {
            Task.detached { [self] in
                let count = held.withLock { count in
                    count += 1
                    return count
                }
                if count == width { allHeld.signal() }
                _ = releaseSignal.wait(timeout: .now() + 120)
            }
        }
        guard allHeld.wait(timeout: .now() + 60) == .success else {
            release()
            throw NotHeld(held: held.withLock { $0 }, width: width)
        }
    }

    /// Lets every holder go. Call it once.
    func release() {
        for _ in 0..<width { releaseSignal.signal() }
        Self.oneAtATime.signal()
    }
}
