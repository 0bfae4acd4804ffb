public import Ports

/// Why an ID token was refused: one case per check of OpenID Connect Core
/// 1.0, section 3.1.3.7, and per way its text can be malformed. Each names
/// the claim or the part at fault, never a value the token holds.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum IDTokenRejection: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is longer than `IDToken.maximumLength`.
    case oversized
    /// The text is not three parts separated by "." (an encrypted token's
    /// five parts included: Gatehouse asks for none).
    case notCompactJWS
    /// A part is not base64url, or not written the one way its bytes are
    /// (bits past the last byte set).
    case notBase64URL
    /// The header has `crit`: extensions the token says must be understood
    /// to read it. Gatehouse understands none, so any `crit` — an empty list
    /// or one naming a registered header too — is refused (RFC 7515,
    /// section 4.1.11).
    case criticalExtension
    /// The header is not a JSON object.
    case headerNotObject
    /// The payload is not a JSON object.
    case payloadNotObject
    /// A required claim (or the header's `alg`) is absent.
    case missingClaim(String)
    /// A claim is present with the wrong type, or empty.
    case invalidClaim(String)
    /// The header's `alg` is `none`, or the signature part is empty: an
    /// unsigned token (OpenID Connect Core 1.0, section 2, allows one only
    /// for a client registered to ask for it; Gatehouse never does).
    case unsigned
    /// `iss` is not the issuer the app signs in with.
    case wrongIssuer
    /// `aud` does not list the app's client id.
    case wrongAudience
    /// `azp` is present and is not the app's client id.
    case wrongAuthorizedParty
    /// `aud` lists several audiences and there is no `azp` to say which one
    /// the token was issued to.
    case missingAuthorizedParty
    /// `exp` is past (beyond the allowed clock skew).
    case expired
    /// `iat` is in the future beyond the allowed clock skew.
    case issuedInFuture
    /// The header's `alg` is not one this provider signs ID tokens with and
    /// Gatehouse verifies (RS256, ES256; compared exactly): `none`, any
    /// HMAC algorithm (a public client has no secret to check it with, and
    /// a key it does have is public), and any spelling of them.
    case algorithmNotAllowed
    /// No key of the provider's key set has the token's `kid` and
    /// algorithm, even after the set was fetched again.
    case unknownKey
    /// The signature is not the provider's: no key it may be by verifies it.
    case badSignature
    /// The provider's key set was answered but could not be read (not a
    /// 2xx, or no key set the adapter accepts).
    case keySetUnavailable
    /// The provider's key set could not be fetched: no answer came (the
    /// transport's or the deadline's error, said as it is).
    case keySetNotFetched(RemoteError)
    /// `at_hash` is not the hash of the access token issued with it.
    case wrongAccessTokenHash
    /// The attempt sent a `nonce` and the token carries none.
    case missingNonce
    /// The token's `nonce` is not the attempt's (or the attempt sent none).
    case wrongNonce

    /// What was wrong, naming the claim.
    public var description: String {
        switch self {
        case .oversized: "the ID token is longer than \(IDToken.maximumLength) bytes"
        case .notCompactJWS: "the ID token is not three dot-separated parts"
        case .notBase64URL: "a part of the ID token is not base64url"
        case .criticalExtension: "the ID token's header names extensions that must be understood ('crit'); none is"
        case .headerNotObject: "the ID token's header is not a JSON object"
        case .payloadNotObject: "the ID token's payload is not a JSON object"
        case .missingClaim(let name): "the ID token has no '\(name)'"
        case .invalidClaim(let name): "the ID token's '\(name)' has the wrong type"
        case .unsigned: "the ID token is unsigned ('alg' is 'none', or no signature)"
        case .wrongIssuer: "the ID token's 'iss' is not the issuer signed in with"
        case .wrongAudience: "the ID token's 'aud' does not list this app's client id"
        case .wrongAuthorizedParty: "the ID token's 'azp' is not this app's client id"
        case .missingAuthorizedParty: "the ID token has several audiences and no 'azp'"
        case .expired: "the ID token's 'exp' is past"
        case .issuedInFuture: "the ID token's 'iat' is in the future"
        case .algorithmNotAllowed: "the ID token's 'alg' is not an algorithm this provider is trusted to sign with"
        case .unknownKey: "the ID token's key is not in the provider's key set"
        case .badSignature: "the ID token's signature is not the provider's"
        case .keySetUnavailable: "the provider's signing keys could not be read"
        case .keySetNotFetched(let error): "the provider's signing keys could not be fetched: \(error)"
        case .wrongAccessTokenHash: "the ID token's 'at_hash' is not the access token's"
        case .missingNonce: "the ID token has no 'nonce', though the sign-in sent one"
        case .wrongNonce: "the ID token's 'nonce' is not the one this sign-in sent"
        }
    }

    /// Every rejection of the token itself is the same to the person: the
    /// sign-in did not prove who signed in (the case is for logs and
    /// tests). A key set that cannot be read is the provider's failure, and
    /// said as one; one that could not be fetched is the network's (or the
    /// deadline's), as the fetch failed.
    public var remoteError: RemoteError {
        switch self {
        case .keySetUnavailable: .malformedResponse(description)
        case .keySetNotFetched(let error): error
        default: .signInRefused(.identityNotProved)
        }
    }
}
