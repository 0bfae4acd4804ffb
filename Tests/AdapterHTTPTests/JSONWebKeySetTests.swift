import AdapterHTTP
import Foundation
import Ports
import Testing

/// A provider's key set is hostile until read: only public signing keys
/// Gatehouse verifies with are kept, and a set that keeps none is refused.
@Suite("JSON Web Key Set")
struct JSONWebKeySetTests {
    private static let rsa = #""kty": "RSA", "n": "\#(SignedIDTokens.rsaModulus)", "e": "AQAB""#
    private static let ec =
        #""kty": "EC", "crv": "P-256", "x": "\#(SignedIDTokens.ecX)", "y": "\#(SignedIDTokens.ecY)""#

    private static func read(_ entries: [String]) throws(JSONWebKeySetError) -> JSONWebKeySet {
        try JSONWebKeySet(reading: Data(#"{"keys": [\#(entries.map { "{\($0)}" }.joined(separator: ","))]}"#.utf8))
    }

    private static func keptIDs(_ entries: [String]) -> [String?]? {
        (try? read(entries))?.keys.map(\.keyID)
    }

    @Test("A public signing key of each kind is kept, with its kid; use sig, key_ops verify and its own alg allowed")
    func signingKeysAreKept() {
        #expect(
            Self.keptIDs([
                Self.rsa + #", "kid": "a""#, Self.ec + #", "kid": "b", "use": "sig", "alg": "ES256""#,
                Self.rsa + #", "kid": "c", "key_ops": ["verify"], "alg": "RS256""#, Self.ec,
            ]) == ["a", "b", "c", nil])
    }

    @Test(
        "A key is passed over when it is not a public signing key Gatehouse verifies with",
        arguments: [
            ("a private member", #", "kid": "x", "d": "AQAB""#),
            ("use enc", #", "kid": "x", "use": "enc""#),
            ("key_ops without verify", #", "kid": "x", "key_ops": ["encrypt"]"#),
            ("another algorithm", #", "kid": "x", "alg": "PS256""#),
            ("a kid that is no text", #", "kid": 7"#),
        ])
    func unusableKeysArePassedOver(_ reason: String, _ extra: String) {
        #expect(Self.keptIDs([Self.rsa + extra, Self.ec + #", "kid": "kept""#]) == ["kept"], "\(reason)")
        #expect(Self.keptIDs([Self.ec + extra, Self.rsa + #", "kid": "kept""#]) == ["kept"], "\(reason)")
    }

    @Test("Keys of other kinds and sizes are passed over: a small RSA modulus, another curve, a symmetric key")
    func otherKindsArePassedOver() {
        let small = #""kty": "RSA", "n": "\#(String(SignedIDTokens.rsaModulus.prefix(171)))", "e": "AQAB""#
        let curve = Self.ec.replacingOccurrences(of: "P-256", with: "P-384")
        let symmetric = #""kty": "oct", "k": "c2VjcmV0""#
        #expect(Self.keptIDs([small, curve, symmetric, Self.ec + #", "kid": "kept""#]) == ["kept"])
    }

    @Test("A body that is no key set, one with too many entries, and one that keeps no key are refused")
    func setsAreRefused() {
        #expect(throws: JSONWebKeySetError.notAKeySet) { try JSONWebKeySet(reading: Data("[]".utf8)) }
        #expect(throws: JSONWebKeySetError.notAKeySet) { try JSONWebKeySet(reading: Data(#"{"keys": {}}"#.utf8)) }
        #expect(throws: JSONWebKeySetError.noUsableKey) { try Self.read([#""kty": "oct", "k": "c2VjcmV0""#]) }
        #expect(throws: JSONWebKeySetError.tooManyKeys) {
            try Self.read(Array(repeating: Self.ec, count: JSONWebKeySet.maximumEntries + 1))
        }
    }
}
