import AdapterHTTP
import BoundedHTTP
import AdapterSoftwareCrypto
import Foundation
import Ports
import Testing

/// `OAuth2AuthRemoteAPI`'s sign-in through the browser against a stub
/// authorization server on loopback, the test playing the browser: the
/// authorization URL it writes (RFC 6749 §4.1.1, RFC 7636 §4.3), the
/// redirect it waits for on its loopback listener, and the code exchange it
/// sends (RFC 6749 §4.1.3 with the verifier), byte for byte.
@Suite("OAuth 2.0 sign-in through the browser")
struct OAuth2BrowserSignInTests {
    /// RFC 7636 Appendix B's verifier and challenge, and fixed state and nonce.
    struct FixedProofs: AuthorizationProofMaker {
        func makeProofs() throws(SecretHasherError) -> AuthorizationProofs {
            AuthorizationProofs(
                verifier: PKCEVerifier("dBjftJeZ4CK-P-PZ9u2X1CK3z3v4HOlL2XKxzs5YVDW"),
                challenge: "E9Melhoa2OwvFUm6sHKr3BuS5yKmm7Ds8HjBzgMFZGs", state: "st-1", nonce: "n-1")
        }

        func challenge(for verifier: PKCEVerifier) -> String { "E9Melhoa2OwvFUm6sHKr3BuS5yKmm7Ds8HjBzgMFZGs" }
    }

