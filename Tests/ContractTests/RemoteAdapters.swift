import AdapterDerived
import Foundation
import Ports
import ReferenceServer
import Testing

/// Makes one adapter of a remote port, with a fresh server behind it. Its
/// description names the adapter in the test output.
struct RemoteAdapterFactory<API: Sendable>: Sendable, CustomTestStringConvertible {
    let testDescription: String
    private let makeFixture: @Sendable () async throws -> any RemoteContractFixture
    private let adapter: @Sendable (any RemoteContractFixture) -> API

    init(
        _ name: String,
        fixture: @escaping @Sendable () async throws -> any RemoteContractFixture,
        adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) {
        testDescription = name
        makeFixture = fixture
        self.adapter = adapter
    }

    /// The adapter under test and the fixture of its server.
    func make() async throws -> (API, any RemoteContractFixture) {
        let fixture = try await makeFixture()
        return (adapter(fixture), fixture)
    }

    static func inMemory(_ name: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API) -> Self {
        Self(name, fixture: { InMemoryRemoteFixture() }, adapter: adapter)
    }

    /// The HTTP adapter against a reference server on an ephemeral loopback
    /// port, playing `profile` (`ServerProfile`).
    static func http(
        _ name: String, profile: ServerProfile = .full,
        _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        let server = profile == .full ? "ReferenceServer" : "ReferenceServer --profile \(profile)"
        return Self(
            "\(name) → \(server)", fixture: { try HTTPRemoteFixture.inProcess(profile: profile) }, adapter: adapter)
    }

    /// The HTTP adapter against the server `CONTRACT_BASE_URL` names.
    static func outside(
        _ name: String, baseURL: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        Self(
            "\(name) → \(baseURL)", fixture: { try await HTTPRemoteFixture.outside(baseURL: baseURL) }, adapter: adapter
        )
    }

    /// Our own servers' adapters, or only the outside server's when
    /// `CONTRACT_BASE_URL` is set: the suites then test that server alone.
    static func ours(
        _ ours: [Self], orOutside name: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> [Self] {
        guard let url = RemoteTarget.outsideBaseURL else { return ours }
        return [outside(name, baseURL: url, adapter)]
    }
}

typealias AuthAdapter = RemoteAdapterFactory<any AuthRemoteAPI>
typealias UserAdapter = RemoteAdapterFactory<any UserRemoteAPI>
typealias StatementAdapter = RemoteAdapterFactory<any StatementRemoteAPI>
typealias HealthAdapter = RemoteAdapterFactory<any HealthProbe>

/// Every adapter of each remote port. A new adapter joins its port's
/// contract suite with one line in that port's list.
///
/// The `…OnCoraRoutes` lists add the HTTP adapter against a reference server
/// playing the Cora API (`--profile cora`): for the seeded tests that call
/// only Cora's routes, so `swift test` proves they pass against a backend
/// that serves nothing else.
enum RemoteAdapters {
    static let auth = AuthAdapter.ours(
        [
            .inMemory("InMemoryAuthRemoteAPI") { $0.auth }, .http("URLSessionAuthRemoteAPI") { $0.auth },
            .inMemory("OutcomeRecordingAuthRemoteAPI(InMemoryAuthRemoteAPI)") {
                OutcomeRecordingAuthRemoteAPI($0.auth, recorder: CallOutcomeRecorder())
            },
        ],
        orOutside: "URLSessionAuthRemoteAPI"
    ) { $0.auth }
    static let authOnCoraRoutes = AuthAdapter.ours(
        auth + [.http("URLSessionAuthRemoteAPI", profile: .cora) { $0.auth }],
        orOutside: "URLSessionAuthRemoteAPI"
    ) { $0.auth }
    static let users = UserAdapter.ours(
        [
            .inMemory("InMemoryUserRemoteAPI") { $0.users }, .http("URLSessionUserRemoteAPI") { $0.users },
            .inMemory("OutcomeRecordingUserRemoteAPI(InMemoryUserRemoteAPI)") {
                OutcomeRecordingUserRemoteAPI($0.users, recorder: CallOutcomeRecorder())
            },
        ],
        orOutside: "URLSessionUserRemoteAPI"
    ) { $0.users }
    /// The user adapters of backends without profile routes
    /// (`offersProfileRoutes == false`): the profile-route suite runs them,
    /// the rest of the user suite does not apply.
    static let usersWithoutProfileRoutes: [UserAdapter] = [
        .inMemory("TokenOnlyUserRemoteAPI") { _ in TokenOnlyUserRemoteAPI() }
    ]
    static let statements = StatementAdapter.ours(
        [
            .inMemory("InMemoryStatementRemoteAPI") { $0.statements },
            .http("URLSessionStatementRemoteAPI") { $0.statements },
            .inMemory("OutcomeRecordingStatementRemoteAPI(InMemoryStatementRemoteAPI)") {
                OutcomeRecordingStatementRemoteAPI($0.statements, recorder: CallOutcomeRecorder())
            },
        ],
        orOutside: "URLSessionStatementRemoteAPI"
    ) { $0.statements }
    static let statementsOnCoraRoutes = StatementAdapter.ours(
        statements + [.http("URLSessionStatementRemoteAPI", profile: .cora) { $0.statements }],
        orOutside: "URLSessionStatementRemoteAPI"
    ) { $0.statements }
    static let health = HealthAdapter.ours(
        [.inMemory("InMemoryHealthProbe") { $0.health }, .http("URLSessionHealthProbe") { $0.health }],
        orOutside: "URLSessionHealthProbe"
    ) { $0.health }
}
