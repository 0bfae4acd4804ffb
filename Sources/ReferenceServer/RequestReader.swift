#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// Reads HTTP/1.1 requests off one connection, with the contract's limits:
/// a header block over 16 KiB is 431, a body over 1 MiB is 413, anything
/// that is not a well-formed request is 400. Reads time out (the socket's
/// SO_RCVTIMEO), so a slow or idle client is let go.
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
    private var buffered = Data()

    init(socket: Int32) {
        self.socket = socket
    }

    mutating func next() -> Outcome {
        var headerEnd: Range<Data.Index>?
        while true {
            headerEnd = buffered.range(of: Data("\r\n\r\n".utf8))
            if headerEnd != nil { break }
            if buffered.count > Self.maxHeaderBytes { return .refuse(.error(431, code: "BAD_REQUEST", message: "header block over 16 KiB")) }
            guard fill() else { return buffered.isEmpty ? .closed : .refuse(.error(400, code: "BAD_REQUEST", message: "incomplete request")) }
        }
        guard let end = headerEnd else { return .closed }
        guard end.lowerBound <= Self.maxHeaderBytes else {
            return .refuse(.error(431, code: "BAD_REQUEST", message: "header block over 16 KiB"))
        }
        guard let head = String(data: buffered[..<end.lowerBound], encoding: .utf8) else {
            return .refuse(.error(400, code: "BAD_REQUEST", message: "the request head is not UTF-8"))
        }
        buffered.removeSubrange(..<end.upperBound)
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines[0].split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].allSatisfy({ $0.isLetter && $0.isUppercase }), parts[1].hasPrefix("/"),
            parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0"
        else { return .refuse(.error(400, code: "BAD_REQUEST", message: "malformed request line")) }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { return .refuse(.error(400, code: "BAD_REQUEST", message: "malformed header line")) }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        if headers["transfer-encoding"] != nil {
            return .refuse(.error(501, code: "BAD_REQUEST", message: "only Content-Length bodies are supported"))
        }
        var length = 0
        if let value = headers["content-length"] {
            guard let parsed = Int(value), parsed >= 0 else {
                return .refuse(.error(400, code: "BAD_REQUEST", message: "bad Content-Length"))
            }
            length = parsed
        }
        guard length <= Self.maxBodyBytes else { return .refuse(.error(413, code: "BAD_REQUEST", message: "body over 1 MiB")) }
        while buffered.count < length {
            guard fill() else { return .closed }
        }
        let body = buffered.prefix(length)
        buffered.removeSubrange(..<(buffered.startIndex + length))
        let target = String(parts[1])
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let wantsClose = parts[2] == "HTTP/1.0" || headers["connection"]?.lowercased() == "close"
        return .request(
            HTTPServerRequest(method: String(parts[0]), path: path, headers: headers, body: Data(body), wantsClose: wantsClose))
    }

    /// Reads more bytes; false when the client closed, timed out or failed.
    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 8192)
        while true {
            let count = read(socket, &chunk, chunk.count)
            if count > 0 {
                buffered.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0, errno == EINTR { continue }
            return false
        }
    }
}
