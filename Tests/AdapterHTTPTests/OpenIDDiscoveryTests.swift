import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Testing

/// Discovery documents for the tests, as JSON text.
enum TestDiscovery {
    static let issuer = "https://id.example.com/o"

    static func document(issuer: String = TestDiscovery.issuer, changes: [String: Any] = [:], removing: [String] = [])
        -> Data
    {
        var fields: [String: Any] = [
            "issuer": issuer, "authorization_endpoint": issuer + "/authorize/", "token_endpoint": issuer + "/token/",
            "userinfo_endpoint": issuer + "/userinfo/", "jwks_uri": issuer + "/.well-known/jwks.json",
            "revocation_endpoint": issuer + "/revoke_token/", "end_session_endpoint": issuer + "/logout/",
            "device_authorization_endpoint": issuer + "/device-authorization/",
            "code_challenge_methods_supported": ["plain", "S256"],
            "authorization_response_iss_parameter_supported": true,
            "id_token_signing_alg_values_supported": ["RS256", "HS256"],
            "response_types_supported": ["code"], "subject_types_supported": ["public"],
        ]
        for (name, value) in changes { fields[name] = value }
        for name in removing { fields[name] = nil }
        return (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
    }
}

/// `OpenIDProviderMetadata` reading discovery documents (OpenID Connect
/// Discovery 1.0, sections 3 and 4), and `OpenIDDiscovery` fetching them
/// from a stub server on loopback.
@Suite("OpenID Connect discovery")
struct OpenIDDiscoveryTests {
    @Test("A good document is read, every field")
    func readsGoodDocument() throws {
        let metadata = try OpenIDProviderMetadata(reading: TestDiscovery.document(), issuer: TestDiscovery.issuer)

        let issuer = TestDiscovery.issuer
        #expect(metadata.issuer == issuer)
        #expect(metadata.authorizationEndpoint == URL(string: issuer + "/authorize/"))
        #expect(metadata.tokenEndpoint == URL(string: issuer + "/token/"))
        #expect(metadata.userInfoEndpoint == URL(string: issuer + "/userinfo/"))
        #expect(metadata.jwksURI == URL(string: issuer + "/.well-known/jwks.json"))
        #expect(metadata.revocationEndpoint == URL(string: issuer + "/revoke_token/"))
        #expect(metadata.endSessionEndpoint == URL(string: issuer + "/logout/"))
        #expect(metadata.deviceAuthorizationEndpoint == URL(string: issuer + "/device-authorization/"))
        #expect(metadata.codeChallengeMethodsSupported == ["plain", "S256"])
        #expect(metadata.authorizationResponseIssParameterSupported)
        #expect(metadata.idTokenSigningAlgValuesSupported == ["RS256", "HS256"])
    }

    @Test("The optional fields may be absent: nil, and no RFC 9207 iss")
    func optionalFieldsMayBeAbsent() throws {
        let data = TestDiscovery.document(removing: [
            "userinfo_endpoint", "jwks_uri", "revocation_endpoint", "end_session_endpoint",
            "device_authorization_endpoint", "code_challenge_methods_supported",
            "authorization_response_iss_parameter_supported", "id_token_signing_alg_values_supported",
        ])

        let metadata = try OpenIDProviderMetadata(reading: data, issuer: TestDiscovery.issuer)

        #expect(metadata.userInfoEndpoint == nil)
        #expect(metadata.endSessionEndpoint == nil)
        #expect(metadata.codeChallengeMethodsSupported == nil)
        #expect(!metadata.authorizationResponseIssParameterSupported)
    }

    @Test(
        "Another issuer is refused, even one differing by a trailing slash or case",
        arguments: ["https://evil.example.com/o", TestDiscovery.issuer + "/", "https://ID.example.com/o"])
    func refusesAnotherIssuer(sent: String) {
        #expect(throws: OpenIDDiscoveryError.issuerMismatch) {
            try OpenIDProviderMetadata(reading: TestDiscovery.document(issuer: sent), issuer: TestDiscovery.issuer)
        }
    }

