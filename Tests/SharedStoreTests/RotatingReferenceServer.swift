import Composition
import Foundation

/// `app serve`'s server in this test process, as the tests of several app
/// processes need it: on a free loopback port, on a virtual clock that only
/// the test moves, rotating every refresh token with no grace and detecting
/// reuse (a spent refresh token presented again ends the session everywhere).
final class RotatingReferenceServer {
    static let apiKey = "shared-store-test-key"
    /// The server's token lifetime; the test moves its clock past it to expire every token.
    static let tokenLifetimeSeconds = 60

    private let server: StandaloneServer
    var baseURL: String { server.baseURL }

    init(profile: ReferenceServerProfile = .full) throws {
        var options = StandaloneServer.Options()
        options.port = 0
        options.apiKey = Self.apiKey
        options.tokenLifetime = .seconds(Self.tokenLifetimeSeconds)
        options.refreshWindow = .seconds(300)
        options.rotationGrace = .zero
        options.reuseDetection = true
        options.virtualClock = true
        options.profile = profile
        server = try StandaloneServer(options)
        server.start()
    }

    deinit { server.stop() }

    /// Moves the server's clock past the token lifetime but well inside the
    /// refresh window: every token it issued so far is expired and can be
    /// exchanged.
    func expireTokens() async throws {
        _ = try await ControlRequest.send(
            "POST", baseURL + "/_control/clock", json: ["advanceSeconds": Self.tokenLifetimeSeconds + 1])
    }

    /// The counters of `GET /_control/metrics` (docs/spec/control-api.md).
    struct Metrics: Decodable {
        let logins: Int
        let refreshes: Int
        let refreshesRejected: Int
        let refreshTokensReused: Int
    }

    func metrics() async throws -> Metrics {
        try JSONDecoder().decode(
            Metrics.self, from: try await ControlRequest.send("GET", baseURL + "/_control/metrics"))
    }
}
