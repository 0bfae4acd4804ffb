import Foundation
import Ports
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What goes on the wire, and what never follows a redirect.
@Suite("HTTP requests and redirects")
struct RequestAndRedirectTests {
    @Test func signInSendsTheCPFAndPasswordWithTheAPIKeyAndNoToken() async throws {
        let server = try StubServer { _ in .json(200, #"{"token":"new"}"#) }
        defer { server.stop() }
        let auth = URLSessionAuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")))

        let token = try await auth.signIn(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
            .accessToken

        #expect(token == AccessToken("new"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/challenge/auth")
        #expect(request.header("apikey") == "k")
        #expect(request.header("token") == nil)
        let body = try JSONSerialization.jsonObject(with: request.body) as? [String: String]
        #expect(body == ["cpf": "12345678909", "password": "123456"])
    }

    @Test func refreshSendsTheOldTokenInTheBody() async throws {
        let server = try StubServer { _ in .json(200, #"{"token":"newer"}"#) }
        defer { server.stop() }
        let auth = URLSessionAuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("k")))
        #expect(try await auth.refresh(.accessToken(AccessToken("old"))).accessToken == AccessToken("newer"))
        let body = try JSONSerialization.jsonObject(with: try #require(server.requests.first).body) as? [String: String]
        #expect(body == ["token": "old"])
    }

    @Test(arguments: [HTTPConfiguration.TokenHeaderStyle.token, .bearer])
    func theTokenTravelsInTheChosenHeader(style: HTTPConfiguration.TokenHeaderStyle) async throws {
        let server = try StubServer { _ in .json(200, #"{"users":[]}"#) }
        defer { server.stop() }
        let api = URLSessionUserRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: style))
        _ = try await api.relatedUsers(token: AccessToken("abc"))
        let request = try #require(server.requests.first)
        #expect(request.header("token") == (style == .token ? "abc" : nil))
        #expect(request.header("authorization") == (style == .bearer ? "Bearer abc" : nil))
    }

    /// A first server that redirects every request to `target`.
    private func redirecting(to target: StubServer) throws -> StubServer {
        try StubServer { request in
            StubServer.Answer(status: 307, headers: ["Location": target.baseURL + request.path])
        }
    }

    @Test(
        "A redirect to another port or host reaches the second server with no credential header",
        arguments: ["127.0.0.1", "127.0.0.2"])
    func crossOriginRedirectDropsCredentials(secondHost: String) async throws {
        let second = try StubServer(host: secondHost) { _ in .json(200, #"{"users":[]}"#) }
        defer { second.stop() }
        let first = try redirecting(to: second)
        defer { first.stop() }
        let api = URLSessionUserRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: first.baseURL, apiKey: APIKey("k")))

        _ = try await api.relatedUsers(token: AccessToken("abc"))

        #expect(first.requests.first?.header("token") == "abc", "the first server got the credentials")
        let arrived = try #require(second.requests.first)
        #expect(arrived.path == "/users/related")
        #expect(arrived.header("token") == nil)
        #expect(arrived.header("apikey") == nil)
        #expect(arrived.header("authorization") == nil)
    }

    @Test("A sign-in (its body holds the password) is never redirected")
    func signInIsNotRedirected() async throws {
        let second = try StubServer { _ in .json(200, #"{"token":"stolen"}"#) }
        defer { second.stop() }
        let first = try redirecting(to: second)
        defer { first.stop() }
        let auth = URLSessionAuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: first.baseURL, apiKey: APIKey("k")))

        await #expect(throws: RemoteError.rejected(status: 307, code: nil)) {
            try await auth.signIn(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        }
        #expect(second.requests.isEmpty)
    }

    @Test("A refresh is never redirected")
    func refreshIsNotRedirected() async throws {
        let second = try StubServer { _ in .json(200, #"{"token":"stolen"}"#) }
        defer { second.stop() }
        let first = try redirecting(to: second)
        defer { first.stop() }
        let auth = URLSessionAuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: first.baseURL, apiKey: APIKey("k")))

        await #expect(throws: RemoteError.rejected(status: 307, code: nil)) {
            try await auth.refresh(.accessToken(AccessToken("old")))
        }
        #expect(second.requests.isEmpty)
    }

    @Test("A request shows no body, form or Basic secret, printed, debugged or dumped")
    func requestRedactsItself() {
        let request = HTTPRequest(
            method: "POST", path: "token", limit: .authAnswer, body: ["password": "PASSWORD-SECRET"],
            form: [("refresh_token", "REFRESH-SECRET")],
            basicCredentials: (user: "client", secret: OAuth2ClientSecret("CLIENT-SECRET")))
        var dumped = ""
        dump(request, to: &dumped)
        for shown in ["\(request)", String(reflecting: request), dumped] {
            #expect(!shown.contains("SECRET"), "\(shown)")
            #expect(shown.contains("POST token"))
        }
    }

    @Test("A body JSON cannot hold is refused before anything is sent, naming no value")
    func bodyThatIsNotJSONIsRefused() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let transport = HTTPTransport(configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))
        let request = HTTPRequest(method: "POST", path: "x", limit: .authAnswer, body: ["when": Date()])
        await #expect(throws: RemoteError.transport("the request's body is not JSON")) {
            _ = try await transport.send(request)
        }
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Another host or another port: credentials are dropped; the same origin keeps them; https → http elsewhere, or a body to another origin: not followed"
    )
    func redirectDecision() throws {
        var original = URLRequest(url: try #require(URL(string: "https://api.example.com/users/me")))
        original.setValue("t", forHTTPHeaderField: "token")
        func proposed(_ url: String) throws -> URLRequest {
            var request = URLRequest(url: try #require(URL(string: url)))
            for header in ["token", "Authorization", "apikey"] { request.setValue("x", forHTTPHeaderField: header) }
            return request
        }
        #expect(
            RedirectPolicy.follow(original, to: try proposed("http://api.example.com/users/me"), taskDescription: nil)
                == nil, "down to plain http on a network")
        var posted = original
        posted.httpMethod = "POST"
        posted.httpBody = Data(#"{"password":"SECRET"}"#.utf8)
        #expect(
            RedirectPolicy.follow(posted, to: try proposed("https://evil.example.com/users"), taskDescription: nil)
                == nil, "a body to another origin")
        #expect(
            RedirectPolicy.follow(posted, to: try proposed("https://api.example.com/v2/users"), taskDescription: nil)
                != nil, "a body to the same origin")
        for target in ["https://evil.example.com/users/me", "https://api.example.com:8443/x"] {
            let followed = try #require(RedirectPolicy.follow(original, to: try proposed(target), taskDescription: nil))
            #expect(followed.value(forHTTPHeaderField: "token") == nil, "\(target)")
            #expect(followed.value(forHTTPHeaderField: "apikey") == nil, "\(target)")
            #expect(followed.value(forHTTPHeaderField: "Authorization") == nil, "\(target)")
        }
        let sameOrigin = try #require(
            RedirectPolicy.follow(
                original, to: try proposed("https://api.example.com:443/v2/users/me"), taskDescription: nil))
        #expect(sameOrigin.value(forHTTPHeaderField: "token") == "x")
        #expect(
            RedirectPolicy.follow(
                original, to: try proposed("https://api.example.com/x"),
                taskDescription: RedirectPolicy.noRedirectMarker) == nil)
    }

    @Test(
        "A base URL is refused unless it is https or http to this machine",
        arguments: [
            ("https://api.challenge.stage.cora.com.br", true), ("http://127.0.0.1:8080", true),
            ("http://localhost:8080", true),
            ("http://[::1]:8080", true), ("http://api.example.com", false), ("http://10.0.0.1", false),
            ("ftp://127.0.0.1", false), ("not a url", false), ("http://127.5.6.7:9", true),
            ("http://127.example.com", false), ("http://127.0.0.1.nip.io", false),
            ("http://localhost.example.com", false),
            ("http://[0:0:0:0:0:0:0:1]:8080", true), ("http://[::2]", false), ("http://LOCALHOST:8080", true),
            ("https://user:secret@api.example.com", false), ("http://user@127.0.0.1:8080", false),
            ("https://api.example.com/v2?debug=1", false), ("https://api.example.com/#top", false),
            ("https://api.example.com/v2", true),
        ])
    func baseURLRule(url: String, accepted: Bool) {
        let made = (try? HTTPConfiguration(baseURL: url, apiKey: nil)) != nil
        #expect(made == accepted)
    }

    @Test(
        "Only a literal loopback address or localhost counts as this machine, never a name that looks like one",
        arguments: [
            ("127.0.0.1", true), ("127.255.255.254", true), ("[::1]", true), ("::1", true), ("0:0:0:0:0:0:0:1", true),
            ("localhost", true), ("LocalHost", true),
            ("127.example.com", false), ("127.0.0.1.example.com", false), ("128.0.0.1", false), ("10.0.0.1", false),
            ("::2", false), ("::ffff:8.8.8.8", false), ("localhost.evil.com", false), ("notlocalhost", false),
            ("", false),
            ("127.0.0.256", false),
        ])
    func loopbackHost(host: String, isLoopback: Bool) {
        #expect(LoopbackHost.contains(host) == isLoopback)
    }

    @Test(
        "A refused base URL never shows its user or password in the error",
        arguments: [
            "https://alice:hunter2@api.example.com", "http://alice:hunter2@10.0.0.1", "ftp://alice:hunter2@127.0.0.1",
            "http://alice:hunter2@bad host", "https://alice:hunter2@api.example.com/v2?x=1",
            "https://alice:hun#ter2@api.example.com", "https://alice:hun/ter2?@api.example.com",
            "https://alice:hunter2@@api.example.com",
        ])
    func refusedURLIsRedacted(url: String) throws {
        let error = try #require(throws: HTTPConfigurationError.self) {
            try HTTPConfiguration(baseURL: url, apiKey: nil)
        }
        #expect(!error.description.contains("hunter2"))
        #expect(!error.description.contains("ter2"))
        #expect(!error.description.contains("alice"))
        #expect(error.description.contains("…@"))
    }
}
