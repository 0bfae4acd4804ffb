import AdapterHTTP
import Foundation
import Ports
import Testing

/// Builds ID tokens for the tests: base64url of a JSON header and payload,
/// and a dummy signature (the signature is not verified).
enum TestIDToken {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let issuer = "https://id.example.com/o"
    static let clientID = "gatehouse"
    static let nonce = "n-0S6_WzA2Mj"
    static let subject = "248289761001"

    static var claims: [String: Any] {
        [
            "iss": issuer, "sub": subject, "aud": clientID, "exp": now.timeIntervalSince1970 + 300,
            "iat": now.timeIntervalSince1970 - 10, "nonce": nonce,
        ]
    }

    static func encode(_ object: Any) -> String { encode(bytes(object)) }

    static func bytes(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
    }

    static func encode(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// A token of the default claims, with `changes` set and `removing` taken out.
    static func token(
        header: [String: Any] = ["alg": "RS256", "typ": "JWT", "kid": "k1"], changes: [String: Any] = [:],
        removing: [String] = [], signature: String = "ZHVtbXktc2lnbmF0dXJl"
    ) -> String {
        var payload = claims
        for (name, value) in changes { payload[name] = value }
        for name in removing { payload[name] = nil }
        return encode(header) + "." + encode(payload) + "." + signature
    }

    static func validation(nonce: String? = TestIDToken.nonce, skew: Duration = .seconds(60)) -> IDTokenValidation {
        IDTokenValidation(issuer: issuer, clientID: clientID, nonce: nonce, allowedClockSkew: skew)
    }
}

/// One ID token the checks must refuse, and the case they must refuse it with.
struct RefusedIDToken: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let token: String
    let rejection: IDTokenRejection
    var sentNonce: String? = TestIDToken.nonce

