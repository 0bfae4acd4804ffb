// Compiled into the server-answer harness (scripts/fuzz), never into the package.
import Foundation
import Synchronization

import OperatingSystem

/// A raw-socket HTTP server on 127.0.0.1 for the `server-answer` harness: it
/// reads each request whole and answers it with exactly the bytes it was
/// last given — whatever they say — then, as told, closes the connection,
/// holds it open (the client's deadline must end the call), or keeps writing
/// the answer's body (its limit or its deadline must end the call) for 2 s:
/// far past any deadline the harness sets, and no longer, since URLSession
/// goes on reading a refused body until its cancellation gets through, and
/// meanwhile makes no other request — every later input would time out.
/// After an endless body it waits until the client hangs up
/// (`waitWhileStreaming`): until then, URLSession is still busy with it.
///
/// A thread per connection. Every socket has a 2 s send and receive timeout,
/// so a connection a client forgets in its pool, or stops reading, ends by
/// itself: no thread outlives its input by more than that. A connection
/// made for one input is closed, unanswered, when a request comes on it
/// after the next input began: each input's answer goes only to its own call.
final class LoopbackAnswerServer: Sendable {
    enum Tail: Sendable {
        case close
        case hold
        case endless
    }

    struct Answer: Sendable {
        var bytes: [UInt8]
        var tail: Tail
    }

    let port: UInt16
    private let listener: Int32
    private let current = Mutex((answer: Answer(bytes: [], tail: .close), generation: 0))
    private let streaming = Atomic<Int>(0)

    /// Fails (returns nil) only when the machine refuses a loopback socket.
    init?() {
        let fd = Platform.streamSocket()
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, named == 0, listen(fd, 64) == 0 else {
            close(fd)
            return nil
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        Thread { [self] in acceptLoop() }.start()
    }

    /// What every request gets from now on.
    func answer(with answer: Answer) {
        current.withLock { $0 = (answer, $0.generation + 1) }
    }

    /// Waits (up to `limit`) until no connection is being written an endless
    /// body: the client is still reading it, and what that costs belongs to
    /// the input that asked for it, not to the next one.
    func waitWhileStreaming(upTo limit: Duration) {
        let end = ContinuousClock.now + limit
        var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
        while streaming.load(ordering: .relaxed) > 0, ContinuousClock.now < end { nanosleep(&pause, nil) }
    }

    private func acceptLoop() {
        while true {
            let client = Platform.acceptConnection(on: listener)
            guard client >= 0 else {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            var timeout = timeval(tv_sec: 2, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let generation = current.withLock { $0.generation }
            Thread { [self] in serve(client, for: generation) }.start()
        }
    }

    private func serve(_ client: Int32, for generation: Int) {
        defer { close(client) }
        while readRequest(client) {
            let (answer, now) = current.withLock { $0 }
            guard now == generation, send(answer.bytes, to: client) else { return }
            switch answer.tail {
            case .close:
                return
            case .hold:
                continue  // the next request on this connection, or its end
            case .endless:
                streaming.add(1, ordering: .relaxed)
                defer { streaming.subtract(1, ordering: .relaxed) }
                let body = Self.body(of: answer.bytes)
                let end = ContinuousClock.now + .seconds(2)
                while ContinuousClock.now < end, send(body, to: client) {}
                awaitHangUp(client, upTo: .seconds(5))
                return
            }
        }
    }

    /// Ends the answer and waits (up to `limit`) until the client has hung
    /// up. The server stopping is not the end of the input's work: URLSession
    /// reads what is already on its way, piece by piece, holding memory for
    /// each, until its cancellation gets through — and only then closes the
    /// connection. Counted as streaming until then, so that the next input's
    /// measure starts when the reading is over.
    private func awaitHangUp(_ client: Int32, upTo limit: Duration) {
        shutdown(client, Int32(SHUT_WR))
        let end = ContinuousClock.now + limit
        var buffer = [UInt8](repeating: 0, count: 4096)
        while ContinuousClock.now < end {
            let count = read(client, &buffer, buffer.count)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { return }
        }
    }

    /// What an endless answer repeats: the bytes after its head, else all of it.
    private static func body(of answer: [UInt8]) -> [UInt8] {
        let blankLine: [UInt8] = [13, 10, 13, 10]
        if answer.count >= 4,
            let end = answer.indices.dropLast(3).first(where: { answer[$0..<$0 + 4] == blankLine[...] }),
            end + 4 < answer.count
        {
            return Array(answer[(end + 4)...])
        }
        return answer.isEmpty ? Array("x".utf8) : answer
    }

    /// Reads one request: its head to the blank line, then as many bytes as
    /// its Content-Length says. False when the connection ends first.
    private func readRequest(_ client: Int32) -> Bool {
        var head: [UInt8] = []
        var byte: UInt8 = 0
        while !head.ends(with: [13, 10, 13, 10]) {
            guard read(client, &byte, 1) == 1 else { return false }
            head.append(byte)
            if head.count > 64 * 1024 { return false }
        }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        var remaining = 0
        for line in text.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            remaining = Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) ?? 0
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while remaining > 0 {
            let count = read(client, &buffer, min(buffer.count, remaining))
            guard count > 0 else { return false }
            remaining -= count
        }
        return true
    }

    /// Writes all of `bytes`; false once the client is gone or stopped reading.
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

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...] == suffix[...]
    }
}
