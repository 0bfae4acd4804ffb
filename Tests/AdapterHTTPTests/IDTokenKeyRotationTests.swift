import AdapterHTTP
import BoundedHTTP
import AdapterSoftwareCrypto
import Foundation
import Ports
import Synchronization
import TaskRuntime
import VirtualTime
import Testing

/// The provider's key set as the OAuth 2.0 adapter fetches it: once, kept,
/// and fetched again when a token names a key the set lacks (a key
/// rotation) — never more than once a minute, so tokens naming unknown keys
/// cannot make the app hammer the provider.
@Suite("ID token keys: fetched once, again on rotation")
struct IDTokenKeyRotationTests {
    /// The set before the rotation (the P-256 key alone) and after (the RSA key that signs the stub's token added).
    private static let before = SignedIDTokens.keySet.replacingOccurrences(
        of:
            #"{"kty": "RSA", "kid": "rsa-1", "use": "sig", "alg": "RS256", "n": "\#(SignedIDTokens.rsaModulus)", "e": "AQAB"},"#,
        with: "")

    /// Signs in once through the browser with `adapter`, the stub answering `SignedIDTokens.stubGood`.
    private static func signIn(_ adapter: OAuth2AuthRemoteAPI) async throws -> RemoteError? {
        let attempt = try await adapter.beginSignIn(.browser)
        #expect(try await OAuth2BrowserSignInTests.personAnswers(attempt, "code=c&state=st-1") == nil)
        let outcome: RemoteError?
        do throws(RemoteError) {
            _ = try await attempt.poll()
            outcome = nil
        } catch {
            outcome = error
        }
        await attempt.end()
        return outcome
    }

    @Test(
        "A key the set lacks is fetched for once, not again within a minute, and again after it: then the sign-in goes through"
    )
    func rotation() async throws {
        let rotated = Mutex(false)
        let body =
            #"{"access_token":"AT-1","token_type":"Bearer","expires_in":300,"id_token":""#
            + SignedIDTokens.stubGood + #""}"#
        let server = try StubServer { request in
            guard request.path.hasSuffix("jwks.json") else { return .json(200, body) }
            return .json(200, rotated.withLock { $0 } ? SignedIDTokens.keySet : Self.before)
        }
        defer { server.stop() }
        let clock = ManualClock(start: OAuth2BrowserSignInTests.now)
        let adapter = OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(
                clientID: "gatehouse-native", signInMethods: [.browser], issuer: "http://127.0.0.1:8099/o",
                scope: "openid read", jwksPath: OAuth2BrowserSignInTests.keySetPath),
            proofMaker: OAuth2BrowserSignInTests.FixedProofs(), clock: clock,
            signatureVerifier: SoftwareSignatureVerifier())

        #expect(try await Self.signIn(adapter) == .signInRefused(.identityNotProved), "the set lacks the token's key")
        #expect(adapter.keySetFetchCount == 1)

        rotated.withLock { $0 = true }
        clock.advance(by: .seconds(30))
        #expect(try await Self.signIn(adapter) == .signInRefused(.identityNotProved), "within a minute: not fetched")
        #expect(adapter.keySetFetchCount == 1)

        clock.advance(by: .seconds(31))
        #expect(try await Self.signIn(adapter) == nil, "a minute on: fetched again, the new key verifies")
        #expect(adapter.keySetFetchCount == 2)

        #expect(try await Self.signIn(adapter) == nil, "the key now known: not fetched")
        #expect(adapter.keySetFetchCount == 2)
    }

    @Test(
        "A key set that cannot be read fails the sign-in as the provider's failure, said so, not as the person's",
        arguments: ["<html>not a key set</html>", #"{"keys": [{"kty": "oct", "k": "c2VjcmV0"}]}"#])
    func unreadableKeySet(_ answer: String) async throws {
        let body =
            #"{"access_token":"AT-1","token_type":"Bearer","expires_in":300,"id_token":""#
            + SignedIDTokens.stubGood + #""}"#
        let server = try StubServer { request in
            request.path.hasSuffix("jwks.json") ? .json(200, answer) : .json(200, body)
        }
        defer { server.stop() }
        let adapter = try OAuth2BrowserSignInTests.adapter(
            server, methods: [.browser], issuer: "http://127.0.0.1:8099/o", scope: "openid read")
        let outcome = try await Self.signIn(adapter)
        guard case .malformedResponse(let said)? = outcome else {
            Issue.record("expected the provider's failure, got \(String(describing: outcome))")
            return
        }
        #expect(said.contains("signing keys"))
        #expect(outcome?.isInfrastructure == true)
    }
}
