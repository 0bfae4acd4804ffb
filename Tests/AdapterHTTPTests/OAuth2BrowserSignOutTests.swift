import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Synchronization
import Testing

/// `OAuth2AuthRemoteAPI.beginBrowserSignOut` (OpenID Connect RP-Initiated
/// Logout 1.0) against a stub server on loopback, the test playing the
/// browser: the end-session address it writes, and the one redirect its
/// loopback listener takes.
@Suite("OAuth 2.0 logout at the server through the browser")
struct OAuth2BrowserSignOutTests {
    static let idToken = "eyJ-ID-TOKEN-SECRET.payload.signature"

    static func token(idToken: String? = Self.idToken) -> SessionToken {
        SessionToken(
            token: AccessToken("AT-SECRET"), issuedAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 60), refreshToken: RefreshToken("RT-SECRET"),
            idToken: idToken.map(IDTokenHint.init))
    }

    static func adapter(_ server: StubServer, endSessionPath: String? = "o/logout/") throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(clientID: "gatehouse-native", endSessionPath: endSessionPath),
            proofMaker: OAuth2BrowserSignInTests.FixedProofs())
    }

    /// The browser coming back: a GET of the `post_logout_redirect_uri` with
    /// `query`; the status line of the answer, nil when nothing listened.
    static func comeBack(_ attempt: any BrowserSignOutAttempt, _ query: String) async throws -> String? {
        let back = try #require(OAuth2BrowserSignInTests.query(attempt.url)["post_logout_redirect_uri"])
        let target = try #require(URLComponents(string: back))
        let port = try #require(target.port)
        let answer = await LoopbackRedirectListenerTests.send(
            "GET \(target.path)?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", to: UInt16(port))
        return answer?.statusLine
    }

    /// Runs `awaitPerson` while the test plays the browser with each query in turn.
    static func wait(
        _ attempt: any BrowserSignOutAttempt, browserSends queries: [String]
    ) async throws -> (error: BrowserSignOutError?, statusLines: [String?]) {
        let waiting = Task { () async -> BrowserSignOutError? in
            do throws(BrowserSignOutError) {
                try await attempt.awaitPerson()
                return nil
            } catch {
                return error
            }
        }
        var statusLines: [String?] = []
        for query in queries { statusLines.append(try await comeBack(attempt, query)) }
        return (await waiting.value, statusLines)
    }

    @Test("The end-session address: the client, the loopback return, state, and never the ID token")
    func endSessionAddress() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let attempt = try #require(try await Self.adapter(server).beginBrowserSignOut(Self.token()))
        defer { Task { await attempt.end() } }

        #expect(attempt.url.absoluteString.hasPrefix(server.baseURL + "/o/logout/?"))
        let query = OAuth2BrowserSignInTests.query(attempt.url)
        #expect(!attempt.url.absoluteString.contains(Self.idToken), "the address is the launcher's argv: ps shows it")
        #expect(query["client_id"] == "gatehouse-native")
        #expect(query["state"] == "st-1")
        let back = try #require(query["post_logout_redirect_uri"])
        #expect(back.hasPrefix("http://127.0.0.1:"))
        #expect(back.hasSuffix("/callback"))
        #expect(Set(query.keys) == ["client_id", "post_logout_redirect_uri", "state"])
        #expect(server.requests.isEmpty)
    }

    @Test("The redirect with this logout's state ends the wait; the listener then takes nothing more")
    func rightStateEndsTheWait() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let attempt = try #require(try await Self.adapter(server).beginBrowserSignOut(Self.token()))

        let (error, statusLines) = try await Self.wait(attempt, browserSends: ["state=st-1"])

        #expect(error == nil)
        #expect(statusLines == ["HTTP/1.1 200 OK"])
        #expect(try await Self.comeBack(attempt, "state=st-1") == nil)
        await attempt.end()
    }

    @Test("A request without a state is answered 400 and the wait goes on; the right one then ends it")
    func noStateIsNotTheAnswer() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let attempt = try #require(try await Self.adapter(server).beginBrowserSignOut(Self.token()))

        let (error, statusLines) = try await Self.wait(attempt, browserSends: ["", "state=st-1"])

        #expect(error == nil)
        #expect(statusLines == ["HTTP/1.1 400 Bad Request", "HTTP/1.1 200 OK"])
    }

    @Test("Another state is refused (400) and ends nothing: the logout's own state ends the wait")
    func wrongStateRefused() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let attempt = try #require(try await Self.adapter(server).beginBrowserSignOut(Self.token()))

        let (error, statusLines) = try await Self.wait(
            attempt, browserSends: ["state=st-forged", "state=st-old&code=c", "state=st-1"])

        #expect(error == nil)
        #expect(statusLines == ["HTTP/1.1 400 Bad Request", "HTTP/1.1 400 Bad Request", "HTTP/1.1 200 OK"])
    }

    @Test("Ending the attempt ends the wait; ending twice is harmless")
    func endEndsTheWait() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let attempt = try #require(try await Self.adapter(server).beginBrowserSignOut(Self.token()))
        let waiting = Task { () async -> BrowserSignOutError? in
            do throws(BrowserSignOutError) {
                try await attempt.awaitPerson()
                return nil
            } catch {
                return error
            }
        }
        await attempt.end()
        #expect(await waiting.value == .ended)
        await attempt.end()
    }

    @Test(
        "No browser step, nothing sent: no end-session endpoint, or a session without an ID token",
        arguments: [(nil, Self.idToken), ("o/logout/", nil)] as [(String?, String?)])
    func noBrowserStep(endSessionPath: String?, idToken: String?) async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        let attempt = try await Self.adapter(server, endSessionPath: endSessionPath)
            .beginBrowserSignOut(Self.token(idToken: idToken))
        #expect(attempt == nil)
        #expect(server.requests.isEmpty)
    }

    @Test("Discovery's end_session_endpoint is where the browser is sent")
    func endpointFromDiscovery() async throws {
        let base = Mutex<String>("")
        let server = try StubServer { request in
            guard request.path == "/auth/.well-known/openid-configuration" else { return .json(404, "{}") }
            let root = base.withLock { $0 }
            return .json(
                200,
                #"{"issuer":"\#(root)/auth","authorization_endpoint":"\#(root)/auth/authorize","token_endpoint":"\#(root)/auth/token","end_session_endpoint":"\#(root)/auth/end"}"#
            )
        }
        defer { server.stop() }
        base.withLock { $0 = server.baseURL }
        let auth = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(
                clientID: "gatehouse-native", issuer: server.baseURL + "/auth", discoversEndpoints: true),
            proofMaker: OAuth2BrowserSignInTests.FixedProofs())

        let attempt = try #require(try await auth.beginBrowserSignOut(Self.token()))
        defer { Task { await attempt.end() } }

        #expect(attempt.url.absoluteString.hasPrefix(server.baseURL + "/auth/end?"))
        #expect(server.requests.map(\.path) == ["/auth/.well-known/openid-configuration"])
    }

    @Test("A discovery document without end_session_endpoint means no browser step")
    func noEndpointInDiscovery() async throws {
        let server = try OAuth2DiscoveredEndpointsTests.server()
        defer { server.stop() }
        let attempt = try await OAuth2DiscoveredEndpointsTests.adapter(server).beginBrowserSignOut(Self.token())
        #expect(attempt == nil)
    }

    @Test("The ID token prints, debug-prints and dumps redacted, alone and in a session token")
    func idTokenRedacted() {
        var dumped = ""
        dump(Self.token(), to: &dumped)
        #expect("\(IDTokenHint(Self.idToken))" == "IDTokenHint(redacted)")
        #expect(String(reflecting: IDTokenHint(Self.idToken)) == "IDTokenHint(redacted)")
        #expect(!dumped.contains("ID-TOKEN-SECRET"))
        #expect(!"\(Self.token())".contains("ID-TOKEN-SECRET"))
    }
}
