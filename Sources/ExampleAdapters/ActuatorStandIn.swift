public import Foundation
import Synchronization

import OperatingSystem

/// A loopback stand-in for a Spring Boot service's health endpoint, in
/// Actuator's own dialect: `GET /actuator/health` answers 200
/// `{"status":"UP"}` or 503 `{"status":"DOWN"}`; any other request is 404.
/// `ActuatorHealthProbe`'s fixture in the health contract suites, as
/// `InMemorySecretVault` is the vault store's.
///
/// It listens on 127.0.0.1 only, on an ephemeral port, and serves one
/// connection at a time (`Connection: close`): enough for a suite whose
/// checks come one after another. It offers what the health suites ask of a
/// server, in their words: health up or down (`setUp`), fail the next health
/// call (`failNextCall`: a status, a dropped connection, a 200 without a
/// health body) and the count of health calls (`healthCalls`). It cannot
/// hang a call: the health suites never ask for that.
public final class ActuatorStandIn: Sendable {
    /// How the next health call fails.
    public enum Fault: Sendable, Hashable {
        /// The status, with no body.
        case status(Int)
        /// The connection is closed without an answer.
        case drop
        /// 200 with Spring's HTML error page instead of a health body.
        case malformed
    }

    private struct State {
        var isUp = true
        var nextFault: Fault?
        var healthCalls = 0
    }

    /// `http://127.0.0.1:<port>`, the base the probe is given.
    public let baseURL: URL
    private let listener: Int32
    private let state = Mutex(State())

    /// Opens the listening socket on 127.0.0.1 and starts answering on a
    /// thread of its own.
    ///
    /// - Throws: `ActuatorStandInError` when no loopback socket can be opened.
    public init() throws(ActuatorStandInError) {
        let fd = Platform.streamSocket()
        guard fd >= 0 else { throw ActuatorStandInError(description: "cannot open a socket") }
        // Close-on-exec, as every socket of ours: no child process holds it.
        _ = fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) | FD_CLOEXEC)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        guard bound == 0, listen(fd, 16) == 0,
            withUnsafeMutablePointer(
                to: &address,
                { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }) == 0,
            let url = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))")
        else {
            close(fd)
            throw ActuatorStandInError(description: "cannot listen on 127.0.0.1")
        }
        listener = fd
        baseURL = url
        Thread { [self] in acceptLoop() }.start()
    }

    /// Whether the health endpoint says UP (200) or DOWN (503).
    public func setUp(_ isUp: Bool) {
        state.withLock { $0.isUp = isUp }
    }

    /// Makes the next `GET /actuator/health` fail with `fault`.
    public func failNextCall(_ fault: Fault) {
        state.withLock { $0.nextFault = fault }
    }

    /// How many `GET /actuator/health` requests arrived.
    public var healthCalls: Int { state.withLock { $0.healthCalls } }

    /// Back to up, with no fault and no calls counted.
    public func reset() {
        state.withLock { $0 = State() }
    }

    // The listener is never closed: like the reference server in the
    // contract suites, a stand-in lives until the test process ends, because
    // the probes under test outlive their fixture.
    private func acceptLoop() {
        while true {
            let client = Platform.acceptConnection(on: listener)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            _ = fcntl(client, F_SETFD, fcntl(client, F_GETFD) | FD_CLOEXEC)
            serve(client)
            close(client)
        }
    }

    /// Reads one request head (at most 8 KiB, within 10 s) and answers it.
    private func serve(_ client: Int32) {
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var head = Data()
        var buffer = [UInt8](repeating: 0, count: 1024)
        while head.count < 8192, head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let count = recv(client, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            head.append(contentsOf: buffer[0..<count])
        }
        let requestLine = String(decoding: head.prefix { $0 != 13 }, as: UTF8.self)
        let parts = requestLine.split(separator: " ")
        let path = parts.count == 3 ? parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) : nil
        guard parts.first == "GET", path == "/actuator/health" else {
            respond(404, "application/json", #"{"status":404,"error":"Not Found"}"#, to: client)
            return
        }
        let (isUp, fault) = state.withLock { state in
            state.healthCalls += 1
            defer { state.nextFault = nil }
            return (state.isUp, state.nextFault)
        }
        switch fault {
        case .drop?:
            // The connection breaks mid-answer, as the other stand-ins drop
            // one: a head that promises more than is sent.
            respond(200, "application/json", "{", claimedLength: 1024, to: client)
        case .status(let status)?: respond(status, nil, "", to: client)
        case .malformed?:
            respond(200, "text/html", "<html><body><h1>Whitelabel Error Page</h1></body></html>", to: client)
        case nil:
            respond(
                isUp ? 200 : 503, "application/vnd.spring-boot.actuator.v3+json",
                isUp ? #"{"status":"UP"}"# : #"{"status":"DOWN"}"#, to: client)
        }
    }

    private func respond(
        _ status: Int, _ contentType: String?, _ body: String, claimedLength: Int? = nil, to client: Int32
    ) {
        let bytes = Array(body.utf8)
        var text =
            "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(claimedLength ?? bytes.count)\r\n"
        if let contentType { text += "Content-Type: \(contentType)\r\n" }
        text += "Connection: close\r\n\r\n"
        let message = Array(text.utf8) + bytes
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

/// Why the Actuator stand-in could not start.
public struct ActuatorStandInError: Error, Sendable, CustomStringConvertible {
    public let description: String
}
