import AdapterSupport
public import Foundation
public import SimulatedBackend
import Synchronization

import OperatingSystem

/// A loopback HTTP server for a dialect's stand-in (Gatehouse's own dialect
/// stand-ins are made on it, and so can a team's): it listens on 127.0.0.1
/// only, on an ephemeral port, and
/// serves one connection at a time (`Connection: close`), reading at most
/// 16 KiB of head and 64 KiB of body within 30 s, and hands each request to
/// its handler. The handler's async work runs on the serving thread
/// (`ServingExecutor`), never waiting for a thread of the cooperative pool
/// that other tests keep busy (two on a small CI machine): a client would
/// time out. It lives until `stop()` or the end of the process (a contract
/// test's adapters outlive their fixture, so its stand-ins are never stopped).
///
/// A stand-in of a backend that keeps its accounts, tokens, clock and
/// faults in an `InMemoryBackend` answers each request by asking the
/// backend to `admit` the request's route (a fault injected on it is
/// answered here) and then calling the backend: it writes the dialect, not
/// a backend. `StandInAuthControl` is the auth contract's switches over
/// that backend.
public final class LoopbackStandIn: Sendable {
    /// `http://127.0.0.1:<port>`.
    public let root: String
    private let listener: Int32
    /// Where a redirect to another origin points, once one was answered.
    private let elsewhere = Mutex<AnotherOrigin?>(nil)
    /// Whether `stop()` was called, and whether the accept loop runs: the
    /// one that owns the listener closes it.
    private let lifecycle = Mutex((stopped: false, acceptLoopStarted: false))

    /// Listens on 127.0.0.1, on `port` or, when it is 0, on an ephemeral
    /// port; `start(_:)` answers.
    public init(port: UInt16 = 0) throws(StandInError) {
        switch LoopbackSocket.listen(backlog: 16, port: port) {
        case .success(let (fd, bound)):
            listener = fd
            root = "http://127.0.0.1:\(bound)"
        case .failure(let failure):
            throw StandInError(port: port, reason: failure.reason)
        }
    }

    /// No socket could listen on 127.0.0.1 (the port is another program's,
    /// or no descriptor is left).
    public struct StandInError: Error, CustomStringConvertible {
        /// The port asked for; 0 for any.
        public let port: UInt16
        /// The system's words (errno's text).
        public let reason: String

        /// What went wrong, in a sentence.
        public var description: String {
            port == 0
                ? "a stand-in cannot listen on 127.0.0.1: \(reason)"
                : "a stand-in cannot listen on 127.0.0.1:\(port): \(reason)"
        }
    }

    /// One answered request, as a log shows it: never a header, the query
    /// (a Web API key travels there) or a body.
    public struct Answered: Sendable {
        /// `GET`, `POST`, …
        public let method: String
        /// The path, without the query.
        public let path: String
        /// The status answered; nil when the answer was broken off.
        public let status: Int?
        /// From the request read to the answer written.
        public let duration: Duration
    }

    /// Starts answering, on a thread of its own, with `handler`; each
    /// answered request is told to `requestLog`, on that thread.
    public func start(
        requestLog: (@Sendable (Answered) -> Void)? = nil, _ handler: @escaping @Sendable (Request) async -> Answer
    ) {
        let stopped = lifecycle.withLock { state in
            if !state.stopped { state.acceptLoopStarted = true }
            return state.stopped
        }
        guard !stopped else { return }
        Thread { [self] in acceptLoop(handler, requestLog) }.start()
    }

    /// Stops listening: a request being answered is answered, and no
    /// other is read. The port is free again once the accept loop has
    /// seen it (at once when none runs).
    public func stop() {
        let acceptLoopOwnsListener: Bool? = lifecycle.withLock { state in
            guard !state.stopped else { return nil }
            state.stopped = true
            return state.acceptLoopStarted
        }
        guard let acceptLoopOwnsListener else { return }
        // Shutting the listener down wakes a blocked accept(); the accept loop
        // closes it then, so its number cannot be reused while accept() may
        // still be called on it.
        shutdown(listener, Int32(SHUT_RDWR))
        if !acceptLoopOwnsListener { close(listener) }
    }

    private func acceptLoop(
        _ handler: @escaping @Sendable (Request) async -> Answer, _ requestLog: (@Sendable (Answered) -> Void)?
    ) {
        while true {
            let client = Platform.acceptConnection(on: listener)
            if client < 0 {
                if errno == EINTR, !lifecycle.withLock({ $0.stopped }) { continue }
                close(listener)
                return
            }
            guard !lifecycle.withLock({ $0.stopped }) else {
                close(client)
                close(listener)
                return
            }
            serve(client, handler, requestLog)
            close(client)
        }
    }

    /// One request as the stand-in read it (at most 16 KiB of head and
    /// 64 KiB of body; anything larger is never handed over).
    public struct Request: Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
        /// `GET`, `POST`, …
        public let method: String
        /// The path, without the query.
        public let path: String
        /// What follows `?` in the target, as sent (not decoded); empty when none.
        public let query: String
        /// The headers, their names lowercased.
        public let headers: [String: String]
        /// The body, as long as `Content-Length` said.
        public let body: Data

        /// The method, the path and how long the body is: never a header's
        /// value or the body, which carry keys, tokens and passwords.
        public var description: String {
            "\(method) \(path) (\(headers.count) headers, \(body.count) bytes of body withheld)"
        }

