import Foundation
import Ports
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP

import OperatingSystem
import SanitizerAwareness

/// A hostile server cannot fill the app's memory or hold a call past its
/// deadline: a body is counted as it arrives and refused past its route's
/// limit (at the head when `Content-Length` declares too much), and the
/// deadline ends a transfer that is still receiving.
///
/// These run against real sockets on real time, so their budgets are the
/// issue's own: the call ends within its deadline plus one second, and the
/// peak resident size grows by less than 64 MB (times the shadow a sanitizer
/// adds). The call is made by `http-answer-probe`, a process of its own, so
/// the tests running beside this one do not count. The servers write on
/// threads of their own and never make the client wait: the slow one sleeps
/// between small chunks. One test at a time: each keeps a server writing
/// as fast as a core allows until the probe hangs up, and two at once would
/// starve each other's deadline and every suite beside them (CI runs this
/// under ThreadSanitizer on two cores).
@Suite("HTTP answers bounded in size and time", .serialized)
struct BoundedAnswerTests {
    static let memoryBudget = 64 * 1024 * 1024 * Sanitizer.costFactor
    static let statementLimit = ResponseBodyLimit.statement.bytes
    /// The deadline of a test that shows a limit refusing a body: far past
    /// the time the limit takes (hundredths of a second on an idle machine),
    /// so that on a busy one it is still the limit that ends the call, never
    /// the deadline. A one-byte-chunk body read beside three compilers took
    /// more than 10 s to reach its limit of pieces.
    static let limitTestDeadline = Duration.seconds(60)

