import AdapterHTTP
import BoundedHTTP
import SimulatedBackend
import Foundation
import Ports
import ReferenceServer
import Synchronization
import TaskRuntime
import VirtualTime

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The contract suites' server when the adapters speak HTTP: a
/// `ReferenceServer` on an ephemeral loopback port with a virtual clock, in
/// either profile, or — when `CONTRACT_BASE_URL` is set — a team's own
/// server, driven through the control API when it has one.
final class HTTPRemoteFixture: RemoteContractFixture {
    private let server: ReferenceServer?
    let baseURL: String
    private let configuration: HTTPConfiguration
    private let offersSignOut: Bool
    private let offersRegistration: Bool
    private let signsInByEmail: Bool
    let servesTheCurrentUser: Bool

    /// A fresh reference server in this process, playing `profile`.
    static func inProcess(profile: ServerProfile = .full) throws -> HTTPRemoteFixture {
        let clock = ManualClock()
        let server = try ReferenceServer(
            configuration: ReferenceServer.Configuration(port: 0, apiKey: RemoteSecrets.apiKey, profile: profile),
            backend: InMemoryBackend(clock: clock), virtualClock: clock)
        server.start()
        return try HTTPRemoteFixture(
            server: server, baseURL: server.baseURL, apiKey: RemoteSecrets.apiKey,
            offersSignOut: profile.routes.contains(BackendRoute.signOut),
            offersRegistration: profile.routes.contains(BackendRoute.register), signsInByEmail: profile.signsInByEmail,
            servesTheCurrentUser: profile.routes.contains(BackendRoute.currentUser))
    }

    /// The outside server named by `CONTRACT_BASE_URL`: reset before each
    /// test when it has the control API; as it is otherwise (the seeded
    /// suites change nothing a later test reads).
    static func outside(baseURL: String) async throws -> HTTPRemoteFixture {
        let offer = await RemoteTarget.offer()
        let fixture = try HTTPRemoteFixture(
            server: nil, baseURL: baseURL, apiKey: RemoteTarget.outsideAPIKey,
            offersSignOut: offer.routes.contains(RemoteRoute.signOut),
            offersRegistration: offer.routes.contains(RemoteRoute.register), signsInByEmail: offer.signsInByEmail,
            servesTheCurrentUser: offer.routes.contains(RemoteRoute.currentUser))
        if RemoteTarget.hasControlAPI { try await fixture.reset() }
        return fixture
    }

    /// - Parameters:
    ///   - offersSignOut: whether the server has the sign-out route, as an
    ///     environment's `signOutRoute` would say: the full profile does,
    ///     Cora's does not; an outside server as the route probe found.
    ///   - offersRegistration: whether it has `POST /users`, as
    ///     `registrationRoute` would say (the same way).
    ///   - signsInByEmail: whether its sign-in takes an e-mail, as
    ///     `emailSignIn` would say: the full profile's does, Cora's does not.
    ///   - servesTheCurrentUser: whether it has `GET /users/me`: the full
    ///     profile does, Cora's does not.
    private init(
        server: ReferenceServer?, baseURL: String, apiKey: String, offersSignOut: Bool, offersRegistration: Bool,
        signsInByEmail: Bool, servesTheCurrentUser: Bool
    ) throws {
        self.server = server
        self.baseURL = baseURL
        self.offersSignOut = offersSignOut
        self.offersRegistration = offersRegistration
        self.signsInByEmail = signsInByEmail
        self.servesTheCurrentUser = servesTheCurrentUser
        // A generous deadline, as the other fixtures have: under the whole
        // suite on a busy two-core machine a loopback answer once took over
        // the adapter's default 10 s; no test here waits for it to pass.
        configuration = try HTTPConfiguration(baseURL: baseURL, apiKey: APIKey(apiKey), timeout: .seconds(30))
    }

    // The server is not stopped when the fixture goes: the adapters under test
    // outlive it and still talk to it. It lives until the test process ends.

    var auth: any AuthRemoteAPI {
        URLSessionAuthRemoteAPI(
            configuration: configuration, offersSignOut: offersSignOut, offersRegistration: offersRegistration,
            signsInByEmail: signsInByEmail)
    }
    var users: any UserRemoteAPI { URLSessionUserRemoteAPI(configuration: configuration) }
    /// The OAuth 2.0 auth adapter as a confidential client with the
    /// recognisable client secret, against this server: for what it does
    /// without sending a request, and for its failures (this server has no
    /// token endpoint), which must not say the secret.
    var oauth2Auth: any AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: configuration,
            client: OAuth2Configuration(
                clientID: "gatehouse-confidential", clientSecret: OAuth2ClientSecret(RemoteSecrets.clientSecret),
                signInMethods: [.password]))
    }
    var statements: any StatementRemoteAPI { URLSessionStatementRemoteAPI(configuration: configuration) }
    var health: any HealthProbe { URLSessionHealthProbe(configuration: configuration) }

    var tokenLifetime: Duration { .seconds(60) }
    var refreshWindow: Duration { .seconds(300) }

    func setHealthy(_ healthy: Bool) async throws { try await control("POST", "health", ["healthy": healthy]) }

    func setAccountState(cpf: String, _ state: RemoteAccountState) async throws {
        try await control("POST", "users/\(cpf)", ["state": state.rawValue])
    }

    func revokeAllTokens() async throws { try await control("POST", "revoke", nil) }

    func injectFault(_ fault: RemoteFault, on operation: RemoteOperation) async throws {
        let route = operation.wireRoute
        let body: [String: any Sendable] =
            switch fault {
            case .status(let status, let errorBody):
                ["route": route, "mode": "status", "status": status, "body": errorBody.rawValue]
            case .drop: ["route": route, "mode": "drop"]
            case .malformed: ["route": route, "mode": "malformed"]
            case .refusal(let refusal): ["route": route, "mode": "refusal", "refusal": refusal.rawValue]
            case .delivery(let delivery): ["route": route, "mode": "delivery", "delivery": delivery.rawValue]
            }
        try await control("POST", "faults", body)
    }

    func advanceServerClock(by duration: Duration) async throws {
        try await control("POST", "clock", ["advanceSeconds": duration.timeInterval])
    }

    func metrics() async throws -> RemoteServerMetrics {
        let data = try await control("GET", "metrics", nil)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw URLError(.cannotParseResponse)
        }
        return RemoteServerMetrics(
            wireRequests: object["requests"] as? [String: Int] ?? [:], logins: object["logins"] as? Int ?? -1,
            refreshes: object["refreshes"] as? Int ?? -1, refreshesRejected: object["refreshesRejected"] as? Int ?? -1,
            tokensLive: object["tokensLive"] as? Int ?? -1)
    }

    func reset() async throws { try await control("POST", "reset", nil) }

    /// One call of the control API; throws unless it answers 2xx.
    @discardableResult
    private func control(_ method: String, _ path: String, _ body: [String: any Sendable]?) async throws -> Data {
        guard let url = URL(string: "\(baseURL)/_control/\(path)") else { throw URLError(.badURL) }
        var request = URLRequest(url: url)
        request.httpMethod = method
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let result = Mutex<Result<(Data, Int), any Error>?>(nil)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            URLSession.shared.dataTask(with: request) { data, response, error in
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                result.withLock { $0 = error.map { .failure($0) } ?? .success((data ?? Data(), status)) }
                continuation.resume()
            }.resume()
        }
        guard let outcome = result.withLock({ $0 }) else { throw URLError(.unknown) }
        let (data, status) = try outcome.get()
        guard (200..<300).contains(status) else { throw URLError(.badServerResponse) }
        return data
    }
}
