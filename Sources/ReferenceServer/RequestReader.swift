import Foundation

import OperatingSystem

/// Reads HTTP/1.1 requests off one connection, with the contract's limits:
/// a header block over 16 KiB is 431, a body over 1 MiB is 413, anything
/// that is not a well-formed request is 400 — among them a header name that
/// is no token, a header value with NUL, CR, LF or another control character
/// (RFC 9110 §5.5, `HTTPFieldSyntax`) and an HTTP/1.1 request without `Host`
/// (RFC 9112 §3.2; HTTP/1.0 may leave it out) —, an HTTP version other than
/// 1.0 and 1.1 is 505, a chunked body 501. Reads time out (the socket's
/// SO_RCVTIMEO): a client idle between requests is let go without a word, one
/// that stops halfway through a request gets 408. `Expect: 100-continue` is
/// answered before the body is read (curl asks it for bodies over 1 KiB).
struct RequestReader {
    enum Outcome {
        case request(HTTPServerRequest)
        /// Answer this, then close.
        case refuse(HTTPServerResponse)
        /// The client closed, went idle past the timeout, or the socket failed.
        case closed
    }

    static let maxHeaderBytes = 16 * 1024
    static let maxBodyBytes = 1024 * 1024

    let socket: Int32
    /// How long a connection may wait for a request to begin, and how long a
    /// request may take to arrive whole once its first byte has: a client that
    /// trickles a byte at a time is let go as surely as a silent one.
    let timeout: Duration
    private var buffered = Data()

    init(socket: Int32, timeout: Duration) {
        self.socket = socket
        self.timeout = timeout
    }

