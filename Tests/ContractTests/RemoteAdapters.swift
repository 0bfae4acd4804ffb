import AdapterDerived
import Foundation
import Ports
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

    /// The HTTP adapter against a reference server on an ephemeral loopback port.
    static func http(_ name: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API) -> Self {
        Self("\(name) → ReferenceServer", fixture: { try HTTPRemoteFixture.inProcess() }, adapter: adapter)
    }

    /// The HTTP adapter against `CONTRACT_BASE_URL`, when it is set (a team's own backend).
    static func outside(_ name: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API) -> [Self] {
        guard let url = ProcessInfo.processInfo.environment["CONTRACT_BASE_URL"], !url.isEmpty else { return [] }
        return [Self("\(name) → \(url)", fixture: { try await HTTPRemoteFixture.outside(baseURL: url) }, adapter: adapter)]
    }
}

typealias AuthAdapter = RemoteAdapterFactory<any AuthRemoteAPI>
typealias UserAdapter = RemoteAdapterFactory<any UserRemoteAPI>
typealias StatementAdapter = RemoteAdapterFactory<any StatementRemoteAPI>
typealias HealthAdapter = RemoteAdapterFactory<any HealthProbe>

/// Every adapter of each remote port. A new adapter joins its port's
/// contract suite with one line in that port's list.
enum RemoteAdapters {
    static let auth: [AuthAdapter] = [
        .inMemory("InMemoryAuthRemoteAPI") { $0.auth },
        .http("URLSessionAuthRemoteAPI") { $0.auth },
        .inMemory("OutcomeRecordingAuthRemoteAPI(InMemoryAuthRemoteAPI)") {
            OutcomeRecordingAuthRemoteAPI($0.auth, recorder: CallOutcomeRecorder())
        },
    ] + AuthAdapter.outside("URLSessionAuthRemoteAPI") { $0.auth }
    static let users: [UserAdapter] = [
        .inMemory("InMemoryUserRemoteAPI") { $0.users },
        .http("URLSessionUserRemoteAPI") { $0.users },
        .inMemory("OutcomeRecordingUserRemoteAPI(InMemoryUserRemoteAPI)") {
            OutcomeRecordingUserRemoteAPI($0.users, recorder: CallOutcomeRecorder())
        },
    ] + UserAdapter.outside("URLSessionUserRemoteAPI") { $0.users }
    /// The user adapters of backends without profile routes
    /// (`offersProfileRoutes == false`): the profile-route suite runs them,
    /// the rest of the user suite does not apply.
    static let usersWithoutProfileRoutes: [UserAdapter] = [
        .inMemory("TokenOnlyUserRemoteAPI") { _ in TokenOnlyUserRemoteAPI() }
    ]
    static let statements: [StatementAdapter] = [
        .inMemory("InMemoryStatementRemoteAPI") { $0.statements },
        .http("URLSessionStatementRemoteAPI") { $0.statements },
        .inMemory("OutcomeRecordingStatementRemoteAPI(InMemoryStatementRemoteAPI)") {
            OutcomeRecordingStatementRemoteAPI($0.statements, recorder: CallOutcomeRecorder())
        },
    ] + StatementAdapter.outside("URLSessionStatementRemoteAPI") { $0.statements }
    static let health: [HealthAdapter] = [
        .inMemory("InMemoryHealthProbe") { $0.health },
        .http("URLSessionHealthProbe") { $0.health },
    ] + HealthAdapter.outside("URLSessionHealthProbe") { $0.health }
}