    static let tokenAnswer = StubServer.Answer.json(
        200, #"{"access_token":"AT-1","token_type":"Bearer","expires_in":300,"refresh_token":"RT-1"}"#)

    /// A clock stopped at `now`, for the ID token's times.
    struct StoppedClock: Ports.Clock {
        let instant: Date
        func now() -> Date { instant }
        func sleep(until deadline: Date) async throws(CancellationError) {}
        /// Time stands still: only an alarm already due runs.
        func alarm(at deadline: Date, _ action: @escaping @Sendable () -> Void) -> any ClockAlarm {
            if deadline <= instant { action() }
            return NoAlarm()
        }
        struct NoAlarm: ClockAlarm {
            func cancel() {}
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// A compact JWS with `claims` and a signature nobody made: refused once signatures are checked.
    static func idToken(_ claims: [String: Any]) throws -> String {
        func encoded(_ object: [String: Any]) throws -> String {
            try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return try encoded(["alg": "RS256", "typ": "JWT"]) + "." + encoded(claims) + ".c2lnbmF0dXJl"
    }

    static func claims(nonce: String = "n-1", audience: String = "gatehouse-native") -> [String: Any] {
        [
            "iss": "http://127.0.0.1:8099/o", "aud": audience, "sub": "1", "nonce": nonce,
            "exp": Int(now.timeIntervalSince1970) + 300, "iat": Int(now.timeIntervalSince1970),
        ]
    }

    static func adapter(
        _ server: StubServer, methods: [SignInMethod] = [.browser, .device], issuer: String? = nil,
        issuerAlwaysSent: Bool = false, scope: String? = nil
    ) throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(
                clientID: "gatehouse-native", signInMethods: methods, issuer: issuer,
                issuerAlwaysSent: issuerAlwaysSent, scope: scope, jwksPath: keySetPath),
            proofMaker: FixedProofs(), clock: StoppedClock(instant: now), signatureVerifier: SoftwareSignatureVerifier()
        )
    }

    static func url(of attempt: any ExternalSignInAttempt) throws -> URL {
        guard case .openInBrowser(let url) = attempt.instructions else {
            throw Failure(description: "not a browser attempt")
        }
        return url
    }

    static func query(_ url: URL) -> [String: String] {
        Dictionary(
            (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                ($0.name, $0.value ?? "")
            }, uniquingKeysWith: { first, _ in first })
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The browser coming back: a GET of the redirect URI with `query`.
    static func redirect(_ attempt: any ExternalSignInAttempt, _ query: String) async throws -> String? {
        let redirectURI = try #require(Self.query(try url(of: attempt))["redirect_uri"])
        let target = try #require(URLComponents(string: redirectURI))
        let port = try #require(target.port)
        let answer = await LoopbackRedirectListenerTests.send(
            "GET \(target.path)?\(query) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", to: UInt16(port))
        return answer?.statusLine
    }

    /// Runs `awaitPerson` while the test plays the browser with `query`.
    static func personAnswers(_ attempt: any ExternalSignInAttempt, _ query: String) async throws -> RemoteError? {
        let waiting = Task { () async -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch {
                return error
            }
        }
        _ = try await redirect(attempt, query)
        return await waiting.value
    }

    @Test(
        "The authorization URL: code, the client, the loopback redirect URI, state, the S256 challenge; nothing sent yet"
    )
    func authorizationURL() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server, scope: "openid read").beginSignIn(.browser)
        defer { Task { await attempt.end() } }

        let url = try Self.url(of: attempt)
        #expect(url.absoluteString.hasPrefix(server.baseURL + "/o/authorize/?"))
        let query = Self.query(url)
        #expect(query["response_type"] == "code")
        #expect(query["client_id"] == "gatehouse-native")
        #expect(query["state"] == "st-1")
        #expect(query["nonce"] == "n-1")
        #expect(query["scope"] == "openid read")
        #expect(query["code_challenge"] == "E9Melhoa2OwvFUm6sHKr3BuS5yKmm7Ds8HjBzgMFZGs")
        #expect(query["code_challenge_method"] == "S256")
        #expect(query["code_verifier"] == nil)
        let redirectURI = try #require(query["redirect_uri"])
        #expect(redirectURI.hasPrefix("http://127.0.0.1:"))
        #expect(redirectURI.hasSuffix("/callback"))
        #expect(server.requests.isEmpty)
    }

    @Test("Without openid in the scope no nonce is sent")
    func noNonceWithoutOpenID() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.browser)
        defer { Task { await attempt.end() } }
        #expect(Self.query(try Self.url(of: attempt))["nonce"] == nil)
    }

    @Test("The redirect's code is exchanged once with the verifier and the same redirect URI, as a public client")
    func codeExchange() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.browser)
        let redirectURI = try #require(Self.query(try Self.url(of: attempt))["redirect_uri"])

        #expect(try await Self.personAnswers(attempt, "code=C%2F1&state=st-1") == nil)
        let progress = try await attempt.poll()

        #expect(
            progress
                == .signedIn(
                    IssuedTokens(
                        accessToken: AccessToken("AT-1"), refreshToken: RefreshToken("RT-1"),
                        statedLifetime: .seconds(300))))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/o/token/")
        let encodedURI = try #require(
            redirectURI.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._*"))))
        #expect(
            String(decoding: request.body, as: UTF8.self)
                == "grant_type=authorization_code&code=C%2F1&redirect_uri=\(encodedURI)"
                + "&code_verifier=dBjftJeZ4CK-P-PZ9u2X1CK3z3v4HOlL2XKxzs5YVDW&client_id=gatehouse-native")
        #expect(request.header("Authorization") == nil)
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.poll() }
        #expect(server.requests.count == 1)
    }

    @Test(
        "The person's refusal, the app's own mistakes and the server's trouble, as the redirect carries them",
        arguments: [
            ("error=access_denied&state=st-1", RemoteError.signInRefused(.deniedByPerson)),
            ("error=invalid_scope&state=st-1", RemoteError.misconfigured(.scopeRefused("invalid_scope"))),
            ("error=temporarily_unavailable&state=st-1", RemoteError.rejected(status: 503, code: nil)),
        ])
    func redirectRefusals(query: String, expected: RemoteError) async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.browser)

        #expect(try await Self.personAnswers(attempt, query) == expected)
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.poll() }
        #expect(server.requests.isEmpty)
    }

    @Test(
        "Answers with another state (an old tab's, a forged one) are refused and end nothing: the person's own answer signs in"
    )
    func anotherStateEndsNothing() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.browser)
        let waiting = Task { () async -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch {
                return error
            }
        }
        #expect(try await Self.redirect(attempt, "code=forged&state=another") == "HTTP/1.1 400 Bad Request")
        #expect(try await Self.redirect(attempt, "error=access_denied&state=old") == "HTTP/1.1 400 Bad Request")
        #expect(try await Self.redirect(attempt, "code=c&state=st-1") == "HTTP/1.1 200 OK")

        #expect(await waiting.value == nil, "the attempt waited on and took its own answer")
        #expect(server.requests.isEmpty, "nothing was exchanged for the forged code")
        _ = try await attempt.poll()
        #expect(server.requests.count == 1)
    }

    @Test(
        "RFC 9207: an iss other than the issuer is another attempt's answer, as is none when the server always sends it",
        arguments: [
            (
                "code=c&state=st-1&iss=http%3A%2F%2F127.0.0.1%3A1%2Fo", false,
                RemoteError.signInRefused(.answerForAnotherAttempt)
            ),
            ("code=c&state=st-1", true, RemoteError.signInRefused(.answerForAnotherAttempt)),
        ])
    func issuerChecked(query: String, alwaysSent: Bool, expected: RemoteError) async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server, issuer: "http://127.0.0.1:8099/o", issuerAlwaysSent: alwaysSent)
            .beginSignIn(.browser)
        #expect(try await Self.personAnswers(attempt, query) == expected)
    }

    @Test("The right issuer is taken")
    func rightIssuer() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server, issuer: "http://127.0.0.1:8099/o", issuerAlwaysSent: true)
            .beginSignIn(.browser)
        #expect(try await Self.personAnswers(attempt, "code=c&state=st-1&iss=http%3A%2F%2F127.0.0.1%3A8099%2Fo") == nil)
        #expect(try await attempt.poll() != .pending(retryAfter: .zero))
    }

    @Test("A code the server refuses at the exchange (used, expired, wrong verifier) is another attempt's answer")
    func codeRefusedAtExchange() async throws {
        let server = try StubServer { _ in .json(400, #"{"error":"invalid_grant"}"#) }
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.browser)
        #expect(try await Self.personAnswers(attempt, "code=used&state=st-1") == nil)
        await #expect(throws: RemoteError.signInRefused(.answerForAnotherAttempt)) { try await attempt.poll() }
    }

    @Test("Ending the attempt ends the wait as cancelled, and every later call; ending twice is harmless")
    func endingCancels() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.browser)
        let waiting = Task { () async -> RemoteError? in
            do throws(RemoteError) {
                try await attempt.awaitPerson()
                return nil
            } catch {
                return error
            }
        }
        await attempt.end()
        #expect(await waiting.value == .signInRefused(.cancelled))
        await attempt.end()
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.awaitPerson() }
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.poll() }
        #expect(server.requests.isEmpty)
    }

    @Test("A method the configuration does not list is refused at once, sending nothing")
    func methodsNotOffered() async throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let browserOnly = try Self.adapter(server, methods: [.browser])
        await #expect(throws: RemoteError.signInRefused(.methodNotOffered)) {
            try await browserOnly.beginSignIn(.device)
        }
        await #expect(throws: RemoteError.signInRefused(.methodNotOffered)) {
            try await browserOnly.beginSignIn(.password)
        }
        await #expect(throws: RemoteError.signInRefused(.methodNotOffered)) {
            try await browserOnly.signIn(Credentials(identifier: .cpf("12345678909"), password: Password("123456")))
        }
        #expect(browserOnly.signsInByCPF == false)
        #expect(browserOnly.signsInByEmail == false)
        let passwordOnly = try Self.adapter(server, methods: [.password])
        await #expect(throws: RemoteError.signInRefused(.methodNotOffered)) {
            try await passwordOnly.beginSignIn(.browser)
        }
        #expect(passwordOnly.signsInByCPF && passwordOnly.signsInByEmail)
        #expect(server.requests.isEmpty)
    }

    @Test("Without a proof maker the browser is not offered")
    func noProofMakerNoBrowser() throws {
        let server = try StubServer { _ in Self.tokenAnswer }
        defer { server.stop() }
        let adapter = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(clientID: "gatehouse-native"))
        #expect(adapter.signInMethods == [.device])
    }

    @Test("Logout revokes the refresh token, then the access token")
    func logoutRevokesBoth() async throws {
        let server = try StubServer { _ in .json(200, "{}") }
        defer { server.stop() }
        try await Self.adapter(server).signOut(
            SessionToken(
                token: AccessToken("AT-9"), issuedAt: Date(timeIntervalSince1970: 0),
                expiresAt: Date(timeIntervalSince1970: 60),
                refreshToken: RefreshToken("RT-9")))
        #expect(
            server.requests.map { String(decoding: $0.body, as: UTF8.self) } == [
                "token=RT-9&token_type_hint=refresh_token&client_id=gatehouse-native",
                "token=AT-9&token_type_hint=access_token&client_id=gatehouse-native",
            ])
    }

    /// Where the stub serves the provider's key set.
    static let keySetPath = "o/.well-known/jwks.json"

    @Test(
        "With openid asked, the ID token of the exchange is checked: its signature, nonce, audience and presence",
        arguments: [
            ("good", nil),
            ("wrong nonce", RemoteError.signInRefused(.identityNotProved)),
            ("wrong audience", RemoteError.signInRefused(.identityNotProved)),
            ("unsigned claims", RemoteError.signInRefused(.identityNotProved)),
            ("none", RemoteError.signInRefused(.identityNotProved)),
        ] as [(String, RemoteError?)])
    func idTokenChecked(token: String, expected: RemoteError?) async throws {
        let idToken: String? =
            switch token {
            case "good": SignedIDTokens.stubGood
            case "wrong nonce": SignedIDTokens.stubWrongNonce
            case "wrong audience": SignedIDTokens.stubWrongAudience
            // The right claims, a signature nobody made.
            case "unsigned claims": try Self.idToken(Self.claims())
            default: nil
            }
        let body =
            #"{"access_token":"AT-1","token_type":"Bearer","expires_in":300"#
            + (idToken.map { #","id_token":""# + $0 + #"""# } ?? "") + "}"
        let server = try StubServer { request in
            request.path.hasSuffix("jwks.json") ? .json(200, SignedIDTokens.keySet) : .json(200, body)
        }
        defer { server.stop() }
        let attempt = try await Self.adapter(server, issuer: "http://127.0.0.1:8099/o", scope: "openid read")
            .beginSignIn(.browser)
        #expect(try await Self.personAnswers(attempt, "code=c&state=st-1") == nil)
        do throws(RemoteError) {
            let progress = try await attempt.poll()
            #expect(expected == nil)
            // The checked ID token is handed on, for the logout's id_token_hint.
            // So is its subject: the profile read next must be that person's.
            if case .signedIn(let issued) = progress {
                #expect(issued.idToken == idToken.map(IDTokenHint.init))
                #expect(issued.subject == "1")
            }
        } catch {
            #expect(error == expected)
        }
    }
}
