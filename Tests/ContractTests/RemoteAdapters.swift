import AdapterDerived
import SimulatedBackend
import DomainCore
import Foundation
import Ports
import ReferenceServer
import TaskRuntime
import VirtualTime
import Testing
import CompositionTesting

/// Makes one adapter of a remote port, with a fresh server behind it. Its
/// description names the adapter in the test output.
struct RemoteAdapterFactory<API: Sendable>: Sendable, CustomTestStringConvertible {
    let testDescription: String
    /// The registry plugin this entry runs, if any.
    let plugin: CoveredPlugin?
    /// The wire the fixture's server speaks.
    let fixtureDialect: WireDialect
    private let makeFixture: @Sendable () async throws -> any RemoteContractFixture
    private let adapter: @Sendable (any RemoteContractFixture) -> API

    /// - Parameter plugin: the registry plugin this entry runs; nil for a
    ///   decorator or an adapter the registry does not have.
    init(
        _ name: String, plugin: CoveredPlugin? = nil, fixtureDialect: WireDialect,
        fixture: @escaping @Sendable () async throws -> any RemoteContractFixture,
        adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) {
        testDescription = name
        self.plugin = plugin
        self.fixtureDialect = fixtureDialect
        makeFixture = fixture
        self.adapter = adapter
    }

    /// Ends this test case at once, saying why, when the adapter under test
    /// declares (`capability`, a property of its port) that it does not do
    /// what the test is about: the adapter's own declaration decides, never
    /// a fixture's list. `absence` names the suite that proves the refusal
    /// contract that goes with the capability's absence.
    func requireDeclared(
        _ declared: Bool, _ capability: String, absence: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard !declared else { return }
        let comment: Comment = "does not apply to \(testDescription): it declares \(capability) false; \(absence)"
        Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
        try Test.cancel(comment, sourceLocation: sourceLocation)
    }

    /// The adapter under test and the fixture of its server.
    func make() async throws -> (API, any RemoteContractFixture) {
        let fixture = try await makeFixture()
        return (adapter(fixture), fixture)
    }

    /// Whether this entry runs its plugin against a server of the plugin's own wire.
    var runsPluginOnItsOwnDialect: Bool {
        guard let plugin else { return false }
        return plugin.speaks == .none || plugin.speaks == fixtureDialect
    }

    static func inMemory(
        _ name: String, plugin: CoveredPlugin? = nil,
        _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        Self(
            name, plugin: plugin, fixtureDialect: .inMemoryBackend, fixture: { InMemoryRemoteFixture() },
            adapter: adapter)
    }

    /// The HTTP adapter against a reference server on an ephemeral loopback
    /// port, playing `profile` (`ServerProfile`).
    static func http(
        _ name: String, plugin: CoveredPlugin? = nil, profile: ServerProfile = .full,
        _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        let server = profile == .full ? "ReferenceServer" : "ReferenceServer --profile \(profile)"
        return Self(
            "\(name) → \(server)", plugin: plugin, fixtureDialect: .wireContract,
            fixture: { try HTTPRemoteFixture.inProcess(profile: profile) }, adapter: adapter)
    }

    /// A Supabase Auth adapter against a Supabase Auth (GoTrue) stand-in on
    /// an ephemeral loopback port (`SupabaseRemoteFixture`), with what GoTrue
    /// cannot meet cancelled saying why.
    static func supabase(
        _ name: String, plugin: CoveredPlugin?, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        Self(
            "\(name) → Supabase Auth stand-in", plugin: plugin, fixtureDialect: .supabase,
            fixture: { try SupabaseRemoteFixture() }, adapter: adapter)
    }

    /// The HTTP adapter against the server `CONTRACT_BASE_URL` names.
    static func outside(
        _ name: String, baseURL: String, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        Self(
            "\(name) → \(baseURL)", fixtureDialect: .wireContract,
            fixture: { try await HTTPRemoteFixture.outside(baseURL: baseURL) }, adapter: adapter
        )
    }

