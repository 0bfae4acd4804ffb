import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Testing

/// `OpenIDUserInfoRemoteAPI` against a stub server on loopback: the request
/// it sends, how it reads the claims (OpenID Connect Core 1.0, section 5.3)
/// and how it maps refusals onto the port's errors.
@Suite("OpenID Connect UserInfo adapter")
struct OpenIDUserInfoRemoteAPITests {
    private func adapter(
        _ server: StubServer, style: HTTPConfiguration.TokenHeaderStyle = .bearer, path: String = "/o/userinfo/"
    ) throws -> OpenIDUserInfoRemoteAPI {
        OpenIDUserInfoRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("k"), tokenHeaderStyle: style),
            userInfoEndpoint: try #require(URL(string: server.baseURL + path)))
    }

    private static let maria =
        #"{"sub":"248289761001","name":"Maria Silva","given_name":"Maria","email":"maria@example.com","cpf":"12345678909","email_verified":true}"#

    @Test("GET userinfo with the token as Bearer and no API key; the claims become the profile")
    func readsProfile() async throws {
        let server = try StubServer { _ in .json(200, Self.maria) }
        defer { server.stop() }

        let profile = try await adapter(server).currentUser(token: AccessToken("AT-1"))

        #expect(
            profile
                == UserProfile(
                    id: "248289761001", name: "Maria Silva", email: "maria@example.com", cpf: "12345678909",
                    active: true, isDeleted: false, source: .server))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/o/userinfo/")
        #expect(request.header("Authorization") == "Bearer AT-1")
        #expect(request.header("apikey") == nil)
    }

    @Test("Claims not sent (or sent as null) are empty; the name falls back to given_name and family_name")
    func missingClaimsAreEmpty() async throws {
        let server = try StubServer { request in
            request.header("Authorization") == "Bearer only-sub"
                ? .json(200, #"{"sub":"s-1","name":null,"email":null}"#)
                : .json(200, #"{"sub":"s-2","given_name":"Ana","family_name":"Lima"}"#)
        }
        defer { server.stop() }

        let bare = try await adapter(server).currentUser(token: AccessToken("only-sub"))
        let split = try await adapter(server).currentUser(token: AccessToken("split"))

        #expect(bare == UserProfile(id: "s-1", name: "", email: "", cpf: "", active: true, isDeleted: false))
        #expect(split.name == "Ana Lima")
    }

    @Test(
        "A malformed answer is refused, naming the claim",
        arguments: [
            #"{"name":"No Sub"}"#, #"{"sub":""}"#, #"{"sub":42}"#, #"{"sub":"s","email":["a"]}"#,
            #"{"sub":"s","cpf":"123.456.789-09"}"#, #"["sub"]"#, "eyJhbGciOiJSUzI1NiJ9.e30.c2ln", "",
        ])
    func refusesMalformed(body: String) async throws {
        let server = try StubServer { _ in .json(200, body) }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await adapter(server).currentUser(token: AccessToken("AT-1"))
        }
        guard case .malformedResponse(let text) = error else {
            Issue.record("not malformed: \(String(describing: error))")
            return
        }
        #expect(!text.contains("123.456"))
    }

    @Test("An answer past 64 KiB is refused as malformed")
    func refusesOversized() async throws {
        let padding = String(repeating: "x", count: 65 * 1024)
        let server = try StubServer { _ in .json(200, #"{"sub":"s","name":"\#(padding)"}"#) }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await adapter(server).currentUser(token: AccessToken("AT-1"))
        }
        guard case .malformedResponse = error else {
            Issue.record("not malformed: \(String(describing: error))")
            return
        }
    }

    @Test(
        "Refusals: 401 is a refused token, 403 (insufficient_scope) a configuration error, 400 a bad request, 5xx the server's",
        arguments: [
            (401, RemoteError.rejected(status: 401, code: .tokenInvalid)),
            (403, RemoteError.misconfigured(.scopeRefused("insufficient_scope"))),
            (400, RemoteError.rejected(status: 400, code: .badRequest)),
            (503, RemoteError.rejected(status: 503, code: nil)),
        ])
    func mapsRefusals(status: Int, expected: RemoteError) async throws {
        let server = try StubServer { _ in
            StubServer.Answer(status: status, headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])
        }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await adapter(server).currentUser(token: AccessToken("AT-1"))
        }
        #expect(error == expected)
        if status == 401 { #expect(error?.isTokenRefused == true) }
    }

    @Test("The UserInfo sub must be the ID token's: another is identityNotProved, the same is the profile")
    func subjectMustMatch() async throws {
        let server = try StubServer { _ in .json(200, Self.maria) }
        defer { server.stop() }

        let profile = try await adapter(server).currentUser(token: AccessToken("AT-1"), subject: "248289761001")
        let error = await #expect(throws: RemoteError.self) {
            try await adapter(server).currentUser(token: AccessToken("AT-1"), subject: "someone-else")
        }

        #expect(profile.id == "248289761001")
        #expect(error == .signInRefused(.identityNotProved))
    }

    @Test("No account routes: each answers NOT_FOUND at once, sending nothing")
    func noAccountRoutes() async throws {
        let server = try StubServer { _ in .json(200, Self.maria) }
        defer { server.stop() }
        let api = try adapter(server)
        let notFound = RemoteError.rejected(status: 404, code: .notFound)

        #expect(api.offersCurrentUser)
        #expect(!api.offersAccountRoutes)
        await #expect(throws: notFound) {
            try await api.updateCurrentUser(ProfileChanges(name: "X"), token: AccessToken("t"))
        }
        await #expect(throws: notFound) { try await api.deleteCurrentUser(token: AccessToken("t")) }
        await #expect(throws: notFound) { try await api.relatedUsers(token: AccessToken("t")) }
        await #expect(throws: notFound) { try await api.saveSharedWith(["a"], token: AccessToken("t")) }
        #expect(server.requests.isEmpty)
    }

    @Test("A configuration that sends the token in the Cora header is refused, sending nothing")
    func requiresBearer() async throws {
        let server = try StubServer { _ in .json(200, Self.maria) }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await adapter(server, style: .token).currentUser(token: AccessToken("AT-1"))
        }

        guard case .misconfigured = error else {
            Issue.record("not a configuration error: \(String(describing: error))")
            return
        }
        #expect(server.requests.isEmpty)
    }

    @Test("A UserInfo endpoint in clear to another machine is refused, sending nothing")
    func refusesInsecureEndpoint() async throws {
        let server = try StubServer { _ in .json(200, Self.maria) }
        defer { server.stop() }
        let api = OpenIDUserInfoRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            userInfoEndpoint: try #require(URL(string: "http://id.example.com/userinfo/")))

        let error = await #expect(throws: RemoteError.self) { try await api.currentUser(token: AccessToken("AT-1")) }

        guard case .misconfigured = error else {
            Issue.record("not a configuration error: \(String(describing: error))")
            return
        }
        #expect(server.requests.isEmpty)
    }
}
