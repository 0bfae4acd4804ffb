import Foundation
public import Ports

/// The checks of an ID token's signature (OpenID Connect Core 1.0, section
/// 3.1.3.7, items 6 to 8, and section 3.1.3.8 for `at_hash`): its `alg` is
/// one the provider signs ID tokens with and Gatehouse verifies, compared
/// exactly; a key of the provider's set with the token's `kid` and that
/// algorithm verifies the signature; and `at_hash`, when present, is the
/// access token's.
public struct IDTokenSignatureCheck: Sendable {
    /// The algorithms a token may name: what discovery's
    /// `id_token_signing_alg_values_supported` lists (RS256 when it says
    /// nothing: OpenID Connect Discovery 1.0, section 3, makes it the
    /// default every provider supports), of those Gatehouse verifies.
    public let allowedAlgorithms: Set<SignatureAlgorithm>
    private let verifier: any SignatureVerifier

    /// The check for a provider whose discovery lists `advertised`.
    public init(advertised: [String]?, verifier: any SignatureVerifier) {
        let named = Set(
            (advertised ?? [SignatureAlgorithm.rs256.rawValue]).compactMap(SignatureAlgorithm.init(rawValue:)))
        allowedAlgorithms = named
        self.verifier = verifier
    }

    /// The token's algorithm, when it is allowed.
    ///
    /// - Throws: `.algorithmNotAllowed` for any other `alg` — `none` in any
    ///   spelling, an HMAC algorithm, a name with a space or another case.
    public func algorithm(of token: IDToken) throws(IDTokenRejection) -> SignatureAlgorithm {
        guard let algorithm = SignatureAlgorithm(rawValue: token.algorithm), allowedAlgorithms.contains(algorithm)
        else { throw .algorithmNotAllowed }
        return algorithm
    }

    /// Whether the token names a key `keys` has for its algorithm.
    public func knowsKey(of token: IDToken, in keys: JSONWebKeySet) -> Bool {
        guard let algorithm = try? algorithm(of: token) else { return false }
        return !keys.candidates(keyID: token.keyID, algorithm: algorithm).isEmpty
    }

    /// Verifies `token`'s signature with `keys`, and its `at_hash` against
    /// `accessToken` when both are there.
    ///
    /// - Throws: `.algorithmNotAllowed`, `.unknownKey` when no key of the
    ///   set has the token's `kid` and algorithm, `.badSignature` when none
    ///   that may have signed it verifies it, `.wrongAccessTokenHash`.
    public func verify(_ token: IDToken, with keys: JSONWebKeySet, accessToken: AccessToken?) throws(IDTokenRejection) {
        let algorithm = try algorithm(of: token)
        let candidates = keys.candidates(keyID: token.keyID, algorithm: algorithm)
        guard !candidates.isEmpty else { throw .unknownKey }
        guard
            candidates.contains(where: {
                verifier.isValid(token.signature, of: token.signingInput, by: $0, algorithm: algorithm)
            })
        else { throw .badSignature }
        if let hash = token.accessTokenHash, let accessToken {
            // The left half of the SHA-256 digest of the token's ASCII, base64url (section 3.1.3.8).
            let digest = verifier.sha256(Array(accessToken.reveal().utf8))
            guard Base64URL.encode(digest.prefix(16)) == hash else { throw .wrongAccessTokenHash }
        }
    }
}
