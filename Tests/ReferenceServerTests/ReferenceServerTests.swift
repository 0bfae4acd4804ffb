import OffThePool
import SimulatedBackend
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing
import SeededNumbers

/// The reference server over raw sockets: the contract's routes and limits,
/// and bad input that must never crash or hang it.
@Suite("Reference server", .serialized)
struct ReferenceServerTests {
    private static func server(idleTimeout: Duration = .seconds(10)) throws -> ReferenceServer {
        try TestServer.start(idleTimeout: idleTimeout)
    }

    private static func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = ["apikey: test-key"]
    ) -> String {
        TestServer.request(method, path, body: body, headers: headers)
    }

    @Test func signInThenTheStatementOverOneKeptAliveConnection() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("POST", "/challenge/auth", body: #"{"cpf":"12345678909","password":"123456"}"#))
            let signIn = try #require(client.response())
            #expect(signIn.status == 200)
            let token = try #require(
                (try JSONSerialization.jsonObject(with: Data(signIn.body.utf8)) as? [String: String])?["token"])
            #expect(token.count >= 32, "128 bits of randomness at least")

            client.send(Self.request("GET", "/challenge/list", headers: ["apikey: test-key", "token: \(token)"]))
            let list = try #require(client.response())
            #expect(list.status == 200)
            #expect(list.body.contains(#""itemsTotal":30"#))
            #expect(list.body.contains(#""id":"abc123def456ghi789""#))

            client.send(
                Self.request("GET", "/users/me", headers: ["apikey: test-key", "Authorization: Bearer \(token)"]))
            #expect(client.response()?.body.contains(#""is_deleted":false"#) == true)
        }
    }

    @Test func theWrongPasswordIs401AndAMissingKey403() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            client.send(Self.request("POST", "/challenge/auth", body: #"{"cpf":"12345678909","password":"000000"}"#))
            let wrong = try #require(client.response())
            #expect(wrong.status == 401)
            #expect(wrong.body.contains("INVALID_CREDENTIALS"))
            client.send(Self.request("GET", "/users/me", headers: []))
            let noKey = try #require(client.response())
            #expect(noKey.status == 403)
            #expect(noKey.body.contains("API_KEY_INVALID"))
            client.send(Self.request("GET", "/health", headers: []))
            #expect(client.response()?.status == 200, "/health needs no key")
        }
    }

    @Test(
        "Malformed input gets 400, oversized headers 431, oversized bodies 413, other HTTP versions 505, chunked bodies 501, and the connection is closed",
        arguments: [
            ("GARBAGE\r\n\r\n", 400), ("GET /health HTTP/9.9\r\n\r\n", 505), ("GET /health HTTP/2\r\n\r\n", 400),
            ("get /health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("POST /users HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
            ("GET /health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400),
            ("POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: -4\r\n\r\n", 400),
            ("POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 2000000\r\n\r\n", 413),
            ("GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n", 431),
            ("POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 41\r\n\r\n", 400),
            ("POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: +4\r\n\r\n{}{}", 400),
            ("GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            (" /health HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /health HTTP/1.1\nHost: x\n\n", 400),
            ("GET /health HTTP/1.1\r\nHost: x\r\nX-A: one\ntwo\r\n\r\n", 400),
        ])
    func badRequests(text: String, status: Int) async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            client.send(text)
            #expect(client.response()?.status == status)
            #expect(client.isClosedByServer())
            let next = try RawClient(port: server.port)
            next.send(Self.request("GET", "/health", headers: []))
            #expect(next.response()?.status == 200, "the server is still serving")
        }
    }

    @Test func theAnswerToAHeadHasNoBodySoTheNextAnswerIsReadWhole() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("HEAD", "/health", headers: []) + Self.request("GET", "/health", headers: []))
            let head = try #require(client.response(toHead: true))
            let next = try #require(client.response())

            #expect(head.status == 405)
            #expect(head.head.contains("Content-Length:"))
            #expect(next.status == 200)
            #expect(next.body == #"{"status":"healthy"}"#)
        }
    }

    @Test func anEmptyLineBetweenRequestsIsSkipped() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(
                Self.request("GET", "/health", headers: []) + "\r\n" + Self.request("GET", "/health", headers: []))

            #expect(client.response()?.status == 200)
            #expect(client.response()?.status == 200)
        }
    }

    @Test(
        "Connection: close among other options still closes; HTTP/1.0 closes unless it asks to keep alive",
        arguments: [
            ("GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive, close\r\n\r\n", true),
            ("GET /health HTTP/1.1\r\nHost: x\r\nConnection: Close\r\n\r\n", true),
            ("GET /health HTTP/1.0\r\n\r\n", true),
            ("GET /health HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", false),
            ("GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n", false),
        ])
    func connectionOptions(request: String, closes: Bool) async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(request)
            #expect(client.response()?.status == 200)
            if closes {
                #expect(client.isClosedByServer())
            } else {
                client.send(Self.request("GET", "/health", headers: []))
                #expect(client.response()?.status == 200, "still open")
            }
        }
    }

    @Test(
        "Control calls out of range are refused with 400, and the server goes on",
        arguments: [
            ("/_control/clock", #"{"advanceSeconds": 1e16}"#), ("/_control/clock", #"{"advanceSeconds": -1}"#),
            ("/_control/faults", #"{"route": "GET /health", "delayMs": 9223372036854775807}"#),
            ("/_control/faults", #"{"route": "GET /health", "status": 204}"#),
            ("/_control/faults", #"{"route": "GET /health", "status": -7}"#),
            ("/_control/faults", #"{"route": "GET /health", "status": 99999999999}"#),
            ("/_control/faults", #"{"route": "GET /health", "mode": "drop", "count": 0}"#),
            ("/_control/faults", #"{"route": "GET /nowhere", "mode": "drop"}"#),
        ])
    func controlInputOutOfRange(path: String, body: String) async throws {
        let clock = ManualClock()
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key"),
            backend: InMemoryBackend(clock: clock), virtualClock: clock)
        server.start()
        defer { server.stop() }
        let start = clock.now()

        let statuses = try await offThePool { () -> [Int?] in
            let client = try RawClient(port: server.port)
            client.send(Self.request("POST", path, body: body, headers: []))
            let refused = client.response()?.status
            client.send(Self.request("GET", "/health", headers: []))
            return [refused, client.response()?.status]
        }

        #expect(statuses == [400, 200], "refused, and /health answers as usual: no fault was added")
        #expect(clock.now() == start)
    }

    @Test func aKnownPathWithAnotherMethodIs405NamingTheMethodsItTakes() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send(Self.request("DELETE", "/challenge/list"))
            let refused = try #require(client.response())
            client.send(Self.request("PUT", "/users/me"))
            let alsoRefused = try #require(client.response())
            client.send(Self.request("DELETE", "/nowhere"))
            let unknown = try #require(client.response())

            #expect(refused.status == 405)
            #expect(refused.head.contains("\r\nAllow: GET"))
            #expect(alsoRefused.head.contains("\r\nAllow: GET, PATCH, DELETE"))
            #expect(unknown.status == 404)
        }
    }

    @Test func expectContinueIsAnsweredBeforeTheBodyIsSent() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let client = try RawClient(port: server.port)
            let body = #"{"cpf":"12345678909","password":"123456"}"#

            client.send(
                "POST /challenge/auth HTTP/1.1\r\nHost: x\r\napikey: test-key\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
            let interim = try #require(client.response())
            client.send(body)
            let answer = try #require(client.response())

            #expect(interim.status == 100)
            #expect(answer.status == 200)
            #expect(answer.body.contains("token"))
        }
    }

    @Test func aRequestThatStopsHalfwayGets408() async throws {
        try await offThePool {
            let server = try Self.server(idleTimeout: .seconds(1))
            defer { server.stop() }
            let client = try RawClient(port: server.port)

            client.send("POST /users HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{\"name\"")

            #expect(client.response()?.status == 408)
            #expect(client.isClosedByServer())
        }
    }

    /// Signs Maria in over a connection of its own; her token.
    private static func signIn(to server: ReferenceServer) async throws -> String {
        try await offThePool {
            let client = try RawClient(port: server.port)
            client.send(Self.request("POST", "/challenge/auth", body: #"{"cpf":"12345678909","password":"123456"}"#))
            let answer = try #require(client.response())
            return try #require(
                (try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: String])?["token"])
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aClientThatHangsUpHasItsRequestAbandonedBeforeItTakesEffect() async throws {
        let clock = ManualClock()
        let backend = InMemoryBackend(clock: clock)
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key"), backend: backend,
            virtualClock: clock)
        server.start()
        defer { server.stop() }
        let token = try await Self.signIn(to: server)
        await backend.addFault(InMemoryBackend.Fault(route: BackendRoute.auth, mode: .delay(.seconds(5)), count: 1))
        let refresh = Self.request("POST", "/challenge/auth", body: #"{"token":"\#(token)"}"#)

        let leaving = try RawClient(port: server.port)
        leaving.send(refresh)
        await clock.waitForSleepers(atLeast: 1)  // the refresh waits out its delay at the server
        leaving.hangUp()
        await clock.waitForSleepers(atMost: 0)  // the server saw the hang-up and cancelled it
        clock.advance(by: .seconds(5))

        #expect(await backend.metrics().refreshes == 0, "the abandoned refresh did not rotate the token")
        let status = try await offThePool { () -> Int? in
            let client = try RawClient(port: server.port)
            client.send(refresh)
            return client.response()?.status
        }
        #expect(status == 200, "the token the app still holds can still be exchanged")
    }

    @Test func aHalfClosedConnectionAndAnIdleOneAreLetGo() async throws {
        try await offThePool {
            let server = try Self.server(idleTimeout: .seconds(1))
            defer { server.stop() }
            let half = try RawClient(port: server.port)
            half.send("GET /health HTTP/1.1\r\nHost: x\r\n")
            half.closeWriting()
            #expect(half.isClosedByServer())
            let idle = try RawClient(port: server.port, timeout: 10)
            #expect(idle.isClosedByServer(), "an idle client is timed out by the server")
        }
    }

    /// A process started while a connection is open gets a copy of every
    /// descriptor that is not close-on-exec, and a connection lives on while
    /// any copy is open: the test suite starts hundreds (app processes,
    /// session workers, exit tests). The server's connections must end when
    /// the server lets them go all the same — before, an idle keep-alive
    /// connection the server had closed stayed open in such a process, and
    /// the client's next request on it went unread until its timeout.
    @Test func aConnectionLetGoEndsWhileAProcessStartedMeanwhileRuns() async throws {
        let clock = ManualClock()
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key"),
            backend: InMemoryBackend(clock: clock), virtualClock: clock)
        server.start()
        defer { server.stop() }

        let outcome = try await offThePool { () -> (fault: Int?, closed: Bool) in
            let client = try RawClient(port: server.port)
            let fault = #"{"route": "GET /health", "mode": "drop", "count": 1}"#
            client.send(Self.request("POST", "/_control/faults", body: fault, headers: []))
            let added = client.response()?.status
            // Started now, while the server holds the accepted connection.
            let bystander = try Bystander()
            defer { bystander.end() }
            // The server drops this answer and lets the connection go.
            client.send(Self.request("GET", "/health", headers: []))
            return (added, client.isClosedByServer())
        }

        #expect(outcome.fault == 204)
        #expect(outcome.closed, "the connection ends when the server lets it go, not when the other process does")
    }

    @Test func randomGarbageNeverCrashesTheServer() async throws {
        try await offThePool {
            let server = try Self.server(idleTimeout: .seconds(1))
            defer { server.stop() }
            var generator = SeededGenerator(seed: 7)
            for _ in 0..<100 {
                let client = try RawClient(port: server.port)
                let length = Int(generator.next() % 2048) + 1
                client.send(Data((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }))
                client.closeWriting()
                _ = client.isClosedByServer()
            }
            let client = try RawClient(port: server.port)
            client.send(Self.request("GET", "/health", headers: []))
            #expect(client.response()?.status == 200)
        }
    }

    @Test func aThousandConcurrentKeepAliveClients() async throws {
        try await offThePool {
            let server = try Self.server()
            defer { server.stop() }
            let clients = try (0..<1000).map { _ in try RawClient(port: server.port) }
            for client in clients { client.send(Self.request("GET", "/health", headers: [])) }
            var answered = 0
            for client in clients where client.response()?.status == 200 { answered += 1 }
            #expect(answered == 1000)
            #expect(server.openConnectionCount == 1000, "every connection kept alive")
            for client in clients.prefix(10) { client.send(Self.request("GET", "/health", headers: [])) }
            #expect(clients.prefix(10).allSatisfy { $0.response()?.status == 200 })
        }
    }
}
