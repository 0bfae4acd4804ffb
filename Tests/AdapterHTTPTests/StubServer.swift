import Foundation
import Synchronization

import OperatingSystem

/// A one-request-per-connection HTTP stub on loopback for the adapters'
/// tests: it records every request it receives (method, path, headers, body)
/// and answers with what `respond` returns. Blocking sockets on a thread of
/// its own; `Connection: close` on every answer.
final class StubServer: Sendable {
    struct Received: Sendable {
        let method: String
        let path: String
        let headers: [String: String]
        let body: Data

        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    struct Answer: Sendable {
        var status: Int
        var headers: [String: String] = [:]
        var body: Data = Data()
        /// Never answer (the client's timeout is what ends the exchange).
        var hang = false

        static func json(_ status: Int, _ text: String) -> Answer {
            Answer(status: status, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
    }

    let host: String
    let port: UInt16
    private let socket: Int32
    private let received = Mutex<[Received]>([])
    private let respond: @Sendable (Received) -> Answer

    var baseURL: String { "http://\(host):\(port)" }
    var requests: [Received] { received.withLock { $0 } }

    init(host: String = "127.0.0.1", respond: @escaping @Sendable (Received) -> Answer) throws {
        self.host = host
        self.respond = respond
        (socket, port) = try LoopbackListener.open(host: host, backlog: 64)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting; connections in progress end with the process. Only
    /// shuts the listener down: the accept loop, woken by that, closes it. If
    /// this closed it, its number could be reused by another test's socket
    /// while the loop still calls accept() on it — and the loop would take
    /// that test's connections and answer them with this server's answers.
    func stop() {
        shutdown(socket, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        defer { close(socket) }
        while true {
            let client = Platform.acceptConnection(on: socket)
            guard client >= 0 else { return }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        guard let request = readRequest(client) else { return }
        received.withLock { $0.append(request) }
        let answer = respond(request)
        if answer.hang {
            var byte: UInt8 = 0
            _ = read(client, &byte, 1)  // until the client gives up and closes
            return
        }
        var head = "HTTP/1.1 \(answer.status) Stub\r\nContent-Length: \(answer.body.count)\r\nConnection: close\r\n"
        for (name, value) in answer.headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.append(answer.body)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(client, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private func readRequest(_ client: Int32) -> Received? {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return nil }
            data.append(contentsOf: buffer[0..<count])
            headerEnd = data.range(of: Data("\r\n\r\n".utf8))
        }
        guard let end = headerEnd else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head.first?.split(separator: " ") ?? []
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        while body.count < expected {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { break }
            body.append(contentsOf: buffer[0..<count])
        }
        return Received(method: String(requestLine[0]), path: String(requestLine[1]), headers: headers, body: body)
    }
}