        /// The description: a debugger shows no secret either.
        public var debugDescription: String { description }

        /// A mirror of the description alone, so that `dump` shows no secret either.
        public var customMirror: Mirror { Mirror(self, children: ["description": description]) }

        /// A request, as a handler's own test may make one.
        public init(
            method: String, path: String, query: String = "", headers: [String: String] = [:], body: Data = Data()
        ) {
            self.method = method
            self.path = path
            self.query = query
            self.headers = headers
            self.body = body
        }
    }

    /// What the stand-in answers: a status and a JSON body (sent with
    /// `Content-Type: application/json` when not empty), or a connection
    /// dropped mid-answer.
    public struct Answer: Sendable {
        /// The status.
        public var status: Int
        /// The body.
        public var body: Data
        /// Break the connection mid-answer instead (a head that promises
        /// more than is sent), as a server that fails under load.
        public var drop = false
        /// How the answer travels when a check of the client's transport
        /// asks (`InMemoryBackend.FaultAction.deliver`); nil: as it is.
        public var delivery: InMemoryBackend.Delivery?

        /// An answer of `status` with `body`; `drop` breaks it off instead.
        public init(status: Int, body: Data, drop: Bool = false) {
            self.status = status
            self.body = body
            self.drop = drop
        }

        /// An answer of `status` with `object` as JSON.
        public static func json(_ status: Int, _ object: [String: Any]) -> Answer {
            Answer(status: status, body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
        }
    }

    private func serve(
        _ client: Int32, _ handler: @escaping @Sendable (Request) async -> Answer,
        _ requestLog: (@Sendable (Answered) -> Void)?
    ) {
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(client) else { return }
        let began = ContinuousClock.now
        // The answer is worked out on this thread (`ServingExecutor`), never
        // waiting for a thread of the cooperative pool that other tests keep
        // busy (two on a small CI machine): a client would time out.
        let answer = ServingExecutor().serve { await handler(request) }
        defer {
            requestLog?(
                Answered(
                    method: request.method, path: request.path, status: answer.drop ? nil : answer.status,
                    duration: ContinuousClock.now - began))
        }
        guard !answer.drop else {
            // The connection breaks mid-answer, as the reference server drops
            // one (closing before any byte would let a client retry).
            respond(Answer(status: 200, body: Data("{".utf8)), claimedLength: 1024, to: client)
            return
        }
        switch answer.delivery {
        case nil: respond(answer, to: client)
        case .pastTheBound?:
            respond(
                Answer(status: answer.status, body: InMemoryBackend.Delivery.paddedPastTheBound(answer.body)),
                to: client)
        case .pastTheBoundWithoutLength?:
            let padded = Answer(status: answer.status, body: InMemoryBackend.Delivery.paddedPastTheBound(answer.body))
            respond(padded, claimedLength: nil, sayingLength: false, to: client)
        case .redirectToAnotherOrigin?:
            var served = answer
            served.delivery = nil
            guard let origin = anotherOrigin() else {
                respond(Answer(status: 200, body: Data("{".utf8)), claimedLength: 1024, to: client)
                return
            }
            origin.hold(served)
            let location = origin.root + request.path + (request.query.isEmpty ? "" : "?" + request.query)
            respond(Answer(status: 307, body: Data()), extraHeaders: ["Location: \(location)"], to: client)
        }
    }

    /// This stand-in's other origin, opened the first time it is asked
    /// for; nil when it cannot listen.
    private func anotherOrigin() -> AnotherOrigin? {
        elsewhere.withLock { origin in
            if let origin { return origin }
            origin = try? AnotherOrigin()
            return origin
        }
    }

    /// One request, or nil when it is cut short, too large or unreadable.
    private func read(_ client: Int32) -> Request? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headEnd: Range<Data.Index>?
        while headEnd == nil {
            guard data.count < 16_384 else { return nil }
            let count = recv(client, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            headEnd = data.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: data[..<headEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ").map(String.init) ?? []
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? -1
        guard (0...65_536).contains(length) else { return nil }
        var body = Data(data[headEnd.upperBound...])
        if body.count < length, headers["expect"]?.lowercased() == "100-continue" {
            let interim = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
            _ = interim.withUnsafeBytes { Platform.send(client, $0.baseAddress, $0.count) }
        }
        while body.count < length {
            let count = recv(client, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            body.append(contentsOf: buffer[0..<count])
        }
        let target = parts[1].split(separator: "?", maxSplits: 1).map(String.init)
        return Request(
            method: parts[0], path: target[0], query: target.count > 1 ? target[1] : "", headers: headers,
            body: body.prefix(length))
    }

    private func respond(
        _ answer: Answer, claimedLength: Int? = nil, sayingLength: Bool = true, extraHeaders: [String] = [],
        to client: Int32
    ) {
        var text = "HTTP/1.1 \(answer.status) \(HTTPReasonPhrase.of(answer.status))\r\n"
        if sayingLength { text += "Content-Length: \(claimedLength ?? answer.body.count)\r\n" }
        if !answer.body.isEmpty { text += "Content-Type: application/json\r\n" }
        for header in extraHeaders { text += header + "\r\n" }
        text += "Connection: close\r\n\r\n"
        let message = Array(text.utf8) + Array(answer.body)
        var offset = 0
        while offset < message.count {
            let written = message[offset...].withUnsafeBytes {
                Platform.send(client, $0.baseAddress, $0.count)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

}
