import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The OAuth 2.0 test server `OAUTH2_LEGACY_BASE_URL` names (`scripts/oauth2-server
/// start` prints it), its seeded clients and users, and its test-control
/// routes: the token table (tokens masked to four characters), expiring every
/// access token, and a reset.
enum OAuth2Server {
    /// `OAUTH2_LEGACY_BASE_URL`, when set and not empty.
    static let baseURL: String? = {
        guard let url = ProcessInfo.processInfo.environment["OAUTH2_LEGACY_BASE_URL"], !url.isEmpty else { return nil }
        return url
    }()

    static var isConfigured: Bool { baseURL != nil }

    static let maria = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))
    static let mariaByEmail = Credentials(identifier: .email("maria@example.com"), password: Password("123456"))

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static func configuration() throws -> HTTPConfiguration {
        guard let baseURL else { throw Failure(description: "OAUTH2_LEGACY_BASE_URL is not set") }
        return try HTTPConfiguration(baseURL: baseURL, apiKey: nil, tokenHeaderStyle: .bearer)
    }

    static func auth(secret: String? = nil, clientID: String = "gatehouse-public") throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try configuration(),
            client: OAuth2Configuration(
                clientID: clientID, clientSecret: secret.map(OAuth2ClientSecret.init), signInMethods: [.password]))
    }

    static func users() throws -> URLSessionUserRemoteAPI {
        URLSessionUserRemoteAPI(configuration: try configuration())
    }

    static func statements() throws -> URLSessionStatementRemoteAPI {
        URLSessionStatementRemoteAPI(configuration: try configuration())
    }

    // MARK: - Test control

    struct TokenTable: Decodable {
        struct Access: Decodable {
            let user: String
            let token: String
            let expired: Bool
        }
        struct Refresh: Decodable {
            let user: String
            let token: String
            let revoked: String?
        }
        let access: [Access]
        let refresh: [Refresh]

        /// Refresh tokens not revoked.
        var liveRefresh: [Refresh] { refresh.filter { $0.revoked == nil } }
    }

    static func reset() async throws { _ = try await send("POST", "_test/reset") }

    static func expireAccessTokens() async throws { _ = try await send("POST", "_test/expire-access-tokens") }

    static func tokens() async throws -> TokenTable {
        try JSONDecoder().decode(TokenTable.self, from: try await send("GET", "_test/tokens"))
    }

    /// The first four characters, as the token table shows a token.
    static func masked(_ secret: String) -> String { String(secret.prefix(4)) + "…" }

    private static func send(_ method: String, _ path: String) async throws -> Data {
        try await TestControl.send(method, path, to: baseURL, named: "OAUTH2_LEGACY_BASE_URL")
    }
}

/// A test-control request to an OAuth 2.0 test server (either mode).
enum TestControl {
    /// `method path` at `baseURL`; its body when the answer is 200.
    static func send(_ method: String, _ path: String, to baseURL: String?, named variable: String) async throws
        -> Data
    {
        guard let baseURL, let url = URL(string: baseURL + "/" + path) else {
            throw OAuth2Server.Failure(description: "\(variable) is not set")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw OAuth2Server.Failure(description: "\(method) /\(path) did not answer 200")
        }
        return data
    }
}
