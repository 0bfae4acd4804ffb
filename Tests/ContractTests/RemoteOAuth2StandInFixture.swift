import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import Ports

/// The suites' OAuth 2.0 server with switches: an `OAuth2StandIn` on
/// loopback, and `OAuth2AuthRemoteAPI` as the public client
/// `gatehouse-public`, as the `oauth2-local` environment plugs it in. The
/// seeded suites also run against the OAuth 2.0 test server itself when
/// `OAUTH2_LEGACY_BASE_URL` is set (`OAuth2RemoteFixture`); this one runs always,
/// in the seeded and the control suites.
///
/// The suites' other ports are the stand-in's backend's in-memory adapters:
/// a resource server that accepts the authorization server's tokens, as the
/// test server's resource does. A fault on an operation fails the next
/// request of the endpoint that operation calls; an operation that is not
/// the authorization server's (a user call, the statement, health) fails
/// through the backend's own route. What OAuth 2.0 does not tell apart is
/// the adapter's own declaration (`OAuth2AuthRemoteAPI.refusalsToldApart`),
/// which the suites read: this fixture lists nothing it cannot meet.
struct OAuth2StandInFixture: StandInBackedFixture {
    let standIn: OAuth2StandIn
    let auth: any AuthRemoteAPI

    init() throws {
        standIn = try OAuth2StandIn()
        // A generous deadline: under the sanitizers on a busy two-core machine
        // a loopback answer can be slow; no test waits for it to pass.
        let configuration = try HTTPConfiguration(
            baseURL: standIn.baseURL, apiKey: nil, tokenHeaderStyle: .bearer, timeout: .seconds(30))
        auth = OAuth2AuthRemoteAPI(
            configuration: configuration,
            client: OAuth2Configuration(clientID: "gatehouse-public", signInMethods: [.password]))
    }

    var users: any UserRemoteAPI { InMemoryUserRemoteAPI(backend: standIn.backend) }
    var statements: any StatementRemoteAPI { InMemoryStatementRemoteAPI(backend: standIn.backend) }
    var health: any HealthProbe { InMemoryHealthProbe(backend: standIn.backend) }

    var backend: InMemoryBackend { standIn.backend }

    /// The endpoint of each operation the OAuth 2.0 adapter sends.
    static func route(of operation: RemoteOperation) -> OAuth2StandIn.Route? {
        switch operation {
        case .signIn: .passwordGrant
        case .refresh: .refreshGrant
        case .signOut: .revoke
        default: nil
        }
    }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        let route = Self.route(of: operation)?.rawValue ?? operation.wireRoute
        await standIn.backend.addFault(InMemoryBackend.Fault(route: route, mode: fault.backendMode))
    }

    func advanceServerClock(by duration: Duration) async throws { standIn.clock.advance(by: duration) }

    func metrics() async throws -> RemoteServerMetrics {
        await metrics(
            countingRoutesAs: [RemoteOperation.signIn, .refresh, .signOut].compactMap { operation in
                Self.route(of: operation).map { (operation, $0.rawValue) }
            })
    }

    func reset() async throws {
        await standIn.backend.reset()
        standIn.resetSessions()
    }

}
