public import Foundation
public import Ports

/// An ID token's compact text (the three base64url parts): it names who
/// signed in, so it is redacted when printed.
public struct IDTokenText: RedactedSecret {
    private let value: String

    /// Wraps the text as the token endpoint sent it.
    public init(_ value: String) { self.value = value }

    /// The raw text, for the one place that must keep it (the session).
    public func reveal() -> String { value }
}

/// An ID token (OpenID Connect Core 1.0, section 2), decoded but not yet
/// validated: the header's `alg` and the claims Gatehouse checks. Decoding
/// refuses what is not a compact JWS (RFC 7515, section 7.1) of at most
/// `maximumLength` bytes whose header and payload are JSON objects with the
/// required claims of the right types; `IDTokenValidation` does the rest.
///
/// The signature is carried; `IDTokenSignatureCheck` verifies it.
public struct IDToken: Sendable, Hashable {
    /// The most bytes a token may have: 16 KiB, many times a real one.
    public static let maximumLength = 16 * 1024

    /// The token as it came.
    public var text: IDTokenText
    /// The header's `alg`.
    public var algorithm: String
    /// Whether the signature part is not empty.
    public var hasSignature: Bool
    /// The header's `kid`: which of the provider's keys signed it, when it says.
    public var keyID: String?
    /// What was signed: the header and payload parts as sent, joined by "."
    /// (RFC 7515, section 5.2).
    public var signingInput: [UInt8]
    /// The signature part's bytes.
    public var signature: [UInt8]
    /// `at_hash`: the access token's hash, when the token carries one.
    public var accessTokenHash: String?
    /// `iss`: who issued it.
    public var issuer: String
    /// `sub`: the person, as the issuer names them (the profile's id).
    public var subject: String
    /// `aud`: for whom it was issued (one or several client ids).
    public var audiences: [String]
    /// `azp`: the client it was issued to, when the token says.
    public var authorizedParty: String?
    /// `exp`: when it stops being acceptable.
    public var expiresAt: Date
    /// `iat`: when it was issued.
    public var issuedAt: Date
    /// `nonce`: the value the authentication request sent, when there is one.
    public var nonce: String?

    /// Decodes `text`.
    ///
    /// - Throws: the `IDTokenRejection` of the first thing wrong: its size,
    ///   its shape, its header, or a required claim missing or of a wrong type.
    public init(decoding text: String) throws(IDTokenRejection) {
        guard text.utf8.count <= Self.maximumLength else { throw .oversized }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .notCompactJWS }
        guard let headerBytes = Base64URL.decode(parts[0]), let payloadBytes = Base64URL.decode(parts[1]),
            let signatureBytes = Base64URL.decode(parts[2])
        else { throw .notBase64URL }
        guard let header = (try? JSONSerialization.jsonObject(with: Data(headerBytes))) as? [String: Any] else {
            throw .headerNotObject
        }
        guard let payload = (try? JSONSerialization.jsonObject(with: Data(payloadBytes))) as? [String: Any] else {
            throw .payloadNotObject
        }
        guard let algorithm = header["alg"] as? String, !algorithm.isEmpty else { throw .missingClaim("alg") }
        // RFC 7515, section 4.1.11: a `crit` the verifier does not
        // understand must be refused; it understands none.
        guard header["crit"] == nil else { throw .criticalExtension }
        keyID = try Claims(object: header).text("kid")
        let claims = Claims(object: payload)
        self.text = IDTokenText(text)
        self.algorithm = algorithm
        hasSignature = !parts[2].isEmpty
        signingInput = Array(parts[0].utf8) + [UInt8(ascii: ".")] + Array(parts[1].utf8)
        signature = signatureBytes
        accessTokenHash = try claims.text("at_hash")
        issuer = try claims.requiredText("iss")
        subject = try claims.requiredText("sub")
        audiences = try claims.audiences()
        authorizedParty = try claims.text("azp")
        expiresAt = try claims.requiredDate("exp")
        issuedAt = try claims.requiredDate("iat")
        nonce = try claims.text("nonce")
    }

    /// The payload's claims by type; each throws naming the claim, never its value.
    private struct Claims {
        let object: [String: Any]

        func text(_ name: String) throws(IDTokenRejection) -> String? {
            guard let value = object[name] else { return nil }
            guard let text = value as? String, !text.isEmpty else { throw .invalidClaim(name) }
            return text
        }

        func requiredText(_ name: String) throws(IDTokenRejection) -> String {
            guard let text = try text(name) else { throw .missingClaim(name) }
            return text
        }

        /// `aud`: one text, or a list of at least one (OpenID Connect Core
        /// 1.0, section 2).
        func audiences() throws(IDTokenRejection) -> [String] {
            guard let value = object["aud"] else { throw .missingClaim("aud") }
            if let single = value as? String, !single.isEmpty { return [single] }
            guard let list = value as? [String], !list.isEmpty, !list.contains(where: \.isEmpty) else {
                throw .invalidClaim("aud")
            }
            return list
        }

        /// A NumericDate (RFC 7519, section 2): seconds since 1970, a JSON
        /// number (a boolean, text or a number past year 10000 is refused).
        func requiredDate(_ name: String) throws(IDTokenRejection) -> Date {
            guard let value = object[name] else { throw .missingClaim(name) }
            guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
                number.doubleValue.isFinite, abs(number.doubleValue) < 253_402_300_800
            else { throw .invalidClaim(name) }
            return Date(timeIntervalSince1970: number.doubleValue)
        }
    }
}
