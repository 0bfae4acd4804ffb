import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import Ports
import StandInServers
import VirtualTime

/// The suites' server for the Firebase Authentication adapter: a
/// `FirebaseAuthStandIn` on loopback, and the suites' switches put onto it:
/// account states, revocation and the server's clock are its backend's; a
/// fault on sign-in or refresh fails the next request of the route it
/// calls; those calls are counted per route, and every request, one that
/// reached no route included.
///
/// Firebase is an auth server only, so the suites' other ports are the
/// stand-in's backend's in-memory adapters: the app's own backend, which
/// accepts Firebase's ID tokens. The suites name seeded accounts by CPF,
/// which Firebase does not keep: the fixture's own `auth` signs a seeded
/// account in by the e-mail the stand-in knows it by; the adapter under test
/// in the auth suites is `firebaseAuth` itself. What Firebase does not do
/// is the adapter's own declaration, which the suites read: this fixture
/// lists nothing it cannot meet.
struct FirebaseRemoteFixture: StandInBackedFixture {
    let standIn: FirebaseAuthStandIn
    /// The server's clock, which only the suites move.
    let clock = ManualClock()
    /// The auth adapter under test.
    let firebaseAuth: any AuthRemoteAPI

    init() throws {
        standIn = try FirebaseAuthStandIn(
            backend: InMemoryBackend(
                clock: clock, configuration: InMemoryBackend.Configuration(passwordRule: .atLeast(6))),
            apiKey: RemoteSecrets.apiKey)
        // A generous deadline: under the sanitizers on a busy two-core machine
        // a loopback answer can be slow; no test waits for it to pass.
        let key = APIKey(RemoteSecrets.apiKey)
        firebaseAuth = FirebaseAuthRemoteAPI(
            identityToolkit: try HTTPConfiguration(
                baseURL: standIn.identityToolkitURL, apiKey: key, tokenHeaderStyle: .bearer, timeout: .seconds(30)),
            secureToken: try HTTPConfiguration(
                baseURL: standIn.secureTokenURL, apiKey: key, tokenHeaderStyle: .bearer, timeout: .seconds(30)))
    }

    /// The suites' sessions: `firebaseAuth`, a seeded account's CPF signed in by its e-mail.
    var auth: any AuthRemoteAPI { SeededAccountsByEmail(inner: firebaseAuth) }
    var users: any UserRemoteAPI { InMemoryUserRemoteAPI(backend: standIn.backend) }
    var statements: any StatementRemoteAPI { InMemoryStatementRemoteAPI(backend: standIn.backend) }
    var health: any HealthProbe { InMemoryHealthProbe(backend: standIn.backend) }

    var backend: InMemoryBackend { standIn.backend }

    /// The stand-in's route of each operation the Firebase adapter sends.
    static func route(of operation: RemoteOperation) -> FirebaseAuthStandIn.Route? {
        switch operation {
        case .signIn: .signInWithPassword
        case .refresh: .refresh
        case .register: .signUp
        default: nil
        }
    }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        let route = Self.route(of: operation)?.rawValue ?? operation.wireRoute
        await standIn.backend.addFault(InMemoryBackend.Fault(route: route, mode: fault.backendMode))
    }

    func advanceServerClock(by duration: Duration) async throws { clock.advance(by: duration) }

    func metrics() async throws -> RemoteServerMetrics {
        await metrics(
            countingRoutesAs: [RemoteOperation.signIn, .refresh, .register].compactMap { operation in
                Self.route(of: operation).map { (operation, $0.rawValue) }
            })
    }

    func reset() async throws {
        await standIn.backend.reset()
        standIn.resetSessions()
    }
}
