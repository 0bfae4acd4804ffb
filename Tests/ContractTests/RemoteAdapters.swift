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
    ]
    static let users: [UserAdapter] = [
        .inMemory("InMemoryUserRemoteAPI") { $0.users },
    ]
    static let statements: [StatementAdapter] = [
        .inMemory("InMemoryStatementRemoteAPI") { $0.statements },
    ]
    static let health: [HealthAdapter] = [
        .inMemory("InMemoryHealthProbe") { $0.health },
    ]
}
