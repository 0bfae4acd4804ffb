import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Testing

/// The Supabase Auth adapters against a loopback stub replaying Supabase
/// Auth's dialect (`SupabaseFixtures`): every request checked byte for byte,
/// every answer mapped. Untested against a live Supabase.
@Suite("Supabase Auth dialect")
struct SupabaseAuthTests {
    static let anonKey = "anon-key-eyJhbGciOi"

    private func configuration(_ server: StubServer) throws -> HTTPConfiguration {
        try HTTPConfiguration(
            baseURL: server.baseURL + "/auth/v1", apiKey: APIKey(Self.anonKey), tokenHeaderStyle: .bearer)
    }

    private func body(_ received: StubServer.Received) -> String { String(decoding: received.body, as: UTF8.self) }

    private static let user = Credentials(identifier: .email("user@example.com"), password: Password("password1"))

    @Test("Sign-in: POST /auth/v1/token?grant_type=password, the JSON body of the reference, apikey, no Authorization")
    func signInRequest() async throws {
        let server = try StubServer { _ in .json(200, SupabaseFixtures.tokenAnswer(access: "AT-1", refresh: "RT-1")) }
        defer { server.stop() }

        let issued = try await SupabaseAuthRemoteAPI(configuration: configuration(server)).signIn(Self.user)

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/auth/v1/token?grant_type=password")
        #expect(request.header("apikey") == Self.anonKey)
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Authorization") == nil)
        #expect(body(request) == SupabaseFixtures.passwordGrantBody)
        #expect(
            issued
                == IssuedTokens(
                    accessToken: AccessToken("AT-1"), refreshToken: RefreshToken("RT-1"), statedLifetime: .seconds(3600)
                ))
    }

    @Test("Refresh: POST /auth/v1/token?grant_type=refresh_token with {\"refresh_token\"}; the rotated token is issued")
    func refreshRequest() async throws {
        let server = try StubServer { _ in .json(200, SupabaseFixtures.tokenAnswer(access: "AT-2", refresh: "RT-2")) }
        defer { server.stop() }

        let issued = try await SupabaseAuthRemoteAPI(configuration: configuration(server)).refresh(
            .refreshToken(RefreshToken("4nYUCw0wZR_DNOTSDbSGMQ")))

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/auth/v1/token?grant_type=refresh_token")
        #expect(request.header("apikey") == Self.anonKey)
        #expect(request.header("Authorization") == nil)
        #expect(body(request) == SupabaseFixtures.refreshGrantBody)
        #expect(issued.refreshToken == RefreshToken("RT-2"))
    }

    @Test("A CPF is refused at once as an identifier this backend does not take, sending nothing")
    func cpfRefused() async throws {
        let server = try StubServer { _ in .json(200, SupabaseFixtures.tokenAnswer(access: "AT", refresh: "RT")) }
        defer { server.stop() }

        await #expect(throws: RemoteError.signInRefused(.identifierKindNotAccepted)) {
            try await SupabaseAuthRemoteAPI(configuration: configuration(server)).signIn(
                Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        }
        #expect(server.requests.isEmpty)
        #expect(!RemoteError.signInRefused(.identifierKindNotAccepted).isInfrastructure)
        #expect(!RemoteError.signInRefused(.identifierKindNotAccepted).isTokenRefused)
    }

    @Test("Registration is not offered: register answers NOT_FOUND at once and sends nothing; logout is offered")
    func registrationNotOffered() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200) }
        defer { server.stop() }
        let auth = SupabaseAuthRemoteAPI(configuration: try configuration(server))

        await #expect(throws: RemoteError.rejected(status: 404, code: .notFound)) {
            try await auth.register(
                Registration(name: "Ana", email: "ana@example.com", cpf: "11144477735", password: Password("121212")))
        }
        #expect(!auth.offersRegistration)
        #expect(auth.offersSignOut)
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Each sign-in refusal of the reference is mapped: wrong credentials, unconfirmed e-mail, banned, configuration, rate limit, the gateway's refused apikey",
        arguments: [
            (
                400, SupabaseFixtures.httpError(400, "invalid_credentials", "Invalid login credentials"),
                RemoteError.rejected(status: 401, code: .invalidCredentials)
            ),
            (
                400, SupabaseFixtures.versionedError("invalid_credentials", "Invalid login credentials"),
                RemoteError.rejected(status: 401, code: .invalidCredentials)
            ),
            (
                400, SupabaseFixtures.oauthError("invalid_grant", "Invalid login credentials"),
                RemoteError.rejected(status: 401, code: .invalidCredentials)
            ),
            (
                400, SupabaseFixtures.httpError(400, "email_not_confirmed", "Email not confirmed"),
                RemoteError.signInRefused(.emailNotConfirmed)
            ),
            (
                400, SupabaseFixtures.httpError(400, "user_banned", "User is banned"),
                RemoteError.rejected(status: 403, code: .userInactive)
            ),
            (
                422, SupabaseFixtures.httpError(422, "email_provider_disabled", "Email logins are disabled"),
                RemoteError.misconfigured(.methodDisabled("email_provider_disabled"))
            ),
            (
                429, SupabaseFixtures.httpError(429, "over_request_rate_limit", "Request rate limit reached"),
                RemoteError.rejected(status: 429, code: nil)
            ),
            (
                400, SupabaseFixtures.httpError(400, "validation_failed", "missing email or phone"),
                RemoteError.rejected(status: 400, code: .badRequest)
            ),
            (
                500, SupabaseFixtures.httpError(500, "unexpected_failure", "Database error querying schema"),
                RemoteError.rejected(status: 500, code: nil)
            ),
            (
                401, #"{"message":"Invalid API key"}"#,
                RemoteError.misconfigured(.clientRefused("401 without an error code: the apikey was refused"))
            ),
        ])
    func signInRefusals(status: Int, answer: String, expected: RemoteError) async throws {
        let server = try StubServer { _ in .json(status, answer) }
        defer { server.stop() }

        let thrown = await #expect(throws: RemoteError.self) {
            try await SupabaseAuthRemoteAPI(configuration: configuration(server)).signIn(Self.user)
        }

        #expect(thrown == expected)
        #expect(thrown.map { !"\($0)".contains(Self.anonKey) && !"\($0)".contains("password1") } == true)
    }

    @Test(
        "Each refresh refusal of the reference ends the session as a refused token (a banned account as USER_INACTIVE)",
        arguments: [
            (
                SupabaseFixtures.httpError(
                    400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                SupabaseFixtures.httpError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                SupabaseFixtures.httpError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                SupabaseFixtures.httpError(400, "session_expired", "Invalid Refresh Token: Session Expired"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                SupabaseFixtures.versionedError("refresh_token_already_used", "Invalid Refresh Token: Already Used"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                SupabaseFixtures.oauthError("invalid_grant", "Invalid Refresh Token: Refresh Token Not Found"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                SupabaseFixtures.httpError(400, "user_banned", "Invalid Refresh Token: User Banned"),
                RemoteError.rejected(status: 403, code: .userInactive)
            ),
        ])
    func refreshRefusals(answer: String, expected: RemoteError) async throws {
        let server = try StubServer { _ in .json(400, answer) }
        defer { server.stop() }

        let thrown = await #expect(throws: RemoteError.self) {
            try await SupabaseAuthRemoteAPI(configuration: configuration(server)).refresh(
                .refreshToken(RefreshToken("RT-secret")))
        }

        #expect(thrown == expected)
        #expect(thrown.map { !"\($0)".contains("RT-secret") && !"\($0)".contains("Invalid Refresh") } == true)
    }

    @Test("A session without a refresh token is refused as an unknown token, sending nothing")
    func refreshWithoutRefreshToken() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200) }
        defer { server.stop() }

        await #expect(throws: RemoteError.rejected(status: 401, code: .tokenInvalid)) {
            try await SupabaseAuthRemoteAPI(configuration: configuration(server)).refresh(
                .accessToken(AccessToken("AT")))
        }
        #expect(server.requests.isEmpty)
    }

    @Test("Profile: GET /auth/v1/user with Bearer and apikey; the e-mail, the name from user_metadata, no CPF")
    func profile() async throws {
        let server = try StubServer { _ in .json(200, SupabaseFixtures.user) }
        defer { server.stop() }

        let profile = try await SupabaseUserRemoteAPI(configuration: configuration(server)).currentUser(
            token: AccessToken("AT-1"))

        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/auth/v1/user")
        #expect(request.header("Authorization") == "Bearer AT-1")
        #expect(request.header("apikey") == Self.anonKey)
        #expect(request.body.isEmpty)
        #expect(
            profile
                == UserProfile(
                    id: "0f4a5e2c-7d1b-4c3e-9a8f-1b2c3d4e5f60", name: "Maria Silva", email: "user@example.com",
                    cpf: "", active: true, isDeleted: false))
    }

    @Test(
        "A profile without a name in user_metadata has none; full_name stands in for name; a phone-only account has no e-mail",
        arguments: [
            (#"{"id":"u1","email":"a@example.com","user_metadata":{}}"#, "", "a@example.com"),
            (
                #"{"id":"u1","email":"a@example.com","user_metadata":{"full_name":"Ana Lima"}}"#, "Ana Lima",
                "a@example.com"
            ),
            (#"{"id":"u1","email":null,"phone":"5511999999999","user_metadata":{"name":"Ana"}}"#, "Ana", ""),
        ])
    func profileVariants(answer: String, name: String, email: String) async throws {
        let server = try StubServer { _ in .json(200, answer) }
        defer { server.stop() }

        let profile = try await SupabaseUserRemoteAPI(configuration: configuration(server)).currentUser(
            token: AccessToken("AT"))

        #expect(profile.name == name)
        #expect(profile.email == email)
    }

    @Test(
        "Each Bearer refusal of GET /user is mapped: a missing, expired or orphaned token is refused (the token manager refreshes), a banned or deleted user ends the session",
        arguments: [
            (
                401, SupabaseFixtures.httpError(401, "no_authorization", "This endpoint requires a valid Bearer token"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                403,
                SupabaseFixtures.httpError(
                    403, "bad_jwt",
                    "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                403,
                SupabaseFixtures.httpError(
                    403, "session_not_found", "Session from session_id claim in JWT does not exist"),
                RemoteError.rejected(status: 401, code: .tokenInvalid)
            ),
            (
                403, SupabaseFixtures.httpError(403, "user_banned", "User is banned"),
                RemoteError.rejected(status: 403, code: .userInactive)
            ),
            (
                403, SupabaseFixtures.httpError(403, "user_not_found", "User from sub claim in JWT does not exist"),
                RemoteError.rejected(status: 410, code: .userDeleted)
            ),
            (
                401, #"{"message":"Invalid API key"}"#,
                RemoteError.misconfigured(.clientRefused("401 without an error code: the apikey was refused"))
            ),
        ])
    func profileRefusals(status: Int, answer: String, expected: RemoteError) async throws {
        let server = try StubServer { _ in .json(status, answer) }
        defer { server.stop() }

        await #expect(throws: expected) {
            try await SupabaseUserRemoteAPI(configuration: configuration(server)).currentUser(token: AccessToken("AT"))
        }
    }

    @Test("The routes Supabase Auth lacks answer NOT_FOUND at once, sending nothing")
    func routesNotOffered() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200) }
        defer { server.stop() }
        let users = SupabaseUserRemoteAPI(configuration: try configuration(server))
        let token = AccessToken("AT")

        await #expect(throws: RemoteError.rejected(status: 404, code: .notFound)) {
            try await users.relatedUsers(token: token)
        }
        await #expect(throws: RemoteError.rejected(status: 404, code: .notFound)) {
            try await users.saveSharedWith([], token: token)
        }
        await #expect(throws: RemoteError.rejected(status: 404, code: .notFound)) {
            try await users.updateCurrentUser(ProfileChanges(name: "Ana"), token: token)
        }
        await #expect(throws: RemoteError.rejected(status: 404, code: .notFound)) {
            try await users.deleteCurrentUser(token: token)
        }
        #expect(server.requests.isEmpty)
    }

    @Test("Logout: POST /auth/v1/logout?scope=local with Bearer and apikey, no body; 204 ends it")
    func logoutRequest() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 204) }
        defer { server.stop() }
        let now = Date()

        try await SupabaseAuthRemoteAPI(configuration: configuration(server)).signOut(
            SessionToken(token: AccessToken("AT-1"), issuedAt: now, expiresAt: now, refreshToken: RefreshToken("RT-1")))

        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/auth/v1/logout?scope=local")
        #expect(request.header("Authorization") == "Bearer AT-1")
        #expect(request.header("apikey") == Self.anonKey)
        #expect(request.body.isEmpty)
    }

    @Test(
        "Logout of a session Supabase already ended, or of a token it never issued, succeeds; a server failure is reported",
        arguments: [
            (
                403,
                SupabaseFixtures.httpError(
                    403, "session_not_found", "Session from session_id claim in JWT does not exist"), nil
            ),
            (403, SupabaseFixtures.httpError(403, "bad_jwt", "invalid JWT: unable to parse or verify signature"), nil),
            (
                500, SupabaseFixtures.httpError(500, "unexpected_failure", "Error logging out user"),
                RemoteError.rejected(status: 500, code: nil)
            ),
        ] as [(Int, String, RemoteError?)])
    func logoutAnswers(status: Int, answer: String, expected: RemoteError?) async throws {
        let server = try StubServer { _ in .json(status, answer) }
        defer { server.stop() }
        let now = Date()
        let auth = SupabaseAuthRemoteAPI(configuration: try configuration(server))
        let token = SessionToken(token: AccessToken("AT"), issuedAt: now, expiresAt: now)

        if let expected {
            await #expect(throws: expected) { try await auth.signOut(token) }
        } else {
            try await auth.signOut(token)
        }
    }

    /// Supabase refuses an access token past its lifetime (`bad_jwt`) at
    /// logout while the refresh token still works: the session must still end.
    @Test("Logout with an expired access token ends the session with one refresh: its refresh token is dead afterwards")
    func logoutWithAnExpiredAccessToken() async throws {
        let server = try StubServer { request in
            switch (request.path, request.header("Authorization")) {
            case ("/auth/v1/logout?scope=local", "Bearer AT-old"):
                return .json(403, SupabaseFixtures.httpError(403, "bad_jwt", "invalid JWT: token is expired"))
            case ("/auth/v1/token?grant_type=refresh_token", _):
                return .json(200, SupabaseFixtures.tokenAnswer(access: "AT-2", refresh: "RT-2"))
            case ("/auth/v1/logout?scope=local", "Bearer AT-2"):
                return StubServer.Answer(status: 204)
            default:
                return .json(500, SupabaseFixtures.httpError(500, "unexpected_failure", "not in this script"))
            }
        }
        defer { server.stop() }
        let now = Date()
        let token = SessionToken(
            token: AccessToken("AT-old"), issuedAt: now, expiresAt: now, refreshToken: RefreshToken("RT-1"))

        try await SupabaseAuthRemoteAPI(configuration: configuration(server)).signOut(token)

        #expect(
            server.requests.map(\.path) == [
                "/auth/v1/logout?scope=local", "/auth/v1/token?grant_type=refresh_token",
                "/auth/v1/logout?scope=local",
            ])
        #expect(server.requests.map { $0.header("Authorization") } == ["Bearer AT-old", nil, "Bearer AT-2"])
        #expect(String(decoding: server.requests[1].body, as: UTF8.self) == #"{"refresh_token":"RT-1"}"#)
    }

    @Test(
        "Logout with an expired access token whose refresh token Supabase no longer knows: already over, nothing more sent",
        arguments: ["refresh_token_not_found", "refresh_token_already_used", "session_not_found"])
    func logoutWhenTheRefreshTokenIsGone(code: String) async throws {
        let server = try StubServer { request in
            request.path.hasPrefix("/auth/v1/logout")
                ? .json(403, SupabaseFixtures.httpError(403, "bad_jwt", "invalid JWT: token is expired"))
                : .json(400, SupabaseFixtures.httpError(400, code, "Invalid Refresh Token"))
        }
        defer { server.stop() }
        let now = Date()
        let token = SessionToken(
            token: AccessToken("AT-old"), issuedAt: now, expiresAt: now, refreshToken: RefreshToken("RT-1"))

        try await SupabaseAuthRemoteAPI(configuration: configuration(server)).signOut(token)

        #expect(server.requests.count == 2)
    }

    @Test("Health: GET /auth/v1/health with apikey; GoTrue's answer is healthy, a 503 unhealthy")
    func health() async throws {
        let healthy = try StubServer { _ in .json(200, SupabaseFixtures.health) }
        defer { healthy.stop() }
        let failing = try StubServer { _ in StubServer.Answer(status: 503) }
        defer { failing.stop() }

        #expect(try await SupabaseHealthProbe(configuration: configuration(healthy)).check() == .healthy)
        #expect(try await SupabaseHealthProbe(configuration: configuration(failing)).check() == .unhealthy)
        let request = try #require(healthy.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/auth/v1/health")
        #expect(request.header("apikey") == Self.anonKey)
        #expect(request.header("Authorization") == nil)
    }

    @Test("Health: a 200 without GoTrue's JSON object is a malformed answer, as the port says, never unhealthy")
    func healthWithoutBody() async throws {
        for body in ["", "OK", "[]"] {
            let server = try StubServer { _ in StubServer.Answer(status: 200, body: Data(body.utf8)) }
            defer { server.stop() }
            let reason = body.isEmpty ? "an empty body" : "a body that is not a JSON object"
            await #expect(throws: RemoteError.malformedResponse(reason)) {
                try await SupabaseHealthProbe(configuration: configuration(server)).check()
            }
        }
    }

    @Test("The anon key prints redacted")
    func anonKeyRedacted() {
        #expect("\(APIKey(Self.anonKey))" == "APIKey(redacted)")
        #expect(!String(reflecting: APIKey(Self.anonKey)).contains(Self.anonKey))
    }
}
