import Composition
import Foundation

import OperatingSystem

/// One HTTP/1.1 keep-alive connection to 127.0.0.1 over a blocking socket,
/// sending the same GET again and again: the server scenario's client. No
/// URLSession, so the figures are the server's and not the client stack's,
/// and any number of connections can be open at once.
final class KeepAliveConnection {
    private let descriptor: Int32
    private let request: [UInt8]
    private var buffer: [UInt8] = []

    init(port: UInt16, path: String, headers: [(String, String)]) throws(BenchSetupError) {
        let fd = Platform.streamSocket()
        guard fd >= 0 else { throw BenchSetupError("cannot open a socket") }
        // Close-on-exec: the app processes the bench starts never hold it.
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
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
            throw BenchSetupError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var yes: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        descriptor = fd
        var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: application/json\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        request = Array(text.utf8)
    }

    deinit {
        close(descriptor)
    }

    /// Sends the request and reads the whole answer; returns its status.
    func exchange() throws(BenchSetupError) -> Int {
        var sent = 0
        while sent < request.count {
            let wrote = request.withUnsafeBytes {
                Platform.send(descriptor, $0.baseAddress! + sent, request.count - sent)
            }
            guard wrote > 0 else { throw BenchSetupError("the server closed the connection while we sent") }
            sent += wrote
        }
        let headerEnd = try readUntilHeaderEnd()
        let head = String(decoding: buffer[..<headerEnd], as: UTF8.self)
        let lines = head.split(separator: "\r\n")
        guard let statusLine = lines.first, let status = Int(statusLine.split(separator: " ").dropFirst().first ?? "")
        else { throw BenchSetupError("an answer without a status line") }
        let length =
            lines.dropFirst().compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }.first ?? 0
        let bodyStart = headerEnd + 4
        while buffer.count < bodyStart + length { try readMore() }
        buffer.removeFirst(bodyStart + length)
        return status
    }

    private func readUntilHeaderEnd() throws(BenchSetupError) -> Int {
        var searchedUpTo = 0
        while true {
            if buffer.count >= 4 {
                for index in max(0, searchedUpTo - 3)...(buffer.count - 4)
                where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13
                    && buffer[index + 3] == 10
                {
                    return index
                }
                searchedUpTo = buffer.count
            }
            try readMore()
        }
    }

    private func readMore() throws(BenchSetupError) {
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let got = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard got > 0 else { throw BenchSetupError("the server closed the connection before answering whole") }
        buffer += chunk[..<got]
    }
}
