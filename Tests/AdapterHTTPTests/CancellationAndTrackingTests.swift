import Foundation
import Ports
import Synchronization
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP

/// A request ends with its task: cancelling the caller cancels the request at
/// once (a relaunch or logout never waits for a slow server), and an
/// exchange tracker hears of each request exactly once, out and back.
@Suite("HTTP cancellation and exchange tracking")
struct CancellationAndTrackingTests {
    /// Long enough that a request ended by its timeout cannot pass for one
    /// ended by cancellation.
    static let longTimeout = Duration.seconds(120)

    @Test("Cancelling the caller cancels a request the server never answers, long before its timeout")
    func cancellationEndsTheRequest() async throws {
        let arrived = Signal()
        let server = try StubServer { _ in
            arrived.fire()
            return StubServer.Answer(status: 200, hang: true)
        }
        defer { server.stop() }
        let api = URLSessionUserRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, timeout: Self.longTimeout))
        let call = Task { try await api.currentUser(token: AccessToken("t")) }

        await arrived.wait()
        call.cancel()

        let result = await call.result
        #expect(throws: RemoteError.transport("request cancelled")) { try result.get() }
    }

    @Test("The tracker tags the request and hears once that it ended, when it is answered")
    func trackerHearsOfAnAnsweredRequest() async throws {
        let tracker = RecordingTracker()
        let server = try StubServer { _ in .json(200, #"{"users":[]}"#) }
        defer { server.stop() }
        var configuration = try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil)
        configuration.exchangeTracker = tracker

        _ = try await URLSessionUserRemoteAPI(configuration: configuration).relatedUsers(token: AccessToken("t"))

        #expect(try #require(server.requests.first).header("x-test-exchange") == "1")
        #expect(tracker.sent == 1)
        #expect(tracker.ended == ["1"])
    }

    @Test("The tracker hears that a cancelled request ended as the caller is cancelled, once")
    func trackerHearsOfACancelledRequestAtOnce() async throws {
        let tracker = RecordingTracker()
        let arrived = Signal()
        let server = try StubServer { _ in
            arrived.fire()
            return StubServer.Answer(status: 200, hang: true)
        }
        defer { server.stop() }
        var configuration = try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, timeout: Self.longTimeout)
        configuration.exchangeTracker = tracker
        let api = URLSessionUserRemoteAPI(configuration: configuration)
        let call = Task { try await api.currentUser(token: AccessToken("t")) }
        await arrived.wait()

        call.cancel()

        // Synchronously, before the task could run again.
        #expect(tracker.ended == ["1"])
        _ = await call.result
        #expect(tracker.ended == ["1"])
    }

    @Test("A request that cannot connect still ends its exchange")
    func trackerHearsOfAFailedConnection() async throws {
        let tracker = RecordingTracker()
        let closed = try StubServer { _ in .json(200, "{}") }
        let baseURL = closed.baseURL
        closed.stop()
        var configuration = try HTTPConfiguration(baseURL: baseURL, apiKey: nil)
        configuration.exchangeTracker = tracker

        await #expect(throws: RemoteError.self) {
            try await URLSessionHealthProbe(configuration: configuration).check()
        }
        #expect(tracker.ended == ["1"])
    }
}

/// Tags requests `1`, `2`, … and records which ended.
final class RecordingTracker: HTTPExchangeTracker {
    private struct State {
        var sent = 0
        var ended: [String] = []
    }

    private let state = Mutex(State())

    var sent: Int { state.withLock { $0.sent } }
    var ended: [String] { state.withLock { $0.ended } }

    func willSend() -> HTTPExchangeTag? {
        let number = state.withLock { state in
            state.sent += 1
            return state.sent
        }
        return HTTPExchangeTag(headerName: "X-Test-Exchange", headerValue: String(number))
    }

    func didEnd(_ tag: HTTPExchangeTag) {
        state.withLock { $0.ended.append(tag.headerValue) }
    }
}

/// A one-shot signal a stub's thread fires and a test awaits.
final class Signal: Sendable {
    private struct State {
        var fired = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    func fire() {
        let waiter = state.withLock { state in
            state.fired = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let fired = state.withLock { state in
                if state.fired { return true }
                state.waiter = continuation
                return false
            }
            if fired { continuation.resume() }
        }
    }
}
