import Composition
import Foundation
import CompositionTesting

/// `app serve`'s server in this process, as runs of several app processes
/// need it: on a free loopback port, on a virtual clock that only its caller
/// moves, rotating every refresh token with no grace and detecting reuse (a
/// spent refresh token presented again ends the session everywhere).
public final class RotatingReferenceServer {
    public static let apiKey = "shared-store-key"
    /// The server's token lifetime; moving its clock past it expires every token.
    public static let tokenLifetimeSeconds = 60

    private let server: StandaloneServer
    public var baseURL: String { server.baseURL }

    /// - Parameter cora: the server plays the Cora API (no sign-out route, no `/users`).
    public init(cora: Bool = false) throws {
        var options = StandaloneServer.Options()
        options.port = 0
        options.apiKey = Self.apiKey
        options.tokenLifetime = .seconds(Self.tokenLifetimeSeconds)
        options.refreshWindow = .seconds(300)
        options.rotationGrace = .zero
        options.reuseDetection = true
        options.virtualClock = true
        options.profile = cora ? .cora : .full
        server = try StandaloneServer(options)
        server.start()
    }

    deinit { server.stop() }

    /// Moves the server's clock past the token lifetime but well inside the
    /// refresh window: every token it issued so far is expired and can be
    /// exchanged.
    public func expireTokens() async throws {
        _ = try await ControlRequest.send(
            "POST", baseURL + "/_control/clock", json: ["advanceSeconds": Self.tokenLifetimeSeconds + 1])
    }

    /// Holds the next sign-in or refresh (`POST /challenge/auth`) for
    /// `seconds` of the server's clock, which only `advanceClock` moves: a
    /// refresh in flight for as long as a test needs.
    public func holdNextRefresh(forSeconds seconds: Int) async throws {
        _ = try await ControlRequest.send(
            "POST", baseURL + "/_control/faults", json: ["route": "POST /challenge/auth", "delayMs": seconds * 1_000])
    }

    /// Returns once no request is held by a fault's delay — a held request
    /// whose client hung up is abandoned, and leaves the clock — or fails
    /// past the workers' answer deadline.
    public func untilNoRequestIsHeld() async throws {
        guard await server.untilHeldRequests(atMost: 0, within: SessionWorkerProcess.answerDeadline) else {
            throw SessionWorkerFleet.Failure(
                description: "a held request was never abandoned; the server received \(try await received())")
        }
    }

    /// Returns once the fault's delay holds a request, or fails past the
    /// workers' answer deadline.
    public func untilARequestIsHeld() async throws {
        guard await server.untilHeldRequests(atLeast: 1, within: SessionWorkerProcess.answerDeadline) else {
            throw SessionWorkerFleet.Failure(
                description: "no request was held; the server received \(try await received())")
        }
    }

    /// The requests the server has received, by route, for a failure's text.
    public func received() async throws -> String {
        try await metrics().requests.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
            .joined(separator: ", ")
    }

    /// Moves the server's clock by `seconds`.
    public func advanceClock(seconds: Int) async throws {
        _ = try await ControlRequest.send("POST", baseURL + "/_control/clock", json: ["advanceSeconds": seconds])
    }

    /// The counters of `GET /_control/metrics` (docs/spec/control-api.md).
    public struct Metrics: Decodable, Sendable {
        /// Requests received, by route key, answered or not yet.
        public let requests: [String: Int]
        public let logins: Int
        public let refreshes: Int
        public let refreshesRejected: Int
        public let refreshTokensReused: Int
    }

    public func metrics() async throws -> Metrics {
        try JSONDecoder().decode(
            Metrics.self, from: try await ControlRequest.send("GET", baseURL + "/_control/metrics"))
    }
}
