import Foundation
import Ports
import Testing

@testable import AdapterHTTP
@testable import BoundedHTTP
@testable import DomainCore

/// A server that misbehaves is reported as the server failing, never as the
/// person's connection: a redirect loop is a malformed answer, which every
/// screen shows as "the server failed", not "check your internet connection".
@Suite("HTTP server faults")
struct ServerFaultTests {
    @Test("A server that redirects to itself is a malformed answer: the server failed, not the connection")
    func redirectLoopIsTheServersFailure() async throws {
        let server = try StubServer { request in
            StubServer.Answer(status: 307, headers: ["Location": request.path])
        }
        defer { server.stop() }
        let api = URLSessionUserRemoteAPI(configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil))

        let error = try await #require(throws: RemoteError.self) {
            try await api.relatedUsers(token: AccessToken("t"))
        }

        #expect(error == .malformedResponse("the server redirects in a loop"))
        #expect(server.requests.count > 1, "the redirect was followed, and again")
        #expect(SignedInFailure(.remote(error)) == .server)
        #expect(LoginFailure(error) == .server)
        #expect(RegistrationFailure(error) == .server)
    }

    @Test("A 401 asking for Basic credentials is the 401 it is, at once, not a wait until the deadline")
    func basicChallengeIsAnsweredAtOnce() async throws {
        let server = try StubServer { _ in
            StubServer.Answer(
                status: 401,
                headers: ["WWW-Authenticate": #"Basic realm="token""#, "Content-Type": "application/json"],
                body: Data(#"{"error":"invalid_client"}"#.utf8))
        }
        defer { server.stop() }
        let auth = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(
                baseURL: server.baseURL, apiKey: nil, timeout: CancellationAndTrackingTests.longTimeout),
            client: OAuth2Configuration(
                clientID: "app", clientSecret: OAuth2ClientSecret("wrong"), signInMethods: [.password]))

        let error = try await #require(throws: RemoteError.self) {
            try await auth.signIn(Credentials(identifier: .email("a@example.com"), password: Password("p")))
        }

        #expect(error == .misconfigured(.clientRefused("invalid_client")))
    }
}
