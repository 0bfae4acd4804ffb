import AdapterHTTP
import AdapterSoftwareCrypto
import Foundation
import Ports
import Testing

/// An ID token's signature checked against the provider's key set, on
/// tokens Python's `cryptography` signed (`SignedIDTokens`): each way of
/// forging one is refused with its own `IDTokenRejection`.
@Suite("ID token signatures")
struct IDTokenSignatureCheckTests {
    private static func keys() throws -> JSONWebKeySet {
        try JSONWebKeySet(reading: Data(SignedIDTokens.keySet.utf8))
    }

    private static func outcome(
        _ text: String, advertised: [String]? = ["RS256", "ES256"], accessToken: String? = SignedIDTokens.accessToken
    ) throws -> IDTokenRejection? {
        let token = try IDToken(decoding: text)
        let check = IDTokenSignatureCheck(advertised: advertised, verifier: SoftwareSignatureVerifier())
        let keys = try keys()
        do throws(IDTokenRejection) {
            try check.verify(token, with: keys, accessToken: accessToken.map(AccessToken.init))
            return nil
        } catch {
            return error
        }
    }

    @Test("The key set keeps the RSA and the P-256 signing keys, each with its kid")
    func keySetIsRead() throws {
        let keys = try Self.keys()
        #expect(keys.keys.map(\.keyID) == ["rsa-1", "ec-1"])
        #expect(keys.keys.map(\.key.algorithm) == [.rs256, .es256])
    }

    @Test("A token signed by the provider's RSA or P-256 key, its at_hash the access token's, is accepted")
    func validTokensPass() throws {
        #expect(try Self.outcome(SignedIDTokens.rs256) == nil)
        #expect(try Self.outcome(SignedIDTokens.es256) == nil)
        #expect(try Self.outcome(SignedIDTokens.rs256NoKid) == nil, "no kid: every key of its algorithm is tried")
        #expect(try Self.outcome(SignedIDTokens.rs256, accessToken: nil) == nil, "no access token to hash")
    }

    @Test(
        "Each forgery is refused with its own rejection",
        arguments: [
            (SignedIDTokens.noneWithSpace, IDTokenRejection.algorithmNotAllowed),
            (SignedIDTokens.noneUpper, .algorithmNotAllowed),
            (SignedIDTokens.hs256PublicKeyAsSecret, .algorithmNotAllowed),
            (SignedIDTokens.rs256Lower, .algorithmNotAllowed),
            (SignedIDTokens.rs256Space, .algorithmNotAllowed),
            (SignedIDTokens.rs256UnknownKid, .unknownKey),
            (SignedIDTokens.rs256OtherKey, .badSignature),
            (SignedIDTokens.rs256WrongAtHash, .wrongAccessTokenHash),
        ])
    func forgeriesAreRefused(_ text: String, _ rejection: IDTokenRejection) throws {
        #expect(try Self.outcome(text) == rejection)
    }

    @Test("A garbage signature, or one byte of the signed part changed, is a bad signature")
    func garbageIsRefused() throws {
        let parts = SignedIDTokens.rs256.split(separator: ".").map(String.init)
        let garbage = parts[0] + "." + parts[1] + "." + String(repeating: "A", count: parts[2].count)
        #expect(try Self.outcome(garbage) == .badSignature)
        // The same claims but another person: what a forger would change.
        let forged = try #require(SignedIDTokens.forged(SignedIDTokens.rs256, replacing: "maria", with: "joana"))
        #expect(try Self.outcome(forged) == .badSignature)
    }

    @Test("Only what discovery advertises is allowed, RS256 when it says nothing, never what Gatehouse cannot verify")
    func allowListIsDiscoverys() throws {
        #expect(try Self.outcome(SignedIDTokens.es256, advertised: ["RS256"]) == .algorithmNotAllowed)
        #expect(try Self.outcome(SignedIDTokens.es256, advertised: nil) == .algorithmNotAllowed)
        #expect(try Self.outcome(SignedIDTokens.rs256, advertised: nil) == nil)
        #expect(
            try Self.outcome(SignedIDTokens.hs256PublicKeyAsSecret, advertised: ["HS256", "RS256"])
                == .algorithmNotAllowed)
        #expect(
            IDTokenSignatureCheck(
                advertised: ["none", "HS256", "PS256", "RS256 "], verifier: SoftwareSignatureVerifier()
            )
            .allowedAlgorithms.isEmpty)
    }
}
