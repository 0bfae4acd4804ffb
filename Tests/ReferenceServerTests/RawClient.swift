import Foundation

import OperatingSystem

/// A bare TCP client for the server's tests: bytes out, bytes in, nothing
/// interpreted, so malformed input reaches the server as written. Reads wait
/// at most `timeout` (SO_RCVTIMEO): an upper bound, never a sleep.
final class RawClient {
    let fd: Int32
    /// Bytes read past the end of the last response: the start of the next
    /// one, when the server answered pipelined requests in one write.
    private var unread = Data()

    init(port: UInt16, timeout: Int = 10) throws {
        fd = Platform.streamSocket()
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(fd) }

    func send(_ text: String) { send(Data(text.utf8)) }

    func send(_ data: Data) {
        data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Platform.send(fd, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    func closeWriting() { shutdown(fd, Int32(SHUT_WR)) }

    /// Hangs up both ways (the descriptor itself is closed with the client).
    func hangUp() { shutdown(fd, Int32(SHUT_RDWR)) }

    /// One response: status and body (Content-Length framed; none at all
    /// for the answer to a HEAD); nil when the server closed or nothing came
    /// within the timeout.
    func response(toHead: Bool = false) -> (status: Int, body: String, head: String)? {
        var data = unread
        unread = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let end = data.range(of: Data("\r\n\r\n".utf8)) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                let lines = head.components(separatedBy: "\r\n")
                let status = Int(lines[0].split(separator: " ").dropFirst().first ?? "") ?? 0
                let length =
                    lines.compactMap { line -> Int? in
                        line.lowercased().hasPrefix("content-length:")
                            ? Int(line.dropFirst(15).trimmingCharacters(in: .whitespaces)) : nil
                    }.first.map { toHead ? 0 : $0 } ?? 0
                while data.count - end.upperBound < length {
                    let count = read(fd, &buffer, buffer.count)
                    guard count > 0 else { return nil }
                    data.append(contentsOf: buffer[0..<count])
                }
                let body = String(decoding: data[end.upperBound..<(end.upperBound + length)], as: UTF8.self)
                unread = Data(data[(end.upperBound + length)...])
                return (status, body, head)
            }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Whether the server has closed this connection (a read returns end of file).
    func isClosedByServer() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count == 0 { return true }
            if count < 0 { return false }
        }
    }
}
