import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import Foundation
import Ports
import StandInServers
import VirtualTime

/// The suites' server for the Supabase Auth adapters: a `SupabaseAuthStandIn`
/// (GoTrue on loopback) and the suites' switches, in their words, put onto
/// it: account states, revocation and the server's clock are its
/// backend's; a fault on an operation fails the next request of the GoTrue
/// route that operation calls; calls are counted per GoTrue route, and
/// every request, a route GoTrue does not have included.
///
/// The suites name seeded accounts by CPF, which GoTrue does not keep: the
/// fixture's own `auth` (what the user and health suites sign in with) signs
/// a seeded account in by the e-mail the stand-in knows it by
/// (`RemoteSeedAccount.signInEmail`). The adapter under test in the auth
/// suites is `supabaseAuth` itself.
///
/// What GoTrue does not do (registration, account routes, a CPF, an expiry
/// told apart) is each adapter's own declaration, which the suites read:
/// this fixture lists nothing it cannot meet. It has no statement, so no
/// statement list names it; a fault on an operation GoTrue has no route for
/// throws `UnmetControlNeed`, naming it and this fixture.
struct SupabaseRemoteFixture: StandInBackedFixture {
    let standIn: SupabaseAuthStandIn
    /// The server's clock, which only the suites move.
    let clock = ManualClock()
    private let configuration: HTTPConfiguration

    init() throws {
        standIn = try SupabaseAuthStandIn.onManualClock(clock)
        // A generous deadline: under the sanitizers on a busy two-core machine
        // a loopback answer can be slow; no test waits for it to pass.
        configuration = try HTTPConfiguration(
            baseURL: standIn.baseURL, apiKey: APIKey(RemoteSecrets.apiKey), tokenHeaderStyle: .bearer,
            timeout: .seconds(30))
    }

    /// The auth adapter under test.
    var supabaseAuth: any AuthRemoteAPI { SupabaseAuthRemoteAPI(configuration: configuration) }
    /// The suites' sessions: `supabaseAuth`, a seeded account's CPF signed in by its e-mail.
    var auth: any AuthRemoteAPI { SeededAccountsByEmail(inner: supabaseAuth) }
    var users: any UserRemoteAPI { SupabaseUserRemoteAPI(configuration: configuration) }
    var statements: any StatementRemoteAPI { NoStatement() }
    var health: any HealthProbe { SupabaseHealthProbe(configuration: configuration) }

    var backend: InMemoryBackend { standIn.backend }

    /// GoTrue's route of each operation the Supabase adapters send.
    static func route(of operation: RemoteOperation) -> SupabaseAuthStandIn.Route? {
        switch operation {
        case .signIn: .passwordGrant
        case .refresh: .refreshGrant
        case .signOut: .logout
        case .currentUser: .user
        case .health: .health
        case .register, .updateCurrentUser, .deleteCurrentUser, .relatedUsers, .saveSharedWith, .statement,
            .entryDetails:
            nil
        }
    }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        guard let route = Self.route(of: operation) else {
            throw UnmetControlNeed("a fault on \(operation), which Supabase Auth has no route for", of: self)
        }
        await standIn.backend.addFault(InMemoryBackend.Fault(route: route.rawValue, mode: fault.backendMode))
    }

    func advanceServerClock(by duration: Duration) async throws { clock.advance(by: duration) }

    func metrics() async throws -> RemoteServerMetrics {
        let metrics = await standIn.backend.metrics()
        var calls: [RemoteOperation: Int] = [:]
        for operation in RemoteOperation.allCases {
            guard let route = Self.route(of: operation) else { continue }
            calls[operation] = metrics.requests[route.rawValue]
        }
        return RemoteServerMetrics(
            calls: calls.compactMapValues(\.self), allRequests: metrics.requests.values.reduce(0, +),
            logins: metrics.logins, refreshes: metrics.refreshes, refreshesRejected: metrics.refreshesRejected,
            tokensLive: metrics.tokensLive)
    }

    func reset() async throws {
        await standIn.backend.reset()
        standIn.resetSessions()
    }

}

/// An e-mail-only fixture's sessions for the suites (Supabase's, Firebase's): a seeded account named
/// by CPF is signed in by the e-mail the stand-in knows it by; everything
/// else goes to the adapter as it is.
struct SeededAccountsByEmail: AuthRemoteAPI {
    let inner: any AuthRemoteAPI

    func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard case .cpf(let cpf) = credentials.identifier,
            let email = RemoteSeed.all.first(where: { $0.cpf == cpf })?.signInEmail
        else { return try await inner.signIn(credentials) }
        return try await inner.signIn(Credentials(identifier: .email(email), password: credentials.password))
    }

    /// The adapter's, signing in by CPF too (the seeded CPF becomes its e-mail).
    var capabilities: AuthCapabilities {
        var capabilities = inner.capabilities
        capabilities.signsInByCPF = true
        return capabilities
    }

    func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        try await inner.beginSignIn(method)
    }
    func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        try await inner.refresh(credential)
    }
    func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        try await inner.register(registration)
    }
    func signOut(_ token: SessionToken) async throws(RemoteError) { try await inner.signOut(token) }
}

/// Supabase Auth has no statement: every call is a route it lacks.
private struct NoStatement: StatementRemoteAPI {
    func statement(token: AccessToken) async throws(RemoteError) -> Statement {
        throw .rejected(status: 404, code: .notFound)
    }

    func entryDetails(id: String, token: AccessToken) async throws(RemoteError) -> StatementEntryDetails {
        throw .rejected(status: 404, code: .notFound)
    }
}

extension SupabaseAuthStandIn {
    /// A stand-in on `clock`, its backend judging passwords as GoTrue does
    /// (six characters at least), taking the suites' API key.
    static func onManualClock(_ clock: ManualClock) throws -> SupabaseAuthStandIn {
        try SupabaseAuthStandIn(
            backend: InMemoryBackend(
                clock: clock, configuration: InMemoryBackend.Configuration(passwordRule: .atLeast(6))),
            clock: clock, apiKey: RemoteSecrets.apiKey)
    }
}
