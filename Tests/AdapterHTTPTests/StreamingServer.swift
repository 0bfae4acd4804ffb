import Foundation
import Synchronization

import OperatingSystem

/// A hostile server on loopback: after each request's head it writes an
/// answer whose body never ends, until the client goes away (or, for
/// `chunked`, one of a given length with no `Content-Length`). Blocking
/// sockets, a thread per connection, `send` with `MSG_NOSIGNAL` (a client
/// that hangs up ends the writing, never the test process).
final class StreamingServer: Sendable {
    enum Body: Sendable {
        /// Chunked, chunks of `chunkBytes` as fast as the socket takes them
        /// (small ones written many to a `send`). Small ones cost the client
        /// more to read than the server to write.
        case endlessChunked(chunkBytes: Int = 64 * 1024)
        /// `Content-Length: declared`, then bytes as fast as the socket takes them, never stopping.
        case endlessWithLength(declared: UInt64)
        /// Chunked, `bytes` every `every`: slow, but never quiet long
        /// enough for URLSession's own timeout, which restarts at each piece.
        case trickle(bytes: Int, every: Duration)
        /// Chunked, `total` bytes in chunks of at most 1000, then the end:
        /// no Content-Length tells the client how long it is.
        case chunked(total: Int)
    }

    let port: UInt16
    let status: Int
    private let body: Body
    private let extraHead: String
    private let socket: Int32
    private let written = Atomic<Int>(0)
    private let started: Signal?
    private let stopsAfter: Int

    var baseURL: String { "http://127.0.0.1:\(port)" }
    /// The body bytes written so far, over every connection.
    var bytesWritten: Int { written.load(ordering: .relaxed) }

    /// - Parameters:
    ///   - started: fired once the first answer's head is written.
    ///   - stopsAfter: the server stops writing (and closes) once it has
    ///     written this many body bytes in all: a body the client refuses
    ///     goes on being read, and dropped, until URLSession cancels it, which
    ///     keeps URLSession busy for every other test in this process.
    init(
        status: Int = 200, extraHead: [String] = [], body: Body, started: Signal? = nil, stopsAfter: Int = .max
    ) throws {
        self.status = status
        self.started = started
        self.stopsAfter = stopsAfter
        self.body = body
        self.extraHead = extraHead.map { $0 + "\r\n" }.joined()
        (socket, port) = try LoopbackListener.open(backlog: 16)
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting (the accept loop closes the listener, as `StubServer`
    /// explains); a connection still being written ends when its client closes.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(socket) }
        while true {
            let client = Platform.acceptConnection(on: socket)
            guard client >= 0 else { return }
            Thread { [self] in serve(client) }.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard readHead(client) else { return }
        var head = "HTTP/1.1 \(status) Endless\r\nConnection: close\r\n" + extraHead
        switch body {
        case .endlessChunked, .trickle, .chunked: head += "Transfer-Encoding: chunked\r\n"
        case .endlessWithLength(let declared): head += "Content-Length: \(declared)\r\n"
        }
        guard send(Array((head + "\r\n").utf8), to: client) else { return }
        started?.fire()
        switch body {
        case .endlessChunked(let size):
            let perSend = max(1, 64 * 1024 / size)
            let chunks = Array([[UInt8]](repeating: Self.chunk(of: size), count: perSend).joined())
            while written.load(ordering: .relaxed) < stopsAfter, send(chunks, to: client) {
                written.add(size * perSend, ordering: .relaxed)
            }
        case .endlessWithLength:
            let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 64 * 1024)
            while written.load(ordering: .relaxed) < stopsAfter, send(bytes, to: client) {
                written.add(bytes.count, ordering: .relaxed)
            }
        case .trickle(let size, let every):
            let chunk = Self.chunk(of: size)
            let (seconds, attoseconds) = every.components
            var pause = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
            while send(chunk, to: client) {
                written.add(size, ordering: .relaxed)
                // The server's own pace, on its own thread: the test never waits on it.
                nanosleep(&pause, nil)
            }
        case .chunked(let total):
            var left = total
            while left > 0 {
                let size = min(left, 1000)
                guard send(Self.chunk(of: size), to: client) else { return }
                written.add(size, ordering: .relaxed)
                left -= size
            }
            _ = send(Array("0\r\n\r\n".utf8), to: client)
        }
    }

    /// One chunk of the chunked coding holding `size` bytes of JSON-ish text.
    private static func chunk(of size: Int) -> [UInt8] {
        Array((String(size, radix: 16) + "\r\n").utf8) + [UInt8](repeating: UInt8(ascii: " "), count: size)
            + Array("\r\n".utf8)
    }

    /// Reads up to the blank line ending the request's head (a GET has no body).
    private func readHead(_ client: Int32) -> Bool {
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return false }
            seen += buffer[0..<count]
            if seen.count >= 4, seen.indices.dropFirst(3).contains(where: { seen[($0 - 3)...$0] == [13, 10, 13, 10] }) {
                return true
            }
        }
    }

    /// Writes all of `bytes`; false once the client is gone.
    private func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            var offset = 0
            while offset < buffer.count {
                let sent = Platform.send(client, base + offset, buffer.count - offset)
                if sent <= 0 { return false }
                offset += sent
            }
            return true
        }
    }
}
