import Foundation

// Compiled into the ReferenceServer module by scripts/fuzz: RequestReader is internal.
import OperatingSystem

/// Feeds the bytes to `RequestReader` the way `ReferenceServer` does — through
/// a socket — and reads requests off it until it refuses or the bytes run out.
/// The writing end is shut after the bytes, so every read ends at once and no
/// timeout is ever waited for.
///
/// Properties of every request the reader accepts:
/// - its method is non-empty, uppercase ASCII; its path starts with `/` and
///   carries no query;
/// - its body is exactly its Content-Length long (no Content-Length: empty),
///   so never longer than it, and at most the 1 MiB limit;
/// - the bodies read never add up to more bytes than were sent, and there are
///   never more requests than the bytes could frame (each needs a blank line).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = fuzzInput(start, count)
    guard let pair = Platform.streamSocketPair() else {
        fuzzRequire(false, "socketpair failed (errno \(errno)): the harness cannot run")
        return 0
    }
    let ends = [pair.0, pair.1]
    defer {
        close(ends[0])
        close(ends[1])
    }
    // The whole input fits the socket's buffer (libFuzzer's -max_len is 20000),
    // so writing it before reading never blocks.
    let written = input.withUnsafeBytes { Platform.send(ends[0], $0.baseAddress, $0.count) }
    fuzzRequire(written == input.count, "the harness could not write its \(input.count) bytes (wrote \(written))")
    shutdown(ends[0], Int32(SHUT_WR))

    var reader = RequestReader(socket: ends[1], timeout: .seconds(5))
    var requests = 0
    var bodyBytes = 0
    reading: while true {
        switch reader.next() {
        case .request(let request):
            requests += 1
            bodyBytes += request.body.count
            checkAccepted(request)
            fuzzRequire(bodyBytes <= input.count, "bodies of \(bodyBytes) bytes read from \(input.count) bytes")
            // Each request needs at least "A / HTTP/1.1\r\n\r\n", 16 bytes.
            fuzzRequire(requests * 16 <= input.count, "\(requests) requests read from \(input.count) bytes")
        case .refuse(let response):
            fuzzRequire((400...599).contains(response.status), "a refusal with status \(response.status)")
            break reading
        case .closed:
            break reading
        }
    }
    return 0
}

private func checkAccepted(_ request: HTTPServerRequest) {
    fuzzRequire(
        !request.method.isEmpty && request.method.unicodeScalars.allSatisfy { $0.isASCII && ("A"..."Z").contains($0) },
        "accepted method '\(request.method)'")
    fuzzRequire(request.path.hasPrefix("/"), "accepted path '\(request.path)' does not start with /")
    fuzzRequire(!request.path.contains("?"), "accepted path '\(request.path)' keeps its query")
    let declared = request.header("Content-Length").map { Int($0) } ?? 0
    fuzzRequire(declared != nil, "accepted Content-Length '\(request.header("Content-Length") ?? "")' is not a number")
    fuzzRequire(
        request.body.count == declared, "a body of \(request.body.count) bytes for Content-Length \(declared ?? -1)")
    fuzzRequire(request.body.count <= RequestReader.maxBodyBytes, "a body of \(request.body.count) bytes")
    fuzzRequire(request.header("Transfer-Encoding") == nil, "accepted a Transfer-Encoding")
}
