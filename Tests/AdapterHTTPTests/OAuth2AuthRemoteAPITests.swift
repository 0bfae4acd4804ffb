import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Testing

/// `OAuth2AuthRemoteAPI` against a stub server on loopback: the requests it
/// sends, byte for byte, and how it reads each answer of RFC 6749 §5.1, §5.2
/// and RFC 7009.
@Suite("OAuth 2.0 auth adapter")
struct OAuth2AuthRemoteAPITests {
    private static let tokenAnswer = StubServer.Answer.json(
        200,
        #"{"access_token":"AT-new","token_type":"Bearer","expires_in":300,"refresh_token":"RT-new","scope":"read"}"#)

    private func adapter(
        _ server: StubServer, secret: String? = nil, revokePath: String? = "o/revoke_token/"
    ) throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(
                baseURL: server.baseURL, apiKey: APIKey("k"), tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(
                clientID: "gatehouse public", clientSecret: secret.map(OAuth2ClientSecret.init),
                signInMethods: [.password], revokePath: revokePath))
    }

    private func body(_ received: StubServer.Received) -> String { String(decoding: received.body, as: UTF8.self) }

    @Test(
        "Sign-in by a public client: the password grant form-encoded exactly, the client id in the body, no Basic, no API key"
    )
    func publicClientSignIn() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }

        let issued = try await adapter(server).signIn(
            Credentials(identifier: .email("maria+1@example.com"), password: Password("12 3&=%")))

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/o/token/")
        #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(
            body(request)
                == "grant_type=password&username=maria%2B1%40example.com&password=12+3%26%3D%25&client_id=gatehouse+public"
        )
        #expect(request.header("Authorization") == nil)
        #expect(request.header("apikey") == nil)
        #expect(issued.accessToken == AccessToken("AT-new"))
        #expect(issued.refreshToken == RefreshToken("RT-new"))
        #expect(issued.statedLifetime == .seconds(300))
    }

    @Test(
        "A scope granted beyond the one asked is refused as scope-broader; the same, a narrower one or none is taken",
        arguments: [
            ("openid read", "openid read write", false), ("openid read", "read openid", true),
            ("openid read", "read", true), ("openid read", nil, true), (nil, "read write admin", true),
        ] as [(String?, String?, Bool)])
    func grantedScope(asked: String?, granted: String?, taken: Bool) async throws {
        let scope = granted.map { #","scope":""# + $0 + #"""# } ?? ""
        let server = try StubServer { _ in
            .json(200, #"{"access_token":"AT-new","token_type":"Bearer","expires_in":300"# + scope + "}")
        }
        defer { server.stop() }
        let auth = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(clientID: "gatehouse", signInMethods: [.password], scope: asked))
        let credentials = Credentials(identifier: .cpf("12345678909"), password: Password("123456"))

        do throws(RemoteError) {
            let issued = try await auth.signIn(credentials)
            #expect(taken)
            #expect(issued.accessToken == AccessToken("AT-new"))
        } catch {
            #expect(!taken)
            guard case .misconfigured(let problem) = error else {
                Issue.record("refused as \(error), not as a misconfiguration")
                return
            }
            #expect(problem.cause == .scopeBroader)
            #expect(!problem.detail.contains("write"), "the server's words stay out of the message")
        }
    }

    @Test("A CPF signs in as its digits")
    func cpfUsername() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }

        _ = try await adapter(server).signIn(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))

        #expect(body(try #require(server.requests.first)).hasPrefix("grant_type=password&username=12345678909&"))
    }

    @Test("A confidential client sends its id and secret by HTTP Basic, each form-encoded first, and not in the body")
    func confidentialClientBasic() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }

        _ = try await adapter(server, secret: "s3cr:t+/").refresh(.refreshToken(RefreshToken("RT-old")))

        let request = try #require(server.requests.first)
        let expected = "Basic " + Data("gatehouse+public:s3cr%3At%2B%2F".utf8).base64EncodedString()
        #expect(request.header("Authorization") == expected)
        #expect(body(request) == "grant_type=refresh_token&refresh_token=RT-old")
    }

    @Test("Refresh sends the refresh token with grant_type=refresh_token and the client id")
    func refreshForm() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }

        let issued = try await adapter(server).refresh(.refreshToken(RefreshToken("RT-old")))

        #expect(
            body(try #require(server.requests.first))
                == "grant_type=refresh_token&refresh_token=RT-old&client_id=gatehouse+public")
        #expect(issued.refreshToken == RefreshToken("RT-new"))
    }

    @Test("A session without a refresh token is refused as an unknown token, sending nothing")
    func refreshWithoutRefreshToken() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }

        await #expect(throws: RemoteError.rejected(status: 401, code: .tokenInvalid)) {
            try await adapter(server).refresh(.accessToken(AccessToken("AT")))
        }
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Each RFC 6749 §5.2 error is mapped: invalid_grant is wrong credentials at sign-in and a dead token at refresh; client errors are configuration errors",
        arguments: [
            (400, "invalid_grant", false, RemoteError.rejected(status: 401, code: .invalidCredentials)),
            (400, "invalid_grant", true, RemoteError.rejected(status: 401, code: .tokenInvalid)),
            (401, "invalid_client", false, RemoteError.misconfigured(.clientRefused("invalid_client"))),
            (401, "invalid_client", true, RemoteError.misconfigured(.clientRefused("invalid_client"))),
            (400, "unauthorized_client", false, RemoteError.misconfigured(.clientRefused("unauthorized_client"))),
            (400, "unsupported_grant_type", true, RemoteError.misconfigured(.clientRefused("unsupported_grant_type"))),
            (400, "invalid_scope", false, RemoteError.misconfigured(.scopeRefused("invalid_scope"))),
            (400, "invalid_request", false, RemoteError.rejected(status: 400, code: .badRequest)),
            (400, "something_else", false, RemoteError.rejected(status: 400, code: nil)),
        ])
    func errorsMapped(status: Int, error: String, isRefresh: Bool, expected: RemoteError) async throws {
        let server = try StubServer { _ in .json(status, #"{"error":"\#(error)","error_description":"AT-secret?"}"#) }
        defer { server.stop() }
        let auth = try adapter(server)

        let thrown = await #expect(throws: RemoteError.self) {
            if isRefresh {
                _ = try await auth.refresh(.refreshToken(RefreshToken("RT")))
            } else {
                _ = try await auth.signIn(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
            }
        }
        #expect(thrown == expected)
        #expect(thrown.map { !"\($0)".contains("AT-secret") } ?? false)
    }

    @Test("A configuration error is never shown as a wrong password, and says so")
    func misconfiguredIsNotWrongPassword() {
        let error = RemoteError.misconfigured(.clientRefused("invalid_client"))

        #expect(!error.isTokenRefused)
        #expect(error.code == nil)
        #expect(error.description.contains("configuration"))
    }

    @Test("A bare 401 from the token endpoint is about the client; a 5xx is the server's failure")
    func bodilessAnswers() async throws {
        let unauthorized = try StubServer { _ in StubServer.Answer(status: 401) }
        defer { unauthorized.stop() }
        let failing = try StubServer { _ in StubServer.Answer(status: 503) }
        defer { failing.stop() }

        await #expect(throws: RemoteError.misconfigured(.clientRefused("401 without an error code"))) {
            try await adapter(unauthorized).refresh(.refreshToken(RefreshToken("RT")))
        }
        await #expect(throws: RemoteError.rejected(status: 503, code: nil)) {
            try await adapter(failing).refresh(.refreshToken(RefreshToken("RT")))
        }
    }

    @Test(
        "A token response without what RFC 6749 §5.1 requires is malformed, naming the field, never a token",
        arguments: [
            (#"{"token_type":"Bearer"}"#, "no 'access_token'"),
            (#"{"access_token":"AT-x"}"#, "no 'token_type'"),
            (#"{"access_token":"AT-x","token_type":"mac"}"#, "a 'token_type' other than Bearer"),
            (
                #"{"access_token":"AT-x","token_type":"Bearer","expires_in":-5}"#,
                "an 'expires_in' that is not a positive number of seconds"
            ),
            (#"{"access_token":"AT-x","token_type":"bearer","refresh_token":7}"#, "a 'refresh_token' that is not text"),
        ])
    func malformedTokenResponses(text: String, reason: String) async throws {
        let server = try StubServer { _ in .json(200, text) }
        defer { server.stop() }

        await #expect(throws: RemoteError.malformedResponse(reason)) {
            try await adapter(server).signIn(Credentials(identifier: .cpf("12345678909"), password: Password("1")))
        }
    }

    @Test("Without expires_in or refresh_token the tokens carry neither")
    func minimalTokenResponse() async throws {
        let server = try StubServer { _ in .json(200, #"{"access_token":"AT-x","token_type":"Bearer"}"#) }
        defer { server.stop() }

        let issued = try await adapter(server).signIn(
            Credentials(identifier: .cpf("12345678909"), password: Password("1")))

        #expect(issued == IssuedTokens(accessToken: AccessToken("AT-x")))
    }

    @Test("Logout revokes the refresh token (RFC 7009), with its hint and the client id")
    func logoutRevokesRefreshToken() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200) }
        defer { server.stop() }
        let auth = try adapter(server)
        let now = Date()

        #expect(auth.offersSignOut)
        try await auth.signOut(
            SessionToken(token: AccessToken("AT"), issuedAt: now, expiresAt: now, refreshToken: RefreshToken("RT")))

        let request = try #require(server.requests.first)
        #expect(request.path == "/o/revoke_token/")
        #expect(body(request) == "token=RT&token_type_hint=refresh_token&client_id=gatehouse+public")
    }

    @Test("Without a revocation endpoint logout sends nothing")
    func noRevocationEndpoint() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200) }
        defer { server.stop() }
        let auth = try adapter(server, revokePath: nil)
        let now = Date()

        #expect(!auth.offersSignOut)
        try await auth.signOut(SessionToken(token: AccessToken("AT"), issuedAt: now, expiresAt: now))
        #expect(server.requests.isEmpty)
    }

    @Test("Registration is not offered: register answers NOT_FOUND at once and sends nothing")
    func registrationNotOffered() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let auth = try adapter(server)

        let error = await #expect(throws: RemoteError.self) {
            try await auth.register(
                Registration(name: "Ana", email: "ana@example.com", cpf: "11144477735", password: Password("121212")))
        }

        #expect(!auth.offersRegistration)
        #expect(error == .rejected(status: 404, code: .notFound))
        #expect(server.requests.isEmpty)
    }

    @Test("A client secret prints redacted")
    func clientSecretRedacted() {
        #expect("\(OAuth2ClientSecret("s3cret"))" == "OAuth2ClientSecret(redacted)")
    }

    @Test(
        "Resource routes with Bearer: a 401 carrying only WWW-Authenticate: Bearer error=\"invalid_token\" is a refused token"
    )
    func bearerInvalidTokenIsRefused() async throws {
        let server = try StubServer { _ in
            StubServer.Answer(status: 401, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        defer { server.stop() }
        let users = URLSessionUserRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer))

        let error = await #expect(throws: RemoteError.self) { try await users.currentUser(token: AccessToken("AT")) }

        #expect(error?.isTokenRefused == true)
        #expect(try #require(server.requests.first).header("Authorization") == "Bearer AT")
    }
}