    @Test(
        "An endless body fails at its route's limit, within the deadline plus 1 s, the peak resident size growing by under 64 MB",
        arguments: [
            StreamingServer.Body.endlessChunked(), .endlessWithLength(declared: 1 << 30),
            .endlessWithLength(declared: UInt64.max),
        ])
    func endlessBodyFailsAtTheLimit(body: StreamingServer.Body) async throws {
        let server = try StreamingServer(body: body)
        defer { server.stop() }
        let deadline = Self.limitTestDeadline

        let report = try await AnswerProbe.run(baseURL: server.baseURL, timeout: deadline)

        #expect(
            report.outcome
                == RemoteError.malformedResponse("an answer over this route's limit of \(Self.statementLimit) bytes")
                .description)
        #expect(report.elapsed < deadline + .seconds(1), "\(report)")
        #expect(report.peakGrowthBytes < Self.memoryBudget, "\(report)")
    }

    /// URLSession on Linux keeps about half a kilobyte for every piece it
    /// hands over, until it catches up: one-byte chunks at full speed would
    /// fill memory (a gigabyte within the default deadline, measured) long
    /// before any byte limit. The count of pieces refuses them.
    @Test(
        "A body in endless one-byte chunks fails at its route's limit of pieces, within the deadline plus 1 s, the peak resident size growing by under 64 MB"
    )
    func endlessTinyChunksFailAtTheLimitOfPieces() async throws {
        let server = try StreamingServer(body: .endlessChunked(chunkBytes: 1))
        defer { server.stop() }
        let deadline = Self.limitTestDeadline

        let report = try await AnswerProbe.run(baseURL: server.baseURL, timeout: deadline)

        #expect(
            report.outcome
                == RemoteError.malformedResponse(
                    "an answer in more than this route's limit of \(ResponseBodyLimit.statement.pieces) pieces"
                ).description)
        #expect(report.elapsed < deadline + .seconds(1), "\(report)")
        #expect(report.peakGrowthBytes < Self.memoryBudget, "\(report)")
    }

    @Test(
        "A body that trickles in below the limit is cut by the deadline: a timeout within the deadline plus 1 s, the peak resident size growing by under 64 MB"
    )
    func trickleIsCutByTheDeadline() async throws {
        let server = try StreamingServer(body: .trickle(bytes: 1024, every: .milliseconds(20)))
        defer { server.stop() }
        let deadline = Duration.seconds(2)

        let report = try await AnswerProbe.run(baseURL: server.baseURL, timeout: deadline)

        #expect(report.outcome == RemoteError.timeout.description)
        #expect(report.elapsed >= deadline, "the deadline, not something earlier, ended it: \(report)")
        #expect(report.elapsed < deadline + .seconds(1), "\(report)")
        #expect(server.bytesWritten > 0, "the body was still arriving when the deadline came")
        #expect(report.peakGrowthBytes < Self.memoryBudget, "\(report)")
    }

    /// A refused body goes on being read, and dropped, until URLSession's
    /// cancellation gets through its one shared queue — which reading tiny
    /// chunks keeps busy, for seconds. A call made meanwhile cannot even be
    /// started by URLSession; it still ends by its deadline.
    @Test("A call made while URLSession still reads a refused endless answer ends by its deadline plus 1 s")
    func nextCallEndsByItsDeadline() async throws {
        let endless = try StreamingServer(body: .endlessChunked(chunkBytes: 1024))
        defer { endless.stop() }
        let healthy = try StubServer { _ in .json(200, #"{"status":"healthy"}"#) }
        defer { healthy.stop() }
        let deadline = Duration.seconds(2)

        let report = try await AnswerProbe.run(
            baseURL: endless.baseURL, timeout: deadline, nextBaseURL: healthy.baseURL)

        // Refused at its limit, or, where reading is slow (a sanitizer), at its deadline.
        let refused = [
            RemoteError.malformedResponse("an answer over this route's limit of \(Self.statementLimit) bytes"),
            .timeout,
        ]
        #expect(refused.map(\.description).contains(report.outcome), "\(report)")
        let next = try #require(report.next)
        #expect(["answered healthy", RemoteError.timeout.description].contains(next.outcome), "\(report)")
        #expect(next.elapsed < deadline + .seconds(1), "\(report)")
    }

    @Test("The deadline ends a trickling call in this process too, and its exchange ends once")
    func trickleEndsItsExchangeOnce() async throws {
        let server = try StreamingServer(body: .trickle(bytes: 1024, every: .milliseconds(20)))
        defer { server.stop() }
        let tracker = RecordingTracker()
        var configuration = try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, timeout: .seconds(1))
        configuration.exchangeTracker = tracker
        let api = URLSessionStatementRemoteAPI(configuration: configuration)

        await #expect(throws: RemoteError.timeout) { try await api.statement(token: AccessToken("t")) }

        #expect(tracker.ended == ["1"])
    }

    /// A transport keeps every deadline on one timer, set for the first
    /// call still running: here it is set for a call that then ends early,
    /// and must move on to the next call's deadline when it fires.
    @Test("After a call that ended early, a trickling call on the same transport is still cut by its own deadline")
    func deadlineAfterAnEndedCall() async throws {
        let server = try StreamingServer(body: .trickle(bytes: 1024, every: .milliseconds(20)))
        defer { server.stop() }
        let deadline = Duration.seconds(1)
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, timeout: deadline))
        let first = Task { try await api.statement(token: AccessToken("t")) }
        while server.bytesWritten == 0 { await Task.yield() }
        first.cancel()
        _ = await first.result

        let started = ContinuousClock.now
        let second = Task { try await api.statement(token: AccessToken("t")) }
        // A watchdog, not a wait: were the deadline lost, the trickle would
        // go on for ever; the expectations below then fail instead of hanging.
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(10)) { second.cancel() }
        let outcome = await second.result
        let elapsed = ContinuousClock.now - started

        guard case .failure(let error) = outcome else {
            Issue.record("the trickling call was answered")
            return
        }
        #expect(error as? RemoteError == .timeout)
        #expect(elapsed >= deadline, "the deadline, not something earlier, ended it: \(elapsed)")
        #expect(elapsed < deadline + .seconds(1), "\(elapsed)")
    }

    @Test(
        "A body exactly at the limit is read whole; one byte more fails, declared or counted",
        arguments: [false, true])
    func theLimitIsExact(chunked: Bool) async throws {
        func answer(_ size: Int) async throws -> (status: Int, body: Data) {
            let baseURL: String
            let stop: @Sendable () -> Void
            if chunked {
                let server = try StreamingServer(body: .chunked(total: size))
                (baseURL, stop) = (server.baseURL, server.stop)
            } else {
                let server = try StubServer { _ in
                    StubServer.Answer(status: 200, body: Data(repeating: UInt8(ascii: " "), count: size))
                }
                (baseURL, stop) = (server.baseURL, server.stop)
            }
            defer { stop() }
            let transport = HTTPTransport(configuration: try HTTPConfiguration(baseURL: baseURL, apiKey: nil))
            return try await transport.send(
                HTTPRequest(method: "GET", path: "x", limit: ResponseBodyLimit(bytes: 5000)))
        }

        #expect(try await answer(5000).body.count == 5000)
        await #expect(throws: RemoteError.malformedResponse("an answer over this route's limit of 5000 bytes")) {
            try await answer(5001)
        }
    }

    @Test("An answer refused at the limit ends its exchange once, and a later call on the same adapter works")
    func refusedAnswerEndsItsExchangeOnce() async throws {
        let tracker = RecordingTracker()
        let endless = try StreamingServer(body: .endlessChunked(), stopsAfter: 32 << 20)
        defer { endless.stop() }
        var configuration = try HTTPConfiguration(baseURL: endless.baseURL, apiKey: nil)
        configuration.exchangeTracker = tracker
        let api = URLSessionStatementRemoteAPI(configuration: configuration)

        await #expect(throws: RemoteError.self) { try await api.statement(token: AccessToken("t")) }
        await #expect(throws: RemoteError.self) { try await api.statement(token: AccessToken("t")) }

        #expect(tracker.sent == 2)
        #expect(tracker.ended == ["1", "2"])
    }

    @Test("Cancelling the caller while the body streams in ends the call at once, as a cancelled request")
    func cancellationEndsAStreamingCall() async throws {
        let streaming = Signal()
        let server = try StreamingServer(body: .trickle(bytes: 16, every: .milliseconds(20)), started: streaming)
        defer { server.stop() }
        let api = URLSessionStatementRemoteAPI(
            configuration: try HTTPConfiguration(
                baseURL: server.baseURL, apiKey: nil, timeout: CancellationAndTrackingTests.longTimeout))
        let call = Task { try await api.statement(token: AccessToken("t")) }
        await streaming.wait()

        call.cancel()

        let result = await call.result
        #expect(throws: RemoteError.transport("request cancelled")) { try result.get() }
    }
}

extension BoundedAnswerTests {
    /// URLSession on Linux keeps a redirect's body itself until the redirect
    /// is decided, and tells no delegate of it: no limit can see it, only the
    /// deadline ends it. It grows slowly (URLSession copies the whole body at
    /// every piece), about 60 MB in the 10 s default deadline, measured.
    @Test(
        "A redirect whose body never ends is cut by the deadline within the deadline plus 1 s, the peak resident size growing by under 64 MB"
    )
    func endlessRedirectBodyIsCutByTheDeadline() async throws {
        let server = try StreamingServer(status: 302, extraHead: ["Location: /elsewhere"], body: .endlessChunked())
        defer { server.stop() }
        let deadline = Duration.seconds(2)

        let report = try await AnswerProbe.run(baseURL: server.baseURL, timeout: deadline)

        #expect(report.outcome == RemoteError.timeout.description)
        #expect(report.elapsed < deadline + .seconds(1), "\(report)")
        #expect(report.peakGrowthBytes < Self.memoryBudget, "\(report)")
    }
}