    mutating func next() -> Outcome {
        var headerEnd: Range<Data.Index>?
        // Bytes already here (a pipelined request) start the clock at once.
        var deadline: ContinuousClock.Instant? = buffered.isEmpty ? nil : .now + timeout
        while true {
            // Empty lines before a request line are ignored (RFC 9112 §2.2):
            // some clients send a CRLF after a body.
            // (A fresh Data, not removeFirst: Foundation on Linux traps when a
            // Data whose front was removed in place is later shrunk again.)
            while buffered.starts(with: Data("\r\n".utf8)) { buffered = Data(buffered.dropFirst(2)) }
            headerEnd = buffered.range(of: Data("\r\n\r\n".utf8))
            if headerEnd != nil { break }
            if buffered.range(of: Data("\n\n".utf8)) != nil {
                return .refuse(.error(400, code: "BAD_REQUEST", message: "lines end in CRLF"))
            }
            if buffered.count > Self.maxHeaderBytes {
                return .refuse(.error(431, code: "BAD_REQUEST", message: "header block over 16 KiB"))
            }
            if deadline == nil, !buffered.isEmpty { deadline = .now + timeout }
            switch fill(before: deadline) {
            case .more: continue
            case _ where buffered.isEmpty: return .closed
            case .timedOut:
                return .refuse(.error(408, code: "BAD_REQUEST", message: "the request did not arrive whole in time"))
            case .closed: return .refuse(.error(400, code: "BAD_REQUEST", message: "incomplete request"))
            }
        }
        guard let end = headerEnd else { return .closed }
        // The body must arrive within the same deadline as the head, even when
        // the head came in a single read.
        let bodyDeadline = deadline ?? .now + timeout
        guard end.lowerBound <= Self.maxHeaderBytes else {
            return .refuse(.error(431, code: "BAD_REQUEST", message: "header block over 16 KiB"))
        }
        guard let head = String(data: buffered[..<end.lowerBound], encoding: .utf8) else {
            return .refuse(.error(400, code: "BAD_REQUEST", message: "the request head is not UTF-8"))
        }
        buffered.removeSubrange(..<end.upperBound)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }),
            parts[1].hasPrefix("/"),
            Self.isVersion(parts[2])
        else { return .refuse(.error(400, code: "BAD_REQUEST", message: "malformed request line")) }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            return .refuse(.error(505, code: "BAD_REQUEST", message: "HTTP/1.1 only"))
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), HTTPFieldSyntax.isToken(line[..<colon]) else {
                return .refuse(.error(400, code: "BAD_REQUEST", message: "malformed header line"))
            }
            let rawValue = line[line.index(after: colon)...]
            guard HTTPFieldSyntax.isValidValue(rawValue) else {
                return .refuse(
                    .error(400, code: "BAD_REQUEST", message: "a header value holds a control character (NUL, CR, LF)"))
            }
            let name = line[..<colon].lowercased()
            let value = rawValue.trimmingCharacters(in: .whitespaces)
            guard let earlier = headers[name] else {
                headers[name] = value
                continue
            }
            // Two lengths that differ could frame the body two ways (request
            // smuggling), and two hosts name two servers: both refused
            // (RFC 9112 §6.3, §3.2). Other repeats join as one list (RFC 9110 §5.3).
            switch name {
            case "content-length" where earlier != value, "host":
                return .refuse(.error(400, code: "BAD_REQUEST", message: "conflicting \(name) headers"))
            case "content-length": continue
            default: headers[name] = earlier + ", " + value
            }
        }
        // HTTP/1.1 names the server it asks in Host (RFC 9112 §3.2); a
        // request that does not is refused, as the RFC says a server must.
        if parts[2] == "HTTP/1.1", headers["host"] == nil {
            return .refuse(.error(400, code: "BAD_REQUEST", message: "an HTTP/1.1 request needs a Host header"))
        }
        if headers["transfer-encoding"] != nil {
            return .refuse(.error(501, code: "BAD_REQUEST", message: "only Content-Length bodies are supported"))
        }
        var length = 0
        if let value = headers["content-length"] {
            guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let parsed = Int(value)
            else {
                return .refuse(.error(400, code: "BAD_REQUEST", message: "bad Content-Length"))
            }
            length = parsed
        }
        guard length <= Self.maxBodyBytes else {
            return .refuse(.error(413, code: "BAD_REQUEST", message: "body over 1 MiB"))
        }
        if buffered.count < length, headers["expect"]?.lowercased() == "100-continue" {
            sendInterim("HTTP/1.1 100 Continue\r\n\r\n")
        }
        while buffered.count < length {
            switch fill(before: bodyDeadline) {
            case .more: continue
            case .timedOut:
                return .refuse(.error(408, code: "BAD_REQUEST", message: "the body did not arrive whole in time"))
            case .closed: return .closed
            }
        }
        let body = buffered.prefix(length)
        buffered.removeSubrange(..<(buffered.startIndex + length))
        let target = String(parts[1])
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let connectionOptions = (headers["connection"] ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let wantsClose =
            parts[2] == "HTTP/1.0" ? !connectionOptions.contains("keep-alive") : connectionOptions.contains("close")
        return .request(
            HTTPServerRequest(
                method: String(parts[0]), path: path, headers: headers, body: Data(body), wantsClose: wantsClose))
    }

    private enum Fill {
        case more
        /// The client closed its side, or the socket failed.
        case closed
        /// Nothing arrived within the read timeout.
        case timedOut
    }

    /// Reads more bytes, waiting until `deadline` at most (the whole
    /// `timeout` when none is set: between requests).
    private mutating func fill(before deadline: ContinuousClock.Instant?) -> Fill {
        let wait = deadline.map { $0 - .now } ?? timeout
        guard wait > .zero else { return .timedOut }
        let (seconds, attoseconds) = wait.components
        // At least a millisecond: a zero timeval would mean "wait forever".
        var limit = timeval(tv_sec: Int(seconds), tv_usec: .init(max(1000, Int(attoseconds / 1_000_000_000_000))))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(socket, &chunk, chunk.count)
            if count > 0 {
                buffered.append(contentsOf: chunk[0..<count])
                return .more
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return .timedOut }
            return .closed
        }
    }

    /// `HTTP/` and a digit, a dot, a digit: a version, known or not.
    private static func isVersion(_ text: Substring) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count == 8 && text.hasPrefix("HTTP/") && bytes[6] == UInt8(ascii: ".")
            && [bytes[5], bytes[7]].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private func sendInterim(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { buffer in
            Platform.send(socket, buffer.baseAddress, buffer.count)
        }
    }
}
