import OffThePool
import SimulatedBackend
import Foundation
import ReferenceServer
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

/// The server's request log: one entry per answered request, with method,
/// path, status and duration, and nothing of a header or a body.
@Suite("Reference server request log", .serialized)
struct RequestLogTests {
    @Test func oneEntryPerAnsweredRequestWithoutHeadersOrBodies() async throws {
        try await offThePool {
            let entries = Mutex<[RequestLogEntry]>([])
            let server = try Self.startedServer { entry in entries.withLock { $0.append(entry) } }
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            let body = #"{"cpf":"12345678909","password":"123456"}"#
            client.send(
                "POST /challenge/auth HTTP/1.1\r\nHost: 127.0.0.1\r\napikey: test-key\r\n"
                    + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
            #expect(client.response()?.status == 200)
            client.send("GET /users/me?x=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(client.response()?.status == 403)

            // Each entry is logged before its answer is sent, so both are in.
            let logged = entries.withLock { $0 }
            #expect(logged.map(\.method) == ["POST", "GET"])
            #expect(logged.map(\.path) == ["/challenge/auth", "/users/me"])
            #expect(logged.map(\.status) == [200, 403])
            #expect(logged.allSatisfy { $0.duration >= .zero })
            #expect(!"\(logged)".contains("123456") && !"\(logged)".contains("test-key"))
        }
    }

    /// What a client might put in a request line to act on the terminal of
    /// the person watching `app serve`'s log: retitle it, clear it, a C1 CSI,
    /// a bidi override, DEL, and a line break to forge a line of its own.
    static let hostilePath = "/x\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{9B}31m\u{202E}gnp\u{7F}"

    @Test("A request's method and path are logged with every control character and bidi override escaped")
    func entryEscapesControls() {
        let entry = RequestLogEntry(
            method: "GET\u{1B}[2J", path: Self.hostilePath + "\nGET /forged?q=\u{1B}", status: 404, duration: .zero)

        #expect(entry.method == "GET^[[2J")
        #expect(entry.path == "/x^[]0;PWNED^G^[[2J\\u{9B}31m\\u{202E}gnp^?^JGET /forged")
        #expect((entry.method + entry.path).unicodeScalars.allSatisfy { (0x20..<0x7F).contains($0.value) })
    }

    @Test("A request whose path holds control bytes is logged with them escaped")
    func controlBytesFromTheWireEscaped() async throws {
        try await offThePool {
            let entries = Mutex<[RequestLogEntry]>([])
            let server = try Self.startedServer { entry in entries.withLock { $0.append(entry) } }
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            client.send("GET \(Self.hostilePath) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let status = client.response()?.status
            #expect(status != nil)

            // Logged before the answer is sent, so it is in.
            let logged = entries.withLock { $0 }
            #expect(logged.map(\.path) == ["/x^[]0;PWNED^G^[[2J\\u{9B}31m\\u{202E}gnp^?"])
            #expect(logged.map(\.status) == [status])
        }
    }

    /// A started reference server (API key `test-key`) that hands each entry
    /// of its request log to `requestLog`.
    static func startedServer(
        requestLog: @escaping @Sendable (RequestLogEntry) -> Void
    ) throws -> ReferenceServer {
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key", requestLog: requestLog),
            backend: InMemoryBackend(clock: ManualClock()))
        server.start()
        return server
    }
}
