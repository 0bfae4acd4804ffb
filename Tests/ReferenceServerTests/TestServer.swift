import SimulatedBackend
import ReferenceServer
import TaskRuntime
import VirtualTime

/// What the reference server's tests share: a server on a free loopback port
/// that takes the key `test-key`, and a request written by hand, byte for
/// byte, as a client would send it.
enum TestServer {
    static let apiKey = "test-key"

    /// A started server on a fresh seeded backend (its clock stands still).
    static func start(profile: ServerProfile = .full, idleTimeout: Duration = .seconds(10)) throws -> ReferenceServer {
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(
                port: 0, apiKey: apiKey, idleTimeout: idleTimeout, profile: profile),
            backend: InMemoryBackend(clock: ManualClock()))
        server.start()
        return server
    }

    /// An HTTP/1.1 request with the key, a JSON body when there is one.
    static func request(
        _ method: String, _ path: String, body: String? = nil, headers: [String] = ["apikey: \(apiKey)"]
    ) -> String {
        var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers.map { $0 + "\r\n" }.joined()
        if let body {
            text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            text += "\r\n"
        }
        return text
    }
}
