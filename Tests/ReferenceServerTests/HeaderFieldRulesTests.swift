import OffThePool
import Foundation
import Testing

/// What a header line may hold, over a loopback socket, byte for byte: a
/// value with NUL, CR, LF or another control character (RFC 9110 §5.5) and
/// an HTTP/1.1 request with no Host (RFC 9112 §3.2) are answered 400 and the
/// connection closed; HTTP/1.0 may leave Host out.
@Suite("Reference server header field rules", .serialized)
struct HeaderFieldRulesTests {
    /// Sends `bytes` on a fresh connection: the status of the answer; for a
    /// refusal, whether the server then closed the connection (a served
    /// request leaves it open, and waiting to see that would only time out);
    /// and the status of `GET /health` on a new connection afterwards.
    private static func answer(to bytes: Data) async throws -> (status: Int?, closed: Bool, stillServing: Int?) {
        try await offThePool {
            let server = try TestServer.start()
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            client.send(bytes)
            let status = client.response()?.status
            let closed = status != 200 && client.isClosedByServer()
            let next = try RawClient(port: server.port)
            next.send(TestServer.request("GET", "/health", headers: []))
            return (status, closed, next.response()?.status)
        }
    }

    /// `GET /health` with `Host` and one more header line whose value is `value`.
    private static func health(withHeaderValue value: [UInt8]) -> Data {
        Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Note: a".utf8) + Data(value)
            + Data("b\r\n\r\n".utf8)
    }

    @Test(
        "A header value holding NUL, a lone CR, a lone LF or another control character is refused with 400",
        arguments: [
            [0x00], [0x0D], [0x0A], [0x01], [0x1B], [0x7F], [0x0D, 0x00],
        ] as [[UInt8]])
    func aControlCharacterInAValueIs400(bytes: [UInt8]) async throws {
        let answer = try await Self.answer(to: Self.health(withHeaderValue: bytes))

        #expect(answer.status == 400)
        #expect(answer.closed, "a refused request closes its connection")
        #expect(answer.stillServing == 200, "and the server goes on serving")
    }

    @Test("A NUL in the Host value, or in a header name, is refused with 400")
    func aNULInHostOrANameIs400() async throws {
        let inHost = Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\u{0}.evil\r\n\r\n".utf8)
        let inName = Data("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-\u{0}A: 1\r\n\r\n".utf8)

        #expect(try await Self.answer(to: inHost).status == 400)
        #expect(try await Self.answer(to: inName).status == 400)
    }

    @Test("A tab, spaces and bytes past ASCII in a value are allowed: the request is served")
    func visibleCharactersTabsAndUTF8AreServed() async throws {
        let answer = try await Self.answer(to: Self.health(withHeaderValue: Array("\t x é ".utf8)))

        #expect(answer.status == 200)
    }

    @Test("An HTTP/1.1 request with no Host is refused with 400; an empty Host is a Host")
    func anHTTP11RequestWithoutHostIs400() async throws {
        let missing = try await Self.answer(to: Data("GET /health HTTP/1.1\r\nAccept: */*\r\n\r\n".utf8))
        let empty = try await Self.answer(to: Data("GET /health HTTP/1.1\r\nHost:\r\n\r\n".utf8))

        #expect(missing.status == 400)
        #expect(missing.closed)
        #expect(missing.stillServing == 200)
        #expect(empty.status == 200)
    }

    @Test("An HTTP/1.0 request may leave Host out: it is served")
    func anHTTP10RequestWithoutHostIsServed() async throws {
        let answer = try await Self.answer(to: Data("GET /health HTTP/1.0\r\n\r\n".utf8))

        #expect(answer.status == 200)
    }
}
