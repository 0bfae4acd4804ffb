import AdapterHTTP
import BoundedHTTP
import AdapterSoftwareCrypto
import Foundation
import Ports
import Testing

/// `OAuth2AuthRemoteAPI.proveKeptSignIn`: the ID token a stored session
/// kept, verified again when the launch reads it back — its signature with
/// the provider's key set, its issuer and audience; not its lifetime, which
/// a kept session outlives. Tokens signed by Python's `cryptography`
/// (`SignedIDTokens`).
@Suite("OAuth 2.0: a kept ID token proved again")
struct OAuth2KeptSignInProofTests {
    /// Long after every test token's `exp` (2100): a kept token outlives it.
    static let later = Date(timeIntervalSince1970: 4_200_000_000)

    static func adapter(
        _ server: StubServer, issuer: String = "https://id.example", clientID: String = "gatehouse-native",
        jwksPath: String? = OAuth2BrowserSignInTests.keySetPath, verifies: Bool = true
    ) throws -> OAuth2AuthRemoteAPI {
        OAuth2AuthRemoteAPI(
            configuration: try HTTPConfiguration(baseURL: server.baseURL, apiKey: nil, tokenHeaderStyle: .bearer),
            client: OAuth2Configuration(
                clientID: clientID, signInMethods: [.device], issuer: issuer, scope: "openid read",
                jwksPath: jwksPath, idTokenSigningAlgorithms: ["RS256", "ES256"]),
            clock: OAuth2BrowserSignInTests.StoppedClock(instant: later),
            signatureVerifier: verifies ? SoftwareSignatureVerifier() : nil)
    }

    static func keySetServer() throws -> StubServer {
        try StubServer { _ in .json(200, SignedIDTokens.keySet) }
    }

    static func kept(_ idToken: String?) -> SessionToken {
        SessionToken(
            token: AccessToken("AT-kept"), issuedAt: Date(timeIntervalSince1970: 0),
            expiresAt: Date(timeIntervalSince1970: 300), refreshToken: RefreshToken("RT-kept"),
            idToken: idToken.map(IDTokenHint.init))
    }

    /// `SignedIDTokens.rs256` with another person in its payload, the signature left as it was.
    static let rs256ForSomeoneElse =
        SignedIDTokens.forged(SignedIDTokens.rs256, replacing: "maria", with: "joana") ?? "not forged"

    @Test("A session without an ID token has nothing to prove, and nothing is sent")
    func nothingToProve() async throws {
        let server = try Self.keySetServer()
        defer { server.stop() }
        #expect(try await Self.adapter(server).proveKeptSignIn(Self.kept(nil)) == .nothingToProve)
        #expect(server.requests.isEmpty)
    }

    @Test(
        "A token the provider signed, RS256 or ES256, is proved with its subject, long after its exp; the key set is fetched once",
        arguments: [SignedIDTokens.rs256, SignedIDTokens.es256])
    func signedTokenIsProved(_ idToken: String) async throws {
        let server = try Self.keySetServer()
        defer { server.stop() }
        let adapter = try Self.adapter(server)
        #expect(try await adapter.proveKeptSignIn(Self.kept(idToken)) == .proved(subject: "maria"))
        #expect(try await adapter.proveKeptSignIn(Self.kept(idToken)) == .proved(subject: "maria"))
        #expect(adapter.keySetFetchCount == 1)
    }

    @Test(
        "A token the provider did not sign is not the provider's: another person in it, another key, an unknown key, unsigned, alg confusion, garbage",
        arguments: [
            rs256ForSomeoneElse, SignedIDTokens.rs256OtherKey, SignedIDTokens.rs256UnknownKid,
            SignedIDTokens.noneWithSpace, SignedIDTokens.hs256PublicKeyAsSecret, "not-a-token",
        ])
    func forgedTokenIsNotTheProviders(_ idToken: String) async throws {
        let server = try Self.keySetServer()
        defer { server.stop() }
        #expect(try await Self.adapter(server).proveKeptSignIn(Self.kept(idToken)) == .notTheProviders)
    }

    @Test("A token signed by the provider for another issuer or another app is not this sign-in's")
    func anotherIssuerOrAppIsNotTheProviders() async throws {
        let server = try Self.keySetServer()
        defer { server.stop() }
        let otherIssuer = try Self.adapter(server, issuer: "https://other.example")
        #expect(try await otherIssuer.proveKeptSignIn(Self.kept(SignedIDTokens.rs256)) == .notTheProviders)
        let otherApp = try Self.adapter(server, clientID: "another-app")
        #expect(try await otherApp.proveKeptSignIn(Self.kept(SignedIDTokens.rs256)) == .notTheProviders)
    }

    @Test("A configuration that cannot check an ID token (no key set, no verifier) proves none, sending nothing")
    func uncheckableIsNotTheProviders() async throws {
        let server = try Self.keySetServer()
        defer { server.stop() }
        let noKeySet = try Self.adapter(server, jwksPath: nil)
        #expect(try await noKeySet.proveKeptSignIn(Self.kept(SignedIDTokens.rs256)) == .notTheProviders)
        let noVerifier = try Self.adapter(server, verifies: false)
        #expect(try await noVerifier.proveKeptSignIn(Self.kept(SignedIDTokens.rs256)) == .notTheProviders)
        #expect(server.requests.isEmpty)
    }

    @Test("A key set answered but unreadable is the provider's failure; one never answered is the network's")
    func keySetFailuresThrow() async throws {
        let failing = try StubServer { _ in .json(500, "{}") }
        defer { failing.stop() }
        await #expect(throws: RemoteError.malformedResponse("the provider's signing keys could not be read")) {
            try await Self.adapter(failing).proveKeptSignIn(Self.kept(SignedIDTokens.rs256))
        }
        let gone = try Self.keySetServer()
        gone.stop()
        await #expect {
            try await Self.adapter(gone).proveKeptSignIn(Self.kept(SignedIDTokens.rs256))
        } throws: { error in
            guard case .transport = error as? RemoteError else { return false }
            return true
        }
    }
}
