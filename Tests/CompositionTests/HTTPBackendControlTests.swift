import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing

@testable import Composition
@testable import CompositionTesting

/// `HTTPBackendControl` — the switches of a server in another process, over
/// its control API — does to that server's backend exactly what
/// `InMemoryBackendControl` does to a backend called directly.
@Suite("HTTP backend control")
struct HTTPBackendControlTests {
    static let maria = "12345678909"

    /// A reference server on virtual time, its backend, and the control
    /// under test talking to it over loopback.
    struct Served {
        let clock = ManualClock()
        let backend: InMemoryBackend
        let server: ReferenceServer
        let control: HTTPBackendControl

        init() throws {
            backend = InMemoryBackend(clock: clock)
            server = try ReferenceServer(
                configuration: ReferenceServer.Configuration(port: 0), backend: backend, virtualClock: clock)
            server.start()
            let configuration = try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil)
            control = HTTPBackendControl(api: try URLSessionControlAPI(configuration: configuration))
        }
    }

    enum Step: String, CaseIterable, Sendable {
        case healthDown, healthUp, inactive, deleted, revoke, faultStatus, faultDrop, faultMalformed, faultsCleared,
            reset

        func apply(to control: any BackendControl) async throws {
            switch self {
            case .healthDown: try await control.setHealthy(false)
            case .healthUp:
                try await control.setHealthy(false)
                try await control.setHealthy(true)
            case .inactive: try await control.setAccountState(cpf: "123.456.789-09", .inactive)
            case .deleted: try await control.setAccountState(cpf: "123.456.789-09", .deleted)
            case .revoke: try await control.revokeAllTokens()
            case .faultStatus: try await control.addFault(route: BackendRoute.currentUser, mode: .status(503), count: 2)
            case .faultDrop: try await control.addFault(route: BackendRoute.currentUser, mode: .drop, count: 1)
            case .faultMalformed:
                try await control.addFault(route: BackendRoute.currentUser, mode: .malformed, count: 1)
            case .faultsCleared:
                try await control.addFault(route: BackendRoute.currentUser, mode: .status(500), count: 3)
                try await control.clearFaults()
            case .reset:
                try await control.setHealthy(false)
                try await control.setAccountState(cpf: HTTPBackendControlTests.maria, .inactive)
                try await control.addFault(route: BackendRoute.currentUser, mode: .status(500), count: 3)
                try await control.reset()
            }
        }
    }

    /// What a step left behind, seen from the backend itself.
    struct Observation: Equatable {
        var health: ServerHealth
        var account: InMemoryBackend.AccountState?
        var tokenWorks: Bool
        var nextAdmissions: [InMemoryBackend.FaultAction]
    }

    static func observe(_ backend: InMemoryBackend, token: AccessToken) async -> Observation {
        let tokenWorks = (try? await backend.currentUser(token: token)) != nil
        var admissions: [InMemoryBackend.FaultAction] = []
        for _ in 0..<3 { admissions.append(await backend.admit(BackendRoute.currentUser)) }
        return Observation(
            health: await backend.health(), account: await backend.accountState(cpf: maria), tokenWorks: tokenWorks,
            nextAdmissions: admissions)
    }

    @Test("Each switch leaves the served backend as the in-memory switch leaves its own", arguments: Step.allCases)
    func sameEffectAsInMemory(step: Step) async throws {
        let served = try Served()
        defer { served.server.stop() }
        let direct = InMemoryBackend(clock: ManualClock())
        let credentials = Credentials(identifier: .cpf(Self.maria), password: Password("123456"))
        let servedToken = try await served.backend.signIn(credentials)
        let directToken = try await direct.signIn(credentials)

        try await step.apply(to: served.control)
        try await step.apply(to: InMemoryBackendControl(backend: direct))

        let overHTTP = await Self.observe(served.backend, token: servedToken)
        let inMemory = await Self.observe(direct, token: directToken)
        #expect(overHTTP == inMemory)
    }

    @Test("A delay holds the request for exactly that long on the server's clock")
    func delayIsSentInMilliseconds() async throws {
        let served = try Served()
        defer { served.server.stop() }
        let start = served.clock.now()

        try await served.control.addFault(route: BackendRoute.currentUser, mode: .delay(.milliseconds(2500)), count: 1)
        let admission = Task { await served.backend.admit(BackendRoute.currentUser) }
        await served.clock.waitForSleepers(atLeast: 1)

        #expect(served.clock.nextDeadline == start.addingTimeInterval(2.5))
        served.clock.advance(by: .milliseconds(2500))
        #expect(await admission.value == .proceed)
    }

    @Test("Metrics come back as the server counts them")
    func metricsAreTheServers() async throws {
        let served = try Served()
        defer { served.server.stop() }
        _ = try await served.backend.signIn(Credentials(identifier: .cpf(Self.maria), password: Password("123456")))
        _ = await served.backend.admit(BackendRoute.auth)

        let metrics = try await served.control.metrics()
        let truth = await served.backend.metrics()

        #expect(metrics.logins == truth.logins)
        #expect(metrics.tokensLive == truth.tokensLive)
        #expect(metrics.requests == truth.requests)
        #expect(metrics.value(named: "requests.\(BackendRoute.auth)") == 1)
    }

    @Test("A refusal says what was refused and why")
    func refusalsAreNamed() async throws {
        let served = try Served()
        defer { served.server.stop() }

        await #expect {
            try await served.control.setAccountState(cpf: "000.000.000-00", .inactive)
        } throws: { error in
            "\(error)".contains("/_control/users/00000000000") && "\(error)".contains("404")
        }
        await #expect {
            try await served.control.addFault(route: "GET /nowhere", mode: .drop, count: 1)
        } throws: { error in
            "\(error)".contains("unknown route 'GET /nowhere'")
        }
    }

    @Test(
        "The control API is refused for any host but this machine",
        arguments: ["https://api.example.com", "https://127.0.0.1.nip.io"])
    func onlyOnLoopback(baseURL: String) throws {
        let configuration = try HTTPConfiguration(baseURL: baseURL, apiKey: nil)
        #expect(throws: ControlAPIError.self) { try URLSessionControlAPI(configuration: configuration) }
    }
}
