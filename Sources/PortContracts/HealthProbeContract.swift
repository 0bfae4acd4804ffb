public import Ports
public import Testing

/// The server side of a `HealthProbe` under test: the switches of the
/// backend (or its loopback stand-in) the checks need, in the contract's words.
public protocol HealthBackendControl: Sendable {
    /// From now on the server says it is healthy, or not.
    func setHealthy(_ healthy: Bool) async throws
    /// Fails the next health call only, as `failure` says.
    func failNextHealthCall(_ failure: RemoteCallFailure) async throws
    /// How many health calls, and how many requests of any kind, the server
    /// has answered on the routes the app calls: the switches' own requests
    /// (a control API's) are not counted.
    func requestCounts() async throws -> (health: Int, all: Int)
}

/// A `HealthProbe` handed to `HealthProbeContract`, with its server's switches.
public struct HealthProbeUnderTest: Sendable {
    /// The adapter under test.
    public let probe: any HealthProbe
    /// The server it checks.
    public let server: any HealthBackendControl

    /// Makes a probe under test of `probe` against `server`.
    public init(probe: any HealthProbe, server: any HealthBackendControl) {
        self.probe = probe
        self.server = server
    }
}

/// The `HealthProbe` port's contract (its doc comment), one promise per case
/// of `Promise`, checked on probes a test target makes. A promise about the
/// health route does not apply to a probe that declares it answers from the
/// app's calls (`HealthSource.theAppsCalls`): the check says so with a
/// warning and ends, naming the declaration.
public enum HealthProbeContract {
    /// One promise of the port, checked by `check(_:on:)`; shown by its sentence.
    public enum Promise: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// A healthy server reads as healthy.
        case healthyServerReadsHealthy
        /// An unhealthy server reads as unhealthy, and healthy again once it is.
        case unhealthyServerReadsUnhealthy
        /// Any error status, whatever its body, reads as unhealthy, or for a 4xx as the refusal it is.
        case everyErrorStatusReadsUnhealthy
        /// A dropped connection (the server unreachable mid-call) throws transport or timeout.
        case droppedConnectionThrowsTransport
        /// A 200 without a health body throws malformedResponse.
        case bodylessAnswerThrowsMalformed
        /// A check sends one health call and nothing else.
        case checkSendsOneHealthCall

        /// Whether the promise is about the health route, and so applies
        /// only to a probe whose `source` is `.healthRoute`.
        public var needsTheHealthRoute: Bool {
            switch self {
            case .healthyServerReadsHealthy, .unhealthyServerReadsUnhealthy: false
            case .everyErrorStatusReadsUnhealthy, .droppedConnectionThrowsTransport, .bodylessAnswerThrowsMalformed,
                .checkSendsOneHealthCall:
                true
            }
        }

        /// Whether the check throws a switch of the server (`HealthBackendControl`):
        /// all but the healthy read, which a server checks as it is.
        public var needsTheServersSwitches: Bool { self != .healthyServerReadsHealthy }

        /// The promise as a sentence.
        public var testDescription: String {
            switch self {
            case .healthyServerReadsHealthy: "a server that says it is healthy reads as healthy"
            case .unhealthyServerReadsUnhealthy:
                "a server that says it is unhealthy reads as unhealthy, and healthy again once it is"
            case .everyErrorStatusReadsUnhealthy:
                "any error status, whatever its body, reads as unhealthy, or for a 4xx as the refusal it is"
            case .droppedConnectionThrowsTransport: "a dropped connection throws transport or timeout"
            case .bodylessAnswerThrowsMalformed: "a 200 without a health body throws malformedResponse"
            case .checkSendsOneHealthCall: "a check sends one health call and nothing else"
            }
        }
    }

    /// Checks `promise` on a probe from `makeProbe`. A broken promise is
    /// recorded as a test issue; a switch that could not be thrown is thrown.
    public static func check(
        _ promise: Promise, on makeProbe: @Sendable () async throws -> HealthProbeUnderTest,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let sut = try await makeProbe()
        if promise.needsTheHealthRoute, sut.probe.source != .healthRoute {
            let comment: Comment =
                "does not apply: the probe declares source \(sut.probe.source), not .healthRoute, and makes no health call of its own"
            Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
            try Test.cancel(comment, sourceLocation: sourceLocation)
        }
        let probe = sut.probe
        let server = sut.server
        switch promise {
        case .healthyServerReadsHealthy:
            #expect(try await probe.check() == .healthy)
        case .unhealthyServerReadsUnhealthy:
            try await server.setHealthy(false)
            let down = try await probe.check()
            try await server.setHealthy(true)
            let up = try await probe.check()
            #expect(down == .unhealthy)
            #expect(up == .healthy)
        case .everyErrorStatusReadsUnhealthy:
            for status in errorStatusesOnTheWire {
                for body in ErrorAnswerBody.allCases {
                    try await server.failNextHealthCall(.status(status, body: body))
                    do {
                        #expect(try await probe.check() == .unhealthy, "status \(status), \(body.rawValue) body")
                    } catch {
                        // The port lets an adapter that can tell say a 4xx is a refusal, with its status.
                        #expect(
                            status < 500 && error == .rejected(status: status, code: nil),
                            "status \(status), \(body.rawValue) body: \(error)")
                    }
                }
            }
        case .droppedConnectionThrowsTransport:
            try await server.failNextHealthCall(.drop)
            let error = await #expect(throws: RemoteError.self) { try await probe.check() }
            switch error {
            case .transport?, .timeout?: break
            default: Issue.record("a dropped connection gave \(String(describing: error))")
            }
            #expect(error?.isInfrastructure == true, "a dropped connection is the network's failure, not a refusal")
        case .bodylessAnswerThrowsMalformed:
            try await server.failNextHealthCall(.malformed)
            let error = await #expect(throws: RemoteError.self) { try await probe.check() }
            guard case .malformedResponse? = error else {
                Issue.record("a 200 without a health body gave \(String(describing: error))")
                return
            }
            #expect(error?.isInfrastructure == true, "a malformed answer is the server's failure, not a refusal")
        case .checkSendsOneHealthCall:
            let before = try await server.requestCounts()
            _ = try await probe.check()
            let after = try await server.requestCounts()
            #expect(after.health == before.health + 1)
            #expect(after.all == before.all + 1)
        }
    }
}