    /// The adapter against the OAuth 2.0 test server `OAUTH2_LEGACY_BASE_URL` names,
    /// for the seeded suites only (it has no control API).
    static func oauth2(
        _ name: String, plugin: CoveredPlugin?, baseURL: String,
        _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> Self {
        Self(
            "\(name) → OAuth 2.0 server \(baseURL)", plugin: plugin, fixtureDialect: .oauth2,
            fixture: { try OAuth2RemoteFixture(baseURL: baseURL) },
            adapter: adapter)
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

extension RemoteAdapterFactory where API == any UserRemoteAPI {
    /// Ends this test case at once, saying why, when `users` — the adapter
    /// under test — declares it has no route for `operation`
    /// (`offersCurrentUser`, `offersAccountRoutes`): "UserRemoteAPI
    /// contract: user routes" proves such a call sends nothing.
    func requireOffered(
        _ operation: RemoteOperation, by users: any UserRemoteAPI, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let capability = operation == .currentUser ? "offersCurrentUser" : "offersAccountRoutes"
        try requireDeclared(
            users.offers(operation), capability,
            absence:
                "UserRemoteAPIContract's undeclaredRouteSendsNothing proves \(operation) is NOT_FOUND at once, sending nothing",
            sourceLocation: sourceLocation)
    }
}

extension RemoteAdapterFactory where API == any HealthProbe {
    /// Ends this test case at once, saying why, when `probe` — the adapter
    /// under test — declares it answers from the app's calls
    /// (`HealthSource.theAppsCalls`) rather than a health route: "Health from
    /// the calls" proves what such a probe promises instead.
    func requireHealthRoute(of probe: any HealthProbe, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try requireDeclared(
            probe.source == .healthRoute, "source == .healthRoute",
            absence:
                "it answers from the app's calls (HealthSource.theAppsCalls), whose promises \"Health from the calls\" proves",
            sourceLocation: sourceLocation)
    }
}

extension UserRemoteAPI {
    /// Whether this adapter declares a route for the user operation
    /// `operation`: the current user's by `offersCurrentUser`, the account
    /// routes by `offersAccountRoutes`.
    func offers(_ operation: RemoteOperation) -> Bool {
        switch operation {
        case .currentUser: offersCurrentUser
        case .updateCurrentUser, .deleteCurrentUser, .relatedUsers, .saveSharedWith: offersAccountRoutes
        case .signIn, .refresh, .signOut, .register, .statement, .entryDetails, .health: false
        }
    }
}

typealias AuthAdapter = RemoteAdapterFactory<any AuthRemoteAPI>
typealias UserAdapter = RemoteAdapterFactory<any UserRemoteAPI>
typealias StatementAdapter = RemoteAdapterFactory<any StatementRemoteAPI>
typealias HealthAdapter = RemoteAdapterFactory<any HealthProbe>

/// Every adapter of each remote port. A new adapter joins its port's
/// contract suite with one line in that port's list, saying which registry
/// plugin it runs (`CoveredPlugin`): `PluginSuiteCompletenessTests` checks
/// that every plugin of `PluginRegistry.standard` has such a line, against a
/// server of its own wire.
///
/// The `…OnCoraRoutes` lists add the HTTP adapter against a reference server
/// playing the Cora API (`--profile cora`): for the seeded tests that call
/// only Cora's routes, so `swift test` proves they pass against a backend
/// that serves nothing else.
///
/// Each port's list also runs the two decorators Composition puts in front
/// of the chosen adapters — the outcome recording of `from-calls` health and
/// the app's request deadline (`RequestDeadline`, on a clock no test moves, so
/// it never fires and every answer must pass through it unchanged).
enum RemoteAdapters {
    /// Our own servers' auth adapters (`auth` is these unless `CONTRACT_BASE_URL` is set).
    static let ourAuth: [AuthAdapter] = [
        .inMemory("InMemoryAuthRemoteAPI", plugin: CoveredPlugin(.auth, "in-memory", speaks: .inMemoryBackend)) {
            $0.auth
        },
        .http("URLSessionAuthRemoteAPI", plugin: CoveredPlugin(.auth, "http", speaks: .wireContract)) { $0.auth },
        AuthAdapter(
            "OAuth2AuthRemoteAPI(gatehouse-public) → OAuth 2.0 stand-in",
            plugin: CoveredPlugin(.auth, "oauth2-password-legacy", speaks: .oauth2), fixtureDialect: .oauth2,
            fixture: { try OAuth2StandInFixture() }
        ) { $0.auth },
        .supabase("SupabaseAuthRemoteAPI", plugin: CoveredPlugin(.auth, "supabase", speaks: .supabase)) {
            // Any other fixture gives its own adapter, which signs in by CPF:
            // "A backend that signs in by e-mail only refuses a CPF" then fails.
            ($0 as? SupabaseRemoteFixture)?.supabaseAuth ?? $0.auth
        },
        AuthAdapter(
            "FirebaseAuthRemoteAPI → Firebase Authentication stand-in",
            plugin: CoveredPlugin(.auth, "firebase", speaks: .firebase), fixtureDialect: .firebase,
            fixture: { try FirebaseRemoteFixture() }
        ) {
            // Any other fixture gives its own adapter, which signs in by CPF.
            ($0 as? FirebaseRemoteFixture)?.firebaseAuth ?? $0.auth
        },
        // The in-memory plugin's `signUp: creates-a-session`: Firebase's
        // kind of sign-up on the simulated backend.
        .inMemory("InMemoryAuthRemoteAPI(signUp creates-a-session)") { fixture in
            guard let backend = (fixture as? InMemoryRemoteFixture)?.backend else { return fixture.auth }
            return InMemoryAuthRemoteAPI(
                backend: backend, registrationOffer: .createsASession(taking: [.email, .password]))
        },
        // The in-memory plugin's `signUp: creates-an-account-to-confirm`:
        // Supabase Auth's with "Confirm email" on, on the simulated backend.
        .inMemory("InMemoryAuthRemoteAPI(signUp creates-an-account-to-confirm)") { fixture in
            guard let backend = (fixture as? InMemoryRemoteFixture)?.backend else { return fixture.auth }
            return InMemoryAuthRemoteAPI(
                backend: backend, registrationOffer: .createsAnAccountToConfirm(taking: .everyField))
        },
        .inMemory("OutcomeRecordingAuthRemoteAPI(InMemoryAuthRemoteAPI)") {
            OutcomeRecordingAuthRemoteAPI($0.auth, recorder: CallOutcomeRecorder())
        },
        .inMemory("DeadlineAuthRemoteAPI(InMemoryAuthRemoteAPI)") {
            DeadlineAuthRemoteAPI($0.auth, deadline: .neverFiring)
        },
    ]
    static let auth = AuthAdapter.ours(ourAuth, orOutside: "URLSessionAuthRemoteAPI") { $0.auth }
    static let authOnCoraRoutes = AuthAdapter.ours(
        auth + [.http("URLSessionAuthRemoteAPI", profile: .cora) { $0.auth }],
        orOutside: "URLSessionAuthRemoteAPI"
    ) { $0.auth }
    static let ourUsers: [UserAdapter] = [
        .inMemory("InMemoryUserRemoteAPI", plugin: CoveredPlugin(.user, "in-memory", speaks: .inMemoryBackend)) {
            $0.users
        },
        .http("URLSessionUserRemoteAPI", plugin: CoveredPlugin(.user, "http", speaks: .wireContract)) { $0.users },
        .supabase("SupabaseUserRemoteAPI", plugin: CoveredPlugin(.user, "supabase", speaks: .supabase)) { $0.users },
        .inMemory("OutcomeRecordingUserRemoteAPI(InMemoryUserRemoteAPI)") {
            OutcomeRecordingUserRemoteAPI($0.users, recorder: CallOutcomeRecorder())
        },
        .inMemory("DeadlineUserRemoteAPI(InMemoryUserRemoteAPI)") {
            DeadlineUserRemoteAPI($0.users, deadline: .neverFiring)
        },
    ]
    static let users = UserAdapter.ours(ourUsers, orOutside: "URLSessionUserRemoteAPI") { $0.users }
    /// The user adapters of backends without any user route
    /// (`offersCurrentUser` false): the user-route suite runs them, the rest
    /// of the user suite does not apply. (`SupabaseUserRemoteAPI`, which has
    /// the current user only, is in `users`: the calls it lacks are
    /// cancelled there, saying why, and the user-route suite proves they
    /// send nothing.)
    static let usersWithoutSomeRoutes: [UserAdapter] = [
        .inMemory("TokenOnlyUserRemoteAPI", plugin: CoveredPlugin(.user, "token-only")) { _ in
            TokenOnlyUserRemoteAPI()
        }
    ]
    /// The auth adapters of backends that create no accounts
    /// (`offersRegistration == false`) that `auth` does not run: the
    /// registration suite runs them. `OAuth2AuthRemoteAPI` talks to a
    /// reference server here, whose request counts (every route, and none)
    /// show that `register` sends nothing. (`SupabaseAuthRemoteAPI`, in
    /// `auth` on its own fixture, is in the registration suite that way.)
    static let authWithoutRegistration: [AuthAdapter] = [
        AuthAdapter(
            "OAuth2AuthRemoteAPI(confidential client) → ReferenceServer",
            plugin: CoveredPlugin(.auth, "oauth2-password-legacy", speaks: .oauth2), fixtureDialect: .wireContract,
            fixture: { try HTTPRemoteFixture.inProcess() }
        ) {
            // Any other fixture gives its own adapter, which offers
            // registration: "The adapters without registration are in this
            // suite" then fails.
            ($0 as? HTTPRemoteFixture)?.oauth2Auth ?? $0.auth
        }
    ]
    /// The auth adapters of backends that sign in by e-mail only: the
    /// sign-in suite checks that a CPF is refused at once, sending nothing.
    static let authByEmailOnly: [AuthAdapter] = [
        .supabase("SupabaseAuthRemoteAPI", plugin: CoveredPlugin(.auth, "supabase", speaks: .supabase)) {
            ($0 as? SupabaseRemoteFixture)?.supabaseAuth ?? $0.auth
        }
    ]
    /// The auth adapters of backends that sign in by CPF only and create no
    /// accounts (the Cora API: `emailSignIn` and `registrationRoute` off):
    /// the HTTP adapter against a reference server playing Cora, and the
    /// in-memory one as `cora-in-memory` makes it. The sign-in and
    /// registration suites check that an e-mail and a registration are
    /// refused at once, sending nothing.
    static let authByCPFOnly: [AuthAdapter] = [
        .http("URLSessionAuthRemoteAPI(emailSignIn off, registrationRoute off)", profile: .cora) { $0.auth },
        .inMemory("InMemoryAuthRemoteAPI(emailSignIn off, registrationRoute off)") { fixture in
            guard let backend = (fixture as? InMemoryRemoteFixture)?.backend else { return fixture.auth }
            return InMemoryAuthRemoteAPI(backend: backend, registrationOffer: .none, signsInByEmail: false)
        },
    ]
    /// Every auth adapter of ours once: the control list's, and those that
    /// leave a capability out, so each absence's refusal is checked too.
    /// (`authWithoutRegistration`'s confidential client talks to a server
    /// without its token endpoint: it runs only what sends nothing.)
    static let everyAuth: [AuthAdapter] = {
        var seen: Set<String> = []
        return (auth + authByCPFOnly + authByEmailOnly).filter {
            seen.insert($0.testDescription).inserted
        }
    }()
    static let ourStatements: [StatementAdapter] = [
        .inMemory(
            "InMemoryStatementRemoteAPI", plugin: CoveredPlugin(.statement, "in-memory", speaks: .inMemoryBackend)
        ) { $0.statements },
        .http("URLSessionStatementRemoteAPI", plugin: CoveredPlugin(.statement, "http", speaks: .wireContract)) {
            $0.statements
        },
        .inMemory("OutcomeRecordingStatementRemoteAPI(InMemoryStatementRemoteAPI)") {
            OutcomeRecordingStatementRemoteAPI($0.statements, recorder: CallOutcomeRecorder())
        },
        .inMemory("DeadlineStatementRemoteAPI(InMemoryStatementRemoteAPI)") {
            DeadlineStatementRemoteAPI($0.statements, deadline: .neverFiring)
        },
    ]
    static let statements = StatementAdapter.ours(ourStatements, orOutside: "URLSessionStatementRemoteAPI") {
        $0.statements
    }
    static let statementsOnCoraRoutes = StatementAdapter.ours(
        statements + [.http("URLSessionStatementRemoteAPI", profile: .cora) { $0.statements }],
        orOutside: "URLSessionStatementRemoteAPI"
    ) { $0.statements }
    static let ourHealth: [HealthAdapter] = [
        .inMemory("InMemoryHealthProbe", plugin: CoveredPlugin(.health, "in-memory", speaks: .inMemoryBackend)) {
            $0.health
        },
        .http("URLSessionHealthProbe", plugin: CoveredPlugin(.health, "http", speaks: .wireContract)) { $0.health },
        .supabase("SupabaseHealthProbe", plugin: CoveredPlugin(.health, "supabase", speaks: .supabase)) {
            $0.health
        },
        .inMemory("DeadlineHealthProbe(InMemoryHealthProbe)") {
            DeadlineHealthProbe($0.health, deadline: .neverFiring)
        },
        HealthAdapter(
            "CallOutcomeHealthProbe → outcomes of the in-memory backend's calls",
            plugin: CoveredPlugin(.health, "from-calls", speaks: .callOutcomes), fixtureDialect: .callOutcomes,
            fixture: { CallOutcomeRemoteFixture() }
        ) { $0.health },
        HealthAdapter(
            "ActuatorHealthProbe (example adapter) → Actuator stand-in", fixtureDialect: .actuator,
            fixture: { try ActuatorRemoteFixture() }
        ) { $0.health },
    ]
    static let health = HealthAdapter.ours(ourHealth, orOutside: "URLSessionHealthProbe") { $0.health }
}

extension RequestDeadline {
    /// A deadline on a clock no test moves: it never fires, so a decorated
    /// adapter must answer exactly as the adapter behind it.
    static var neverFiring: RequestDeadline {
        RequestDeadline(
            timeout: .seconds(60), clock: ManualClock(), scheduler: CountingTaskScheduler(activity: VirtualActivity()))
    }
}

/// The adapters of the seeded suites: every one of `RemoteAdapters`, and —
/// when `OAUTH2_LEGACY_BASE_URL` is set — the OAuth 2.0 family against that server
/// (whatever `CONTRACT_BASE_URL` says: it is a second server, not a
/// replacement). The control suites keep to `RemoteAdapters`.
enum SeededAdapters {
    static let auth =
        RemoteAdapters.auth
        + oauth2(
            "OAuth2AuthRemoteAPI(gatehouse-public)",
            plugin: CoveredPlugin(.auth, "oauth2-password-legacy", speaks: .oauth2)
        ) {
            $0.auth
        }
    static let authOnCoraRoutes =
        RemoteAdapters.authOnCoraRoutes
        + oauth2(
            "OAuth2AuthRemoteAPI(gatehouse-public)",
            plugin: CoveredPlugin(.auth, "oauth2-password-legacy", speaks: .oauth2)
        ) {
            $0.auth
        }
    static let everyAuth =
        RemoteAdapters.everyAuth
        + oauth2(
            "OAuth2AuthRemoteAPI(gatehouse-public)",
            plugin: CoveredPlugin(.auth, "oauth2-password-legacy", speaks: .oauth2)
        ) {
            $0.auth
        }
    static let users = RemoteAdapters.users + oauth2("URLSessionUserRemoteAPI(bearer)") { $0.users }
    static let statementsOnCoraRoutes =
        RemoteAdapters.statementsOnCoraRoutes + oauth2("URLSessionStatementRemoteAPI(bearer)") { $0.statements }
    static let health = RemoteAdapters.health + oauth2("URLSessionHealthProbe") { $0.health }

    private static func oauth2<API>(
        _ name: String, plugin: CoveredPlugin? = nil, _ adapter: @escaping @Sendable (any RemoteContractFixture) -> API
    ) -> [RemoteAdapterFactory<API>] {
        guard let url = OAuth2RemoteFixture.baseURL else { return [] }
        return [.oauth2(name, plugin: plugin, baseURL: url, adapter)]
    }
}
