import AdapterHTTP
import BoundedHTTP
import Foundation
import Ports
import Synchronization
import Testing

/// `OAuth2AuthRemoteAPI`'s device flow against a stub authorization server
/// on loopback: the device authorization request and how its answer is
/// checked (RFC 8628 §3.1, §3.2), and each poll of the token endpoint
/// (RFC 8628 §3.4, §3.5): pending, `slow_down` lengthening the interval,
/// tokens, `access_denied`, `expired_token`.
@Suite("OAuth 2.0 sign-in by the device flow")
struct OAuth2DeviceSignInTests {
    static let deviceAnswer = StubServer.Answer.json(
        200,
        #"""
        {"device_code":"DC-secret","user_code":"WDJB-MJHT","verification_uri":"http://127.0.0.1:8099/o/device/",
         "verification_uri_complete":"http://127.0.0.1:8099/o/device/?user_code=WDJB-MJHT","expires_in":600,"interval":3}
        """#)

    /// A server that answers the device authorization with `device` and then
    /// each token request with the next of `polls`.
    static func server(device: StubServer.Answer = deviceAnswer, polls: [StubServer.Answer]) throws -> StubServer {
        let next = Mutex(polls)
        return try StubServer { request in
            if request.path == "/o/device-authorization/" { return device }
            return next.withLock { $0.isEmpty ? .json(500, "{}") : $0.removeFirst() }
        }
    }

    static func adapter(_ server: StubServer, scope: String? = "read") throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(clientID: "gatehouse-native", signInMethods: [.device], scope: scope))
    }

    static func body(_ request: StubServer.Received) -> String { String(decoding: request.body, as: UTF8.self) }

    static let pending = StubServer.Answer.json(400, #"{"error":"authorization_pending"}"#)
    static let slowDown = StubServer.Answer.json(400, #"{"error":"slow_down"}"#)
    static let tokens = StubServer.Answer.json(
        200, #"{"access_token":"AT-1","token_type":"Bearer","expires_in":300,"refresh_token":"RT-1"}"#)

    @Test("The code is asked for as a public client; the instructions are the server's code and addresses")
    func beginning() async throws {
        let server = try Self.server(polls: [])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)

        #expect(
            attempt.instructions
                == .enterCode(
                    userCode: "WDJB-MJHT",
                    verificationURI: try #require(URL(string: "http://127.0.0.1:8099/o/device/")),
                    completeURI: URL(string: "http://127.0.0.1:8099/o/device/?user_code=WDJB-MJHT"),
                    expiresIn: .seconds(600)))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(Self.body(request) == "scope=read&client_id=gatehouse-native")
        try await attempt.awaitPerson()
        #expect(server.requests.count == 1)
    }

    @Test("Pending waits the server's interval; each slow_down adds five seconds; then the tokens")
    func pollingPendingSlowDownTokens() async throws {
        let server = try Self.server(polls: [Self.pending, Self.slowDown, Self.pending, Self.slowDown, Self.tokens])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)

        var progress: [ExternalSignInProgress] = []
        for _ in 0..<5 { progress.append(try await attempt.poll()) }

        #expect(
            progress == [
                .pending(retryAfter: .seconds(3)), .pending(retryAfter: .seconds(8)), .pending(retryAfter: .seconds(8)),
                .pending(retryAfter: .seconds(13)),
                .signedIn(
                    IssuedTokens(
                        accessToken: AccessToken("AT-1"), refreshToken: RefreshToken("RT-1"),
                        statedLifetime: .seconds(300))),
            ])
        let poll = try #require(server.requests.last)
        #expect(poll.path == "/o/token/")
        #expect(
            Self.body(poll)
                == "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=DC-secret&client_id=gatehouse-native"
        )
    }

    @Test(
        "access_denied is the person's no; expired_token is too late; a refused client is a configuration error",
        arguments: [
            (#"{"error":"access_denied"}"#, RemoteError.signInRefused(.deniedByPerson)),
            (#"{"error":"expired_token"}"#, RemoteError.signInRefused(.notCompletedInTime)),
            (#"{"error":"invalid_client"}"#, RemoteError.misconfigured(.clientRefused("invalid_client"))),
        ])
    func pollRefusals(body: String, expected: RemoteError) async throws {
        let server = try Self.server(polls: [Self.pending, .json(400, body)])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(3)))
        await #expect(throws: expected) { try await attempt.poll() }
    }

    @Test(
        "A device authorization answer that cannot be shown or used is malformed",
        arguments: [
            #"{"user_code":"A","verification_uri":"https://a.example/d","expires_in":60}"#,
            #"{"device_code":"D","verification_uri":"https://a.example/d","expires_in":60}"#,
            #"{"device_code":"D","user_code":"AB\u001b[2J","verification_uri":"https://a.example/d","expires_in":60}"#,
            #"{"device_code":"D","user_code":"AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA","verification_uri":"https://a.example/d","expires_in":60}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"javascript:alert(1)","expires_in":60}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"http://a.example/d","expires_in":60}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"https://a.example/d"}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"https://a.example/d","expires_in":60,"interval":true}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"https://accounts.example.com@10.1.2.3/device","expires_in":60}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"https://user:pass@a.example/d","expires_in":60}"#,
            #"{"device_code":"D","user_code":"A","verification_uri":"https://a.example/d","expires_in":60,"interval":-1}"#,
            #"[1]"#,
        ])
    func malformedDeviceAnswers(body: String) async throws {
        let server = try Self.server(device: .json(200, body), polls: [])
        defer { server.stop() }
        await #expect {
            try await Self.adapter(server).beginSignIn(.device)
        } throws: { error in
            guard case RemoteError.malformedResponse(let reason) = error else { return false }
            return !reason.contains("D") || reason.contains("device_code")
        }
    }

    @Test("A hostile interval and lifetime are capped; a bad complete URI is dropped, the plain one still serves")
    func boundsAndOptionalURI() async throws {
        let server = try Self.server(
            device: .json(
                200,
                #"{"device_code":"D","user_code":"ABCD","verification_uri":"https://a.example/d","verification_uri_complete":"file:///etc/passwd","expires_in":9999999,"interval":86400}"#
            ),
            polls: [Self.pending])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)
        guard case .enterCode(_, _, let complete, let expiresIn) = attempt.instructions else {
            Issue.record("not a device attempt")
            return
        }
        #expect(complete == nil)
        #expect(expiresIn == .seconds(30 * 60))
        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(60)))
    }

    @Test(
        "An interval of 0 or under a second is polled every second, never in a tight loop",
        arguments: ["0", "0.2", "1"])
    func shortIntervalsArePolledEverySecond(interval: String) async throws {
        let server = try Self.server(
            device: .json(
                200,
                #"{"device_code":"D","user_code":"ABCD","verification_uri":"https://a.example/d","expires_in":600,"interval":"#
                    + interval + "}"),
            polls: [Self.pending])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)

        #expect(try await attempt.poll() == .pending(retryAfter: .seconds(1)))
    }

    @Test("A verification_uri_complete with userinfo is dropped; the plain address still serves")
    func completeURIWithUserinfoDropped() async throws {
        let server = try Self.server(
            device: .json(
                200,
                #"{"device_code":"D","user_code":"ABCD","verification_uri":"https://a.example/d","verification_uri_complete":"https://a.example@10.1.2.3/d?c=ABCD","expires_in":600}"#
            ),
            polls: [])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)
        guard case .enterCode(_, let address, let complete, _) = attempt.instructions else {
            Issue.record("not a device attempt")
            return
        }
        #expect(complete == nil)
        #expect(address.absoluteString == "https://a.example/d")
    }

    @Test("After end() a poll sends nothing and says cancelled")
    func endStopsPolling() async throws {
        let server = try Self.server(polls: [Self.tokens])
        defer { server.stop() }
        let attempt = try await Self.adapter(server).beginSignIn(.device)
        await attempt.end()
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.poll() }
        await #expect(throws: RemoteError.signInRefused(.cancelled)) { try await attempt.awaitPerson() }
        #expect(server.requests.count == 1)
    }
}
