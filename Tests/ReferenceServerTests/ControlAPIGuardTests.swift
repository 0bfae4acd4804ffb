import OffThePool
import SimulatedBackend
import Foundation
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing

/// The control API's guard against web pages, and its exact reading of
/// numbers: a switch flipped by a page in a local browser, or a number quietly
/// replaced by a default, would make a test server lie about its state.
@Suite("Control API guard", .serialized)
struct ControlAPIGuardTests {
    private static func server() throws -> (ReferenceServer, ManualClock) {
        let clock = ManualClock()
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: "test-key"),
            backend: InMemoryBackend(clock: clock), virtualClock: clock)
        server.start()
        return (server, clock)
    }

    /// A request written exactly as given: `headerLines` replace the usual
    /// Host and Content-Type, so a test can leave either out.
    private static func rawRequest(_ method: String, _ path: String, headerLines: [String], body: String? = nil)
        -> String
    {
        var text = "\(method) \(path) HTTP/1.1\r\n" + headerLines.map { $0 + "\r\n" }.joined()
        if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
        return text + "\r\n" + (body ?? "")
    }

    private static let health = rawRequest("GET", "/health", headerLines: ["Host: 127.0.0.1"])

    @Test(
        "A control request from outside this machine's own names, from a web page, or with a body that is not JSON is refused with 403 and changes nothing",
        arguments: [
            ["Host: evil.example", "Content-Type: application/json"],
            ["Host: 127.0.0.1.evil.example", "Content-Type: application/json"],
            ["Host: localhost.evil.example:8080", "Content-Type: application/json"],
            ["Host: 127.0.0.256", "Content-Type: application/json"],
            ["Host: [::2]", "Content-Type: application/json"],
            ["Host: 127.0.0.1:notaport", "Content-Type: application/json"],
            ["Host:", "Content-Type: application/json"],
            ["Host: 127.0.0.1", "Origin: http://evil.example", "Content-Type: application/json"],
            ["Host: 127.0.0.1", "Origin: null", "Content-Type: application/json"],
            ["Host: 127.0.0.1", "Content-Type: text/plain"],
            ["Host: 127.0.0.1", "Content-Type: application/x-www-form-urlencoded"],
            ["Host: 127.0.0.1"],
        ])
    func refusedControlRequests(headerLines: [String]) async throws {
        let (server, _) = try Self.server()
        defer { server.stop() }

        let answers = try await offThePool { () -> [(status: Int, body: String)?] in
            let client = try RawClient(port: server.port)
            client.send(
                Self.rawRequest("POST", "/_control/health", headerLines: headerLines, body: #"{"healthy": false}"#))
            let refused = client.response()
            client.send(Self.health)
            return [refused.map { ($0.status, $0.body) }, client.response().map { ($0.status, $0.body) }]
        }

        #expect(answers.first??.status == 403)
        #expect(answers.first??.body.contains("control API") == true, "the refusal says why")
        #expect(answers.last??.status == 200, "the server stayed healthy: the switch was not flipped")
    }

    @Test(
        "A control request with a loopback Host (name or literal, any port) is served",
        arguments: [
            "127.0.0.1", "127.0.0.1:8080", "127.5.6.7:1", "localhost", "LocalHost:65535", "[::1]", "[::1]:8080",
        ])
    func loopbackHostsAreServed(host: String) async throws {
        let (server, _) = try Self.server()
        defer { server.stop() }

        let statuses = try await offThePool { () -> [Int?] in
            let client = try RawClient(port: server.port)
            client.send(
                Self.rawRequest(
                    "POST", "/_control/health",
                    headerLines: ["Host: \(host)", "Content-Type: application/json; charset=utf-8"],
                    body: #"{"healthy": false}"#))
            let flipped = client.response()?.status
            client.send(Self.rawRequest("POST", "/_control/reset", headerLines: ["Host: \(host)"]))
            let reset = client.response()?.status
            return [flipped, reset]
        }

        #expect(statuses == [204, 204], "a body with JSON's type, and a bodiless POST, are both served")
    }

    static let badNumbers = ["9223372036854775808", "1.5", #""1000""#, "true", "1e20", "null", "-1"]

    @Test(
        "A count or delayMs that is not a whole number in range is refused with 400 naming the field and its range",
        arguments: ["count", "delayMs"], badNumbers)
    func badFaultNumbers(field: String, value: String) async throws {
        let (server, _) = try Self.server()
        defer { server.stop() }
        let body = #"{"route": "GET /health", "status": 503, "\#(field)": \#(value)}"#

        let answers = try await offThePool { () -> [(status: Int, body: String)?] in
            let client = try RawClient(port: server.port)
            client.send(
                Self.rawRequest(
                    "POST", "/_control/faults", headerLines: ["Host: 127.0.0.1", "Content-Type: application/json"],
                    body: body))
            let refused = client.response()
            client.send(Self.health)
            return [refused.map { ($0.status, $0.body) }, client.response().map { ($0.status, $0.body) }]
        }

        let refusal = try #require(answers.first ?? nil)
        #expect(refusal.status == 400)
        #expect(refusal.body.contains(field), "the message names the field")
        #expect(refusal.body.contains(field == "count" ? "1 to 1000000" : "0 to 86400000"), "and its range")
        #expect(answers.last??.status == 200, "no fault was added")
    }

    @Test(
        "An advanceSeconds that is not a number in range is refused with 400 and the clock stays",
        arguments: ["true", #""10""#, "1e20", "null", "-0.5", "[1]"])
    func badClockSteps(value: String) async throws {
        let (server, clock) = try Self.server()
        defer { server.stop() }
        let start = clock.now()

        let refusal = try await offThePool { () -> (status: Int, body: String)? in
            let client = try RawClient(port: server.port)
            client.send(
                Self.rawRequest(
                    "POST", "/_control/clock", headerLines: ["Host: 127.0.0.1", "Content-Type: application/json"],
                    body: #"{"advanceSeconds": \#(value)}"#))
            return client.response().map { ($0.status, $0.body) }
        }

        #expect(refusal?.status == 400)
        #expect(refusal?.body.contains("advanceSeconds") == true)
        #expect(clock.now() == start)
    }

    @Test(
        "Whole numbers in range, and a fractional clock step, are accepted",
        arguments: [
            ("/_control/faults", #"{"route": "GET /health", "status": 503, "count": 2, "delayMs": 0}"#),
            ("/_control/faults", #"{"route": "GET /health", "status": 503, "count": 1e3}"#),
            ("/_control/clock", #"{"advanceSeconds": 1.5}"#),
            ("/_control/clock", #"{"advanceSeconds": 3}"#),
        ])
    func goodNumbersAreAccepted(path: String, body: String) async throws {
        let (server, _) = try Self.server()
        defer { server.stop() }

        let status = try await offThePool { () -> Int? in
            let client = try RawClient(port: server.port)
            client.send(
                Self.rawRequest(
                    "POST", path, headerLines: ["Host: 127.0.0.1", "Content-Type: application/json"], body: body))
            return client.response()?.status
        }

        #expect(status == 204)
    }
}
