import AdapterInMemory
import Foundation
import ReferenceServer
import Synchronization
import Testing

/// The server's request log: one entry per answered request, with method,
/// path, status and duration, and nothing of a header or a body.
@Suite("Reference server request log", .serialized)
struct RequestLogTests {
    @Test func oneEntryPerAnsweredRequestWithoutHeadersOrBodies() async throws {
        try await offThePool {
            let entries = Mutex<[RequestLogEntry]>([])
            let server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(
                    port: 0, apiKey: "test-key", requestLog: { entry in entries.withLock { $0.append(entry) } }),
                backend: InMemoryBackend(clock: ManualClock()))
            server.start()
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
}
