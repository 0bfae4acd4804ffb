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
    private let unmet: @Sendable (SeededNeed) -> String?

    /// - Parameter unmet: why the server behind this adapter cannot meet a
    ///   need of a seeded test; nil for each need it meets (every one, for
    ///   the servers of the wire contract).
    init(
        _ name: String,
        fixture: @escaping @Sendable () async throws -> any RemoteContractFixture,
        unmet: @escaping @Sendable (SeededNeed) -> String? = { _ in nil },
        adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) {
        testDescription = name
        makeFixture = fixture
        self.unmet = unmet
        self.adapter = adapter
    }

    /// Ends this test case at once, saying why, when the server behind this
    /// adapter cannot meet `need`; called first in a test. `Test.cancel`
    /// ends the one case (the other adapters' cases of the test still run),
    /// but the console does not print a cancelled case: the reason is also
    /// recorded as a warning, which it prints and which fails nothing.
    func require(_ need: SeededNeed, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let reason = unmet(need) else { return }
        let comment: Comment = "does not apply to \(testDescription): \(reason)"
        Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
        try Test.cancel(comment, sourceLocation: sourceLocation)
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

    /// The adapter against the OAuth 2.0 test server `OAUTH2_BASE_URL` names,
    /// for the seeded suites only (it has no control API).
    static func oauth2(
        _ name: String, baseURL: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        Self(
            "\(name) → OAuth 2.0 server \(baseURL)", fixture: { try OAuth2RemoteFixture(baseURL: baseURL) },
            unmet: SeededNeed.unmetByOAuth2Server, adapter: adapter)
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
    /// The user adapters of backends without some user routes
    /// (`offersCurrentUser` or `offersAccountRoutes` false): the user-route
    /// suite runs them, the rest of the user suite does not apply.
    /// `SupabaseUserRemoteAPI` talks to a reference server here, whose
    /// request counts show that the calls it lacks send nothing.
    static let usersWithoutSomeRoutes: [UserAdapter] = [
        .inMemory("TokenOnlyUserRemoteAPI") { _ in TokenOnlyUserRemoteAPI() },
        UserAdapter("SupabaseUserRemoteAPI → ReferenceServer", fixture: { try HTTPRemoteFixture.inProcess() }) {
            // Any other fixture gives its own adapter, which has every route:
            // "The adapters without some user routes are in this suite" then fails.
            ($0 as? HTTPRemoteFixture)?.supabaseUsers ?? $0.users
        },
    ]
    /// The auth adapters of backends that create no accounts
    /// (`offersRegistration == false`): the registration suite runs them.
    /// `OAuth2AuthRemoteAPI` and `SupabaseAuthRemoteAPI` talk to a reference
    /// server here, whose request counts (every route, and none) show that
    /// `register` sends nothing.
    static let authWithoutRegistration: [AuthAdapter] = [
        AuthAdapter(
            "OAuth2AuthRemoteAPI(gatehouse-public) → ReferenceServer", fixture: { try HTTPRemoteFixture.inProcess() }
        ) {
            // Any other fixture gives its own adapter, which offers
            // registration: "The adapters without registration are in this
            // suite" then fails.
            ($0 as? HTTPRemoteFixture)?.oauth2Auth ?? $0.auth
        },
        AuthAdapter("SupabaseAuthRemoteAPI → ReferenceServer", fixture: { try HTTPRemoteFixture.inProcess() }) {
            ($0 as? HTTPRemoteFixture)?.supabaseAuth ?? $0.auth
        },
    ]
    /// The auth adapters of backends that sign in by e-mail only: the
    /// sign-in suite checks that a CPF is refused at once, sending nothing.
    static let authByEmailOnly: [AuthAdapter] = [
        AuthAdapter("SupabaseAuthRemoteAPI → ReferenceServer", fixture: { try HTTPRemoteFixture.inProcess() }) {
            // Any other fixture gives its own adapter, which takes a CPF:
            // the refusal test then fails.
            ($0 as? HTTPRemoteFixture)?.supabaseAuth ?? $0.auth
        }
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

/// The adapters of the seeded suites: every one of `RemoteAdapters`, and —
/// when `OAUTH2_BASE_URL` is set — the OAuth 2.0 family against that server
/// (whatever `CONTRACT_BASE_URL` says: it is a second server, not a
/// replacement). The control suites keep to `RemoteAdapters`.
enum SeededAdapters {
    static let auth = RemoteAdapters.auth + oauth2("OAuth2AuthRemoteAPI(gatehouse-public)") { $0.auth }
    static let authOnCoraRoutes =
        RemoteAdapters.authOnCoraRoutes + oauth2("OAuth2AuthRemoteAPI(gatehouse-public)") { $0.auth }
    static let users = RemoteAdapters.users + oauth2("URLSessionUserRemoteAPI(bearer)") { $0.users }
    static let statementsOnCoraRoutes =
        RemoteAdapters.statementsOnCoraRoutes + oauth2("URLSessionStatementRemoteAPI(bearer)") { $0.statements }
    static let health = RemoteAdapters.health + oauth2("URLSessionHealthProbe") { $0.health }

    private static func oauth2<API>(
        _ name: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> [RemoteAdapterFactory<API>] {
        guard let url = OAuth2RemoteFixture.baseURL else { return [] }
        return [.oauth2(name, baseURL: url, adapter)]
    }
}
