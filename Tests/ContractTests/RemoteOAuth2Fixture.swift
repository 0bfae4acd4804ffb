import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports

/// The contract suites' server when it is the OAuth 2.0 test server
/// (`OAUTH2_LEGACY_BASE_URL`, `scripts/oauth2-server start`): auth is
/// `OAuth2AuthRemoteAPI` as the public client `gatehouse-public`; users,
/// statement and health are the HTTP adapters with Bearer tokens. It has no
/// control API: only the seeded suites use it, and they change nothing a
/// later test reads, so it is never reset from here (the OAuth suite resets
/// it, holding `OAuth2ServerLock` alone).
struct OAuth2RemoteFixture: RemoteContractFixture {
    /// `OAUTH2_LEGACY_BASE_URL`, when set and not empty.
    static let baseURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["OAUTH2_LEGACY_BASE_URL"], !url.isEmpty else { return nil }
        return url
    }()

    /// The operations the OAuth 2.0 test server serves: its token endpoint's
    /// grants, and its resource's routes (docs/oauth2-server.md, "Routes").
    static let operations: Set<RemoteOperation> = [
        .signIn, .refresh, .currentUser, .statement, .entryDetails, .health,
    ]

    /// What every switch throws: the real server has no control API.
    private var noControlAPI: UnmetControlNeed {
        UnmetControlNeed(
            "a switch of the control API (/_control/*), which the OAuth 2.0 test server has none of", of: self)
    }

    private let configuration: HTTPConfiguration

    init(baseURL: String) throws {
        configuration = try HTTPConfiguration(baseURL: baseURL, apiKey: nil, tokenHeaderStyle: .bearer)
    }

    var auth: any AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: configuration,
            client: OAuth2Configuration(clientID: "gatehouse-public", signInMethods: [.password]))
    }
    var users: any UserRemoteAPI {
        // The test server's resource serves GET /users/me only, as an OpenID provider would.
        URLSessionUserRemoteAPI(configuration: configuration, offersAccountRoutes: false)
    }
    var statements: any StatementRemoteAPI { URLSessionStatementRemoteAPI(configuration: configuration) }
    var health: any HealthProbe { URLSessionHealthProbe(configuration: configuration) }

    /// DOT's `ACCESS_TOKEN_EXPIRE_SECONDS`.
    var tokenLifetime: Duration { .seconds(300) }
    /// Refresh tokens there do not expire: no window the suites could reach.
    var refreshWindow: Duration { .seconds(300) }

    func setHealthy(_ healthy: Bool) async throws { throw noControlAPI }
    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws { throw noControlAPI }
    func revokeAllTokens() async throws { throw noControlAPI }
    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws { throw noControlAPI }
    func advanceServerClock(by duration: Duration) async throws { throw noControlAPI }
    func metrics() async throws -> RemoteServerMetrics { throw noControlAPI }
    func reset() async throws { throw noControlAPI }
}