    static let all: [RefusedIDToken] = {
        let now = TestIDToken.now.timeIntervalSince1970
        let header = TestIDToken.encode(["alg": "RS256"])
        let payload = TestIDToken.encode(TestIDToken.claims)
        return [
            RefusedIDToken(
                testDescription: "a wrong aud", token: TestIDToken.token(changes: ["aud": "someone-else"]),
                rejection: .wrongAudience),
            RefusedIDToken(
                testDescription: "an aud list without the client",
                token: TestIDToken.token(changes: ["aud": ["a", "b"], "azp": "a"]), rejection: .wrongAudience),
            RefusedIDToken(
                testDescription: "a wrong iss",
                token: TestIDToken.token(changes: ["iss": "https://evil.example.com/o"]),
                rejection: .wrongIssuer),
            RefusedIDToken(
                testDescription: "an iss differing by a trailing slash",
                token: TestIDToken.token(changes: ["iss": TestIDToken.issuer + "/"]), rejection: .wrongIssuer),
            RefusedIDToken(
                testDescription: "a wrong nonce", token: TestIDToken.token(changes: ["nonce": "n-replayed"]),
                rejection: .wrongNonce),
            RefusedIDToken(
                testDescription: "a missing nonce", token: TestIDToken.token(removing: ["nonce"]),
                rejection: .missingNonce),
            RefusedIDToken(
                testDescription: "a nonce when the attempt sent none", token: TestIDToken.token(),
                rejection: .wrongNonce, sentNonce: nil),
            RefusedIDToken(
                testDescription: "an exp past beyond the skew", token: TestIDToken.token(changes: ["exp": now - 61]),
                rejection: .expired),
            RefusedIDToken(
                testDescription: "an iat ahead beyond the skew",
                token: TestIDToken.token(changes: ["iat": now + 61, "exp": now + 600]), rejection: .issuedInFuture),
            RefusedIDToken(
                testDescription: "alg none with an empty signature",
                token: TestIDToken.token(header: ["alg": "none"], signature: ""), rejection: .unsigned),
            RefusedIDToken(
                testDescription: "alg None with a signature", token: TestIDToken.token(header: ["alg": "None"]),
                rejection: .unsigned),
            RefusedIDToken(
                testDescription: "alg RS256 with an empty signature", token: TestIDToken.token(signature: ""),
                rejection: .unsigned),
            RefusedIDToken(
                testDescription: "an azp that is not the client",
                token: TestIDToken.token(changes: ["aud": [TestIDToken.clientID, "other"], "azp": "other"]),
                rejection: .wrongAuthorizedParty),
            RefusedIDToken(
                testDescription: "an azp that is not the client, with one aud",
                token: TestIDToken.token(changes: ["azp": "other"]), rejection: .wrongAuthorizedParty),
            RefusedIDToken(
                testDescription: "several audiences without azp",
                token: TestIDToken.token(changes: ["aud": [TestIDToken.clientID, "other"]]),
                rejection: .missingAuthorizedParty),
            RefusedIDToken(testDescription: "two parts", token: header + "." + payload, rejection: .notCompactJWS),
            RefusedIDToken(
                testDescription: "five parts (an encrypted token)",
                token: [header, payload, "a", "b", "c"].joined(separator: "."),
                rejection: .notCompactJWS),
            RefusedIDToken(
                testDescription: "bad base64url (padding)", token: header + "." + payload + "==.c2ln",
                rejection: .notBase64URL),
            RefusedIDToken(
                testDescription: "bad base64url (the + of base64)", token: header + ".a+b." + "c2ln",
                rejection: .notBase64URL),
            RefusedIDToken(
                testDescription: "bad base64url (a length no base64 has)", token: header + ".abcde.c2ln",
                rejection: .notBase64URL),
            RefusedIDToken(
                testDescription: "a signature written a second way (bits past its last byte set)",
                token: TestIDToken.token(signature: "c2l"), rejection: .notBase64URL),
            RefusedIDToken(
                testDescription: "crit naming an extension nobody knows",
                token: TestIDToken.token(header: ["alg": "RS256", "kid": "k1", "crit": ["urn:x:unknown"]]),
                rejection: .criticalExtension),
            RefusedIDToken(
                testDescription: "an empty crit",
                token: TestIDToken.token(header: ["alg": "RS256", "kid": "k1", "crit": [String]()]),
                rejection: .criticalExtension),
            RefusedIDToken(
                testDescription: "crit naming a registered claim",
                token: TestIDToken.token(header: ["alg": "RS256", "kid": "k1", "crit": ["exp"]]),
                rejection: .criticalExtension),
            RefusedIDToken(
                testDescription: "crit b64 with b64 false (an unencoded payload)",
                token: TestIDToken.token(header: ["alg": "RS256", "kid": "k1", "crit": ["b64"], "b64": false]),
                rejection: .criticalExtension),
            RefusedIDToken(
                testDescription: "a payload that is a JSON list",
                token: header + "." + TestIDToken.encode([TestIDToken.claims]) + ".c2ln", rejection: .payloadNotObject),
            RefusedIDToken(
                testDescription: "a payload that is not JSON",
                token: header + "." + TestIDToken.encode(Data("not json".utf8)) + ".c2ln", rejection: .payloadNotObject),
            RefusedIDToken(
                testDescription: "a header that is not an object",
                token: TestIDToken.encode("RS256") + "." + payload + ".c2ln", rejection: .headerNotObject),
            RefusedIDToken(
                testDescription: "a header without alg", token: TestIDToken.token(header: ["typ": "JWT"]),
                rejection: .missingClaim("alg")),
            RefusedIDToken(
                testDescription: "an oversized token",
                token: TestIDToken.token(changes: ["padding": String(repeating: "x", count: 16 * 1024)]),
                rejection: .oversized),
            RefusedIDToken(
                testDescription: "no sub", token: TestIDToken.token(removing: ["sub"]), rejection: .missingClaim("sub")),
            RefusedIDToken(
                testDescription: "no exp", token: TestIDToken.token(removing: ["exp"]), rejection: .missingClaim("exp")),
            RefusedIDToken(
                testDescription: "no iat", token: TestIDToken.token(removing: ["iat"]), rejection: .missingClaim("iat")),
            RefusedIDToken(
                testDescription: "no aud", token: TestIDToken.token(removing: ["aud"]), rejection: .missingClaim("aud")),
            RefusedIDToken(
                testDescription: "an exp that is text", token: TestIDToken.token(changes: ["exp": "1800000300"]),
                rejection: .invalidClaim("exp")),
            RefusedIDToken(
                testDescription: "an exp that is a boolean", token: TestIDToken.token(changes: ["exp": true]),
                rejection: .invalidClaim("exp")),
            RefusedIDToken(
                testDescription: "an empty aud list", token: TestIDToken.token(changes: ["aud": [String]()]),
                rejection: .invalidClaim("aud")),
            RefusedIDToken(
                testDescription: "an aud list holding a number",
                token: TestIDToken.token(changes: ["aud": [TestIDToken.clientID, 7]]),
                rejection: .invalidClaim("aud")),
            RefusedIDToken(
                testDescription: "a nonce that is a number", token: TestIDToken.token(changes: ["nonce": 12]),
                rejection: .invalidClaim("nonce")),
        ]
    }()
}

