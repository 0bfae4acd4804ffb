/// A PKCE code verifier (RFC 7636 §4.1): the secret half of the proof that
/// the client that asked for an authorization code is the one redeeming it.
/// Kept in memory for one sign-in attempt, sent once to the token endpoint;
/// redacted when printed.
public struct PKCEVerifier: RedactedSecret {
    private let value: String

    /// Wraps a verifier: 43 to 128 characters of `A-Z a-z 0-9 - . _ ~`.
    public init(_ value: String) { self.value = value }

    /// The raw verifier, for the token request alone.
    public func reveal() -> String { value }
}

/// The one-time values of one authorization request: the PKCE verifier and
/// its `S256` challenge, the `state` that binds the answer to this request
/// (RFC 6749 §10.12), and the OpenID Connect `nonce` that binds the ID token
/// to it (OpenID Connect Core 1.0, section 3.1.2.1).
public struct AuthorizationProofs: Sendable {
    /// Sent only to the token endpoint, with the code.
    public let verifier: PKCEVerifier
    /// `BASE64URL(SHA256(verifier))`, sent in the authorization request.
    public let challenge: String
    /// Sent in the authorization request; the redirect must carry it back.
    public let state: String
    /// Sent in the authorization request; the ID token must carry it back.
    public let nonce: String

    /// The values of one request.
    public init(verifier: PKCEVerifier, challenge: String, state: String, nonce: String) {
        self.verifier = verifier
        self.challenge = challenge
        self.state = state
        self.nonce = nonce
    }
}

/// Makes the one-time values of an OAuth 2.0 authorization request. Behind
/// a port because it needs a secure random source and SHA-256, which live
/// in a crypto adapter (a platform's own library can replace it).
///
/// Contract, for every adapter:
/// - `makeProofs` draws the verifier, `state` and `nonce` each from 32 bytes
///   of the system's cryptographically secure source (RFC 7636 §7.1: 256
///   bits), written base64url without padding (43 characters, the verifier's
///   alphabet of RFC 7636 §4.1); no two calls give a value in common.
/// - `challenge(for:)` is the `S256` method of RFC 7636 §4.2,
///   `BASE64URL-ENCODE(SHA256(ASCII(verifier)))`, a pure function (its
///   Appendix B example holds); `makeProofs`' challenge is that of its verifier.
/// - Nothing here logs, prints or keeps what it makes.
public protocol AuthorizationProofMaker: Sendable {
    /// New values for one authorization request.
    ///
    /// - Throws: `SecretHasherError.randomnessUnavailable` when the secure
    ///   source cannot be read; it never falls back to a weaker one.
    func makeProofs() throws(SecretHasherError) -> AuthorizationProofs

    /// The `S256` code challenge of `verifier`.
    func challenge(for verifier: PKCEVerifier) -> String
}