    @Test(
        "An issuer that is not one is refused even when the document repeats it",
        arguments: ["http://id.example.com/o", "https://id.example.com/o?tenant=1", "https://u:p@id.example.com/o"])
    func refusesIssuerThatIsNotOne(issuer: String) {
        #expect(throws: OpenIDDiscoveryError.issuerMismatch) {
            try OpenIDProviderMetadata(reading: TestDiscovery.document(issuer: issuer), issuer: issuer)
        }
    }

    @Test("A PKCE list without S256 is refused")
    func refusesMissingS256() {
        let data = TestDiscovery.document(changes: ["code_challenge_methods_supported": ["plain"]])

        #expect(throws: OpenIDDiscoveryError.s256NotSupported) {
            try OpenIDProviderMetadata(reading: data, issuer: TestDiscovery.issuer)
        }
    }

    @Test(
        "An endpoint in clear to another machine, or otherwise unsafe, is refused, naming the field",
        arguments: [
            "http://id.example.com/o/token/", "http://127.0.0.1.evil.com/token/", "http://127.0.0.1%2eevil.com/token/",
            "https://user:pass@id.example.com/token/", "https://id.example.com/token/#frag", "javascript:alert(1)",
            "ftp://id.example.com/token/", "/o/token/",
        ])
    func refusesUnsafeEndpoint(endpoint: String) {
        let data = TestDiscovery.document(changes: ["token_endpoint": endpoint])

        #expect(throws: OpenIDDiscoveryError.insecureEndpoint("token_endpoint")) {
            try OpenIDProviderMetadata(reading: data, issuer: TestDiscovery.issuer)
        }
    }

    @Test("http to this machine is taken, for every loopback spelling")
    func acceptsLoopbackHTTP() throws {
        for host in ["127.0.0.1:8000", "localhost:8000", "[::1]:8000"] {
            let issuer = "http://\(host)/o"
            let metadata = try OpenIDProviderMetadata(
                reading: TestDiscovery.document(issuer: issuer), issuer: issuer)
            #expect(metadata.tokenEndpoint.absoluteString == issuer + "/token/")
        }
    }

    @Test("An unsafe optional endpoint is refused too")
    func refusesUnsafeOptionalEndpoint() {
        let data = TestDiscovery.document(changes: ["end_session_endpoint": "http://id.example.com/logout/"])

        #expect(throws: OpenIDDiscoveryError.insecureEndpoint("end_session_endpoint")) {
            try OpenIDProviderMetadata(reading: data, issuer: TestDiscovery.issuer)
        }
    }

    @Test("Junk is refused as malformed: not JSON, not an object, a field missing or of the wrong type")
    func refusesJunk() {
        let cases: [(Data, OpenIDDiscoveryError)] = [
            (Data("<html>not found</html>".utf8), .notAnObject),
            (Data("[]".utf8), .notAnObject),
            (Data(), .notAnObject),
            (TestDiscovery.document(removing: ["issuer"]), .missingField("issuer")),
            (TestDiscovery.document(removing: ["token_endpoint"]), .missingField("token_endpoint")),
            (TestDiscovery.document(removing: ["authorization_endpoint"]), .missingField("authorization_endpoint")),
            (TestDiscovery.document(changes: ["issuer": 7]), .invalidField("issuer")),
            (
                TestDiscovery.document(changes: ["code_challenge_methods_supported": "S256"]),
                .invalidField("code_challenge_methods_supported")
            ),
            (
                TestDiscovery.document(changes: ["authorization_response_iss_parameter_supported": 1]),
                .invalidField("authorization_response_iss_parameter_supported")
            ),
            (
                TestDiscovery.document(changes: ["id_token_signing_alg_values_supported": ["RS256", 5]]),
                .invalidField("id_token_signing_alg_values_supported")
            ),
        ]
        for (data, expected) in cases {
            #expect(throws: expected) { try OpenIDProviderMetadata(reading: data, issuer: TestDiscovery.issuer) }
        }
    }

    @Test("The port's error: unreadable is malformed, unusable is a configuration error; no value in the text")
    func errorMapping() {
        #expect(OpenIDDiscoveryError.notAnObject.remoteError.isInfrastructure)
        guard case .malformedResponse = OpenIDDiscoveryError.missingField("issuer").remoteError else {
            Issue.record("a missing field is not malformed")
            return
        }
        let causes: [(OpenIDDiscoveryError, Misconfiguration.Cause)] = [
            (.issuerMismatch, .anotherIssuer), (.s256NotSupported, .pkceNotSupported),
            (.insecureEndpoint("token_endpoint"), .insecureEndpoint),
        ]
        for (error, cause) in causes {
            guard case .misconfigured(let problem) = error.remoteError else {
                Issue.record("\(error) is not a configuration error")
                continue
            }
            #expect(problem.cause == cause, "a mix-up, an endpoint in clear and no S256 are each their own cause")
            #expect(!problem.detail.contains("example.com"))
        }
    }

    @Test("The document's URL: the issuer less a trailing slash, then the well-known path")
    func documentURL() {
        #expect(
            OpenIDDiscovery.documentURL(issuer: "https://id.example.com/o/")?.absoluteString
                == "https://id.example.com/o/.well-known/openid-configuration")
        #expect(
            OpenIDDiscovery.documentURL(issuer: "https://id.example.com")?.absoluteString
                == "https://id.example.com/.well-known/openid-configuration")
        for unsafe in [
            "http://id.example.com", "https://id.example.com/o?x=1", "https://u:p@id.example.com", "not a url",
        ] {
            #expect(OpenIDDiscovery.documentURL(issuer: unsafe) == nil)
        }
    }

    // MARK: - Fetching

    private func configuration(_ server: StubServer) throws -> HTTPConfiguration {
        try HTTPConfiguration(baseURL: server.baseURL, apiKey: APIKey("k"), tokenHeaderStyle: .bearer)
    }

    /// The issuer a stub server is at, from the Host the request named.
    private static func issuer(of request: StubServer.Received) -> String {
        "http://\(request.header("Host") ?? "")/o"
    }

    @Test("Fetching GETs <issuer>/.well-known/openid-configuration, with no API key or token, and reads it")
    func fetchesDocument() async throws {
        let server = try StubServer { request in
            StubServer.Answer(status: 200, body: TestDiscovery.document(issuer: Self.issuer(of: request)))
        }
        defer { server.stop() }
        let issuer = server.baseURL + "/o"

        let metadata = try await OpenIDDiscovery.fetch(issuer: issuer, configuration: configuration(server))

        #expect(metadata.tokenEndpoint.absoluteString == issuer + "/token/")
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.path == "/o/.well-known/openid-configuration")
        #expect(request.header("apikey") == nil)
        #expect(request.header("Authorization") == nil)
    }

    @Test("A document from another issuer is a configuration error")
    func fetchRefusesAnotherIssuer() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200, body: TestDiscovery.document()) }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await OpenIDDiscovery.fetch(issuer: server.baseURL + "/o", configuration: configuration(server))
        }
        #expect(error == OpenIDDiscoveryError.issuerMismatch.remoteError)
    }

    @Test("A document without S256 is a configuration error")
    func fetchRefusesMissingS256() async throws {
        let server = try StubServer { request in
            StubServer.Answer(
                status: 200,
                body: TestDiscovery.document(
                    issuer: Self.issuer(of: request), changes: ["code_challenge_methods_supported": ["plain"]]))
        }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await OpenIDDiscovery.fetch(issuer: server.baseURL + "/o", configuration: configuration(server))
        }
        #expect(error == .misconfigured(.pkceNotSupported(OpenIDDiscoveryError.s256NotSupported.description)))
    }

    @Test("A document naming a token endpoint in clear to another machine is a configuration error")
    func fetchRefusesInsecureEndpoint() async throws {
        let server = try StubServer { request in
            StubServer.Answer(
                status: 200,
                body: TestDiscovery.document(
                    issuer: Self.issuer(of: request), changes: ["token_endpoint": "http://id.example.com/token/"]))
        }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await OpenIDDiscovery.fetch(issuer: server.baseURL + "/o", configuration: configuration(server))
        }
        #expect(error == OpenIDDiscoveryError.insecureEndpoint("token_endpoint").remoteError)
    }

    @Test("A body past 64 KiB is refused as malformed")
    func fetchRefusesOversizedBody() async throws {
        let server = try StubServer { request in
            StubServer.Answer(
                status: 200,
                body: TestDiscovery.document(
                    issuer: Self.issuer(of: request), changes: ["padding": String(repeating: "x", count: 65 * 1024)]))
        }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await OpenIDDiscovery.fetch(issuer: server.baseURL + "/o", configuration: configuration(server))
        }
        guard case .malformedResponse = error else {
            Issue.record("an oversized document was not malformed: \(String(describing: error))")
            return
        }
    }

    @Test("A junk body is refused as malformed")
    func fetchRefusesJunk() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200, body: Data("<html>hello</html>".utf8)) }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await OpenIDDiscovery.fetch(issuer: server.baseURL + "/o", configuration: configuration(server))
        }
        #expect(error == OpenIDDiscoveryError.notAnObject.remoteError)
    }

    @Test("A 404 or a redirect is a configuration error (the redirect not followed); a 5xx is the server failing")
    func fetchMapsStatuses() async throws {
        for status in [404, 302, 503] {
            let server = try StubServer { _ in
                StubServer.Answer(status: status, headers: ["Location": "http://127.0.0.1:9/elsewhere"])
            }
            defer { server.stop() }

            let error = await #expect(throws: RemoteError.self) {
                try await OpenIDDiscovery.fetch(issuer: server.baseURL + "/o", configuration: configuration(server))
            }
            if status == 503 {
                #expect(error == .rejected(status: 503, code: nil))
            } else {
                #expect(
                    error == .misconfigured(.discoveryUnavailable("the issuer's discovery document answered \(status)"))
                )
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test("An issuer in clear to another machine is refused, nothing sent")
    func fetchRefusesInsecureIssuer() async throws {
        let server = try StubServer { _ in StubServer.Answer(status: 200, body: TestDiscovery.document()) }
        defer { server.stop() }

        let error = await #expect(throws: RemoteError.self) {
            try await OpenIDDiscovery.fetch(issuer: "http://id.example.com/o", configuration: configuration(server))
        }
        guard case .misconfigured = error else {
            Issue.record("an insecure issuer was not a configuration error")
            return
        }
        #expect(server.requests.isEmpty)
    }
}