@Suite("ID token validation (OpenID Connect Core 1.0, section 3.1.3.7)")
struct IDTokenValidationTests {
    @Test("A good token with one aud as text is accepted, its claims read")
    func acceptsTextAudience() throws {
        let token = try TestIDToken.validation().validate(TestIDToken.token(), now: TestIDToken.now)

        #expect(token.issuer == TestIDToken.issuer)
        #expect(token.subject == TestIDToken.subject)
        #expect(token.audiences == [TestIDToken.clientID])
        #expect(token.authorizedParty == nil)
        #expect(token.nonce == TestIDToken.nonce)
        #expect(token.algorithm == "RS256")
        #expect(token.expiresAt == TestIDToken.now.addingTimeInterval(300))
        #expect(token.issuedAt == TestIDToken.now.addingTimeInterval(-10))
    }

    @Test("A good token with an aud list and the client as azp is accepted")
    func acceptsListAudienceWithAuthorizedParty() throws {
        let text = TestIDToken.token(changes: ["aud": ["other", TestIDToken.clientID], "azp": TestIDToken.clientID])

        let token = try TestIDToken.validation().validate(text, now: TestIDToken.now)

        #expect(token.audiences == ["other", TestIDToken.clientID])
        #expect(token.authorizedParty == TestIDToken.clientID)
    }

    @Test("A list of one aud needs no azp")
    func acceptsSingleEntryList() throws {
        let text = TestIDToken.token(changes: ["aud": [TestIDToken.clientID]])

        #expect(try TestIDToken.validation().validate(text, now: TestIDToken.now).audiences == [TestIDToken.clientID])
    }

    @Test("A token without a nonce is accepted when the attempt sent none (the device flow)")
    func acceptsNoNonceWhenNoneSent() throws {
        let text = TestIDToken.token(removing: ["nonce"])

        #expect(try TestIDToken.validation(nonce: nil).validate(text, now: TestIDToken.now).nonce == nil)
    }

    @Test("exp and iat within the allowed clock skew are accepted; with no skew the same token is refused")
    func clockSkewIsAParameter() throws {
        let now = TestIDToken.now.timeIntervalSince1970
        let lateText = TestIDToken.token(changes: ["exp": now - 59])
        let earlyText = TestIDToken.token(changes: ["iat": now + 59, "exp": now + 600])

        _ = try TestIDToken.validation().validate(lateText, now: TestIDToken.now)
        _ = try TestIDToken.validation().validate(earlyText, now: TestIDToken.now)
        #expect(throws: IDTokenRejection.expired) {
            try TestIDToken.validation(skew: .zero).validate(lateText, now: TestIDToken.now)
        }
        #expect(throws: IDTokenRejection.issuedInFuture) {
            try TestIDToken.validation(skew: .zero).validate(earlyText, now: TestIDToken.now)
        }
    }

    @Test("An exp exactly at now is past: the current time must be before it")
    func expiryAtNowIsPast() {
        let text = TestIDToken.token(changes: ["exp": TestIDToken.now.timeIntervalSince1970])

        #expect(throws: IDTokenRejection.expired) {
            try TestIDToken.validation(skew: .zero).validate(text, now: TestIDToken.now)
        }
    }

    @Test("Each bad token is refused with its own case", arguments: RefusedIDToken.all)
    func refuses(_ refused: RefusedIDToken) {
        #expect(throws: refused.rejection) {
            try TestIDToken.validation(nonce: refused.sentNonce).validate(refused.token, now: TestIDToken.now)
        }
    }

    @Test("Every refusal is the port's identityNotProved")
    func everyRefusalIsIdentityNotProved() {
        for refused in RefusedIDToken.all {
            #expect(refused.rejection.remoteError == .signInRefused(.identityNotProved))
        }
    }

    @Test("A refusal's text names the claim, never the token or a value from it")
    func descriptionsCarryNoValue() throws {
        let values = ["https://evil.example.com", "someone-else", "n-replayed", TestIDToken.nonce, TestIDToken.subject]
        for refused in RefusedIDToken.all {
            let text = "\(refused.rejection) \(refused.rejection.remoteError)"
            #expect(!text.contains(refused.token))
            for value in values { #expect(!text.contains(value), "\(refused.testDescription)") }
        }
        #expect(IDTokenRejection.wrongNonce.description.contains("'nonce'"))
        #expect(IDTokenRejection.missingClaim("sub").description.contains("'sub'"))
    }

    @Test("The decoded token keeps its text only redacted")
    func textIsRedacted() throws {
        let text = TestIDToken.token()
        let token = try IDToken(decoding: text)

        #expect(token.text.reveal() == text)
        #expect("\(token.text)" == "IDTokenText(redacted)")
        var dumped = ""
        dump(token, to: &dumped)
        #expect(!dumped.contains(text))
    }
}
