import AdapterSupport
import Foundation
import Synchronization

import OperatingSystem

/// The loopback HTTP server under the suites' dialect stand-ins (Supabase
/// Auth, OAuth 2.0): it listens on 127.0.0.1 only, on an ephemeral port, and
/// serves one connection at a time (`Connection: close`), reading at most
/// 16 KiB of head and 64 KiB of body within 30 s, and hands each request to
/// its handler. The handler's async work runs on the serving thread
/// (`ServingExecutor`), never waiting for a thread of the cooperative pool
/// that other tests keep busy (two on a small CI machine): a client would
/// time out. Like the reference server in the suites it lives until the test
/// process ends: the adapters under test outlive their fixture.
final class LoopbackStandIn: Sendable {
    /// `http://127.0.0.1:<port>`.
    let root: String
    private let listener: Int32

    init() throws {
        guard case .success(let (fd, port)) = LoopbackSocket.listen(backlog: 16) else { throw StandInError() }
        listener = fd
        root = "http://127.0.0.1:\(port)"
    }

    struct StandInError: Error, CustomStringConvertible {
        var description: String { "a stand-in cannot listen on 127.0.0.1" }
    }

    /// Starts answering, on a thread of its own, with `handler`.
    func start(_ handler: @escaping @Sendable (Request) async -> Answer) {
        Thread { [self] in acceptLoop(handler) }.start()
    }

    private func acceptLoop(_ handler: @escaping @Sendable (Request) async -> Answer) {
        while true {
            let client = Platform.acceptConnection(on: listener)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            serve(client, handler)
            close(client)
        }
    }

    struct Request: Sendable {
        let method: String
        let path: String
        let query: String
        let headers: [String: String]
        let body: Data
    }

    struct Answer: Sendable {
        var status: Int
        var body: Data
        /// Close without answering.
        var drop = false

        static func json(_ status: Int, _ object: [String: Any]) -> Answer {
            Answer(status: status, body: (try? JSONSerialization.data(withJSONObject: object)) ?? Data())
        }
    }

    private func serve(_ client: Int32, _ handler: @escaping @Sendable (Request) async -> Answer) {
        var limit = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard let request = read(client) else { return }
        // The answer is worked out on this thread (`ServingExecutor`), never
        // waiting for a thread of the cooperative pool that other tests keep
        // busy (two on a small CI machine): a client would time out.
        let answer = ServingExecutor().serve { await handler(request) }
        guard !answer.drop else {
            // The connection breaks mid-answer, as the reference server drops
            // one (closing before any byte would let a client retry).
            respond(Answer(status: 200, body: Data("{".utf8)), claimedLength: 1024, to: client)
            return
        }
        respond(answer, to: client)
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

    private func respond(_ answer: Answer, claimedLength: Int? = nil, to client: Int32) {
        var text = "HTTP/1.1 \(answer.status) \(answer.status < 300 ? "OK" : "Status")\r\n"
        text += "Content-Length: \(claimedLength ?? answer.body.count)\r\n"
        if !answer.body.isEmpty { text += "Content-Type: application/json\r\n" }
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

/// Runs one request's async work on the serving thread: the task prefers
/// this executor (SE-0417), so its jobs, and those of the backend actor it
/// calls, are queued here and run by the thread waiting for the answer. A job
/// that arrives once the answer is in (an actor letting go of this thread)
/// runs on a thread of its own, never left queued with nobody to run it. (The
/// reference server's `ConnectionExecutor` does the same, watching for a
/// hang-up too.)
private final class ServingExecutor: TaskExecutor {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var serving = true
    }

    private let queue = Mutex(Queue())
    private let wake = DispatchSemaphore(value: 0)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let queued = queue.withLock { queue in
            guard queue.serving else { return false }
            queue.jobs.append(job)
            return true
        }
        guard queued else {
            let executor = asUnownedTaskExecutor()
            Thread { job.runSynchronously(on: executor) }.start()
            return
        }
        wake.signal()
    }

    /// Runs `operation` to its end on the calling thread and returns its result.
    func serve<Success: Sendable>(_ operation: @escaping @Sendable () async -> Success) -> Success {
        let outcome = Mutex<Success?>(nil)
        Task(executorPreference: self) {
            let value = await operation()
            outcome.withLock { $0 = value }
        }
        while true {
            wake.wait()
            let jobs = queue.withLock { queue in
                defer { queue.jobs = [] }
                return queue.jobs
            }
            for job in jobs { job.runSynchronously(on: asUnownedTaskExecutor()) }
            if let value = outcome.withLock({ $0 }) {
                let leftovers = queue.withLock { queue in
                    queue.serving = false
                    defer { queue.jobs = [] }
                    return queue.jobs
                }
                for job in leftovers { job.runSynchronously(on: asUnownedTaskExecutor()) }
                return value
            }
        }
    }
}
