import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Synchronization
import Testing

/// `OAuth2AuthRemoteAPI` with `discoversEndpoints`: the issuer's discovery
/// document is read once, on first use, and every request goes where it
/// says (endpoints at other paths than the defaults here), with RFC 9207's
/// `iss` required as the document says.
@Suite("OAuth 2.0 endpoints from discovery")
struct OAuth2DiscoveredEndpointsTests {
    static func document(_ base: String, issSupported: Bool = true, withDevice: Bool = true) -> String {
        """
        {"issuer":"\(base)/auth","authorization_endpoint":"\(base)/auth/login/authorize",
         "token_endpoint":"\(base)/auth/tokens",\(withDevice ? #""revocation_endpoint":"\#(base)/auth/revoke","# : "")
         \(withDevice ? #""device_authorization_endpoint":"\#(base)/auth/device","# : "")
         "code_challenge_methods_supported":["S256"],
         "authorization_response_iss_parameter_supported":\(issSupported)}
        """
    }

    /// A server answering the document at the issuer's well-known path and
    /// JSON fit for each other endpoint.
    static func server(issSupported: Bool = true, withDevice: Bool = true) throws -> StubServer {
        let base = Mutex<String>("")
        let server = try StubServer { request in
            switch request.path {
            case "/auth/.well-known/openid-configuration":
                return .json(200, document(base.withLock { $0 }, issSupported: issSupported, withDevice: withDevice))
            case "/auth/tokens":
                return .json(200, #"{"access_token":"AT-1","token_type":"Bearer","refresh_token":"RT-2"}"#)
            case "/auth/device":
                return .json(
                    200,
                    #"{"device_code":"D","user_code":"ABCD","verification_uri":"http://127.0.0.1:1/d","expires_in":60}"#
                )
            case "/auth/revoke": return .json(200, "{}")
            default: return .json(404, "{}")
            }
        }
        base.withLock { $0 = server.baseURL }
        return server
    }

    static func adapter(_ server: StubServer) throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(
                clientID: "gatehouse-native", issuer: server.baseURL + "/auth", discoversEndpoints: true),
            proofMaker: OAuth2BrowserSignInTests.FixedProofs())
    }

    @Test("The document is read once; refresh, the device flow and logout go to the endpoints it names")
    func endpointsFromTheDocument() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let auth = try Self.adapter(server)

        _ = try await auth.refresh(.refreshToken(RefreshToken("RT-1")))
        _ = try await auth.beginSignIn(.device)
        try await auth.signOut(
            SessionToken(
                token: AccessToken("AT-1"), issuedAt: Date(timeIntervalSince1970: 0),
                expiresAt: Date(timeIntervalSince1970: 60), refreshToken: RefreshToken("RT-2")))

        #expect(
            server.requests.map(\.path) == [
                "/auth/.well-known/openid-configuration", "/auth/tokens", "/auth/device", "/auth/revoke",
                "/auth/revoke",
            ])
        #expect(auth.offersSignOut)
    }

    @Test("The browser is sent to the document's authorization endpoint, and iss is required as the document says")
    func authorizationEndpointAndIss() async throws {
        for issSupported in [true, false] {
            let server = try Self.server(issSupported: issSupported)
            defer { server.stop() }
            let attempt = try await Self.adapter(server).beginSignIn(.browser)
            let url = try OAuth2BrowserSignInTests.url(of: attempt)
            #expect(url.absoluteString.hasPrefix(server.baseURL + "/auth/login/authorize?"))
            let outcome = try await OAuth2BrowserSignInTests.personAnswers(attempt, "code=c&state=st-1")
            #expect(outcome == (issSupported ? .signInRefused(.answerForAnotherAttempt) : nil))
        }
    }

    @Test(
        "A document without device or revocation endpoints leaves the configured paths; a failed fetch is asked again")
    func missingEndpointAndRetry() async throws {
        let server = try Self.server(withDevice: false)
        defer { server.stop() }
        let auth = try Self.adapter(server)
        await #expect(throws: RemoteError.rejected(status: 404, code: nil)) { try await auth.beginSignIn(.device) }
        #expect(server.requests.map(\.path).last == "/o/device-authorization/")

        let nobody = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(
                baseURL: "http://127.0.0.1:9", apiKey: nil, tokenHeaderStyle: .bearer, timeout: .seconds(5)),
            client: OAuth2Configuration(
                clientID: "gatehouse-native", issuer: "http://127.0.0.1:9/auth", discoversEndpoints: true))
        for _ in 0..<2 {
            await #expect(throws: RemoteError.self) { try await nobody.refresh(.refreshToken(RefreshToken("R"))) }
        }
    }
}
