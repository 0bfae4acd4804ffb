import Ports

/// Everything an ID token from the token endpoint must pass before its
/// `sub` is taken as the person who signed in: decoded, its algorithm
/// allowed, its signature the provider's (a key of the provider's set), its
/// `at_hash` the access token's, then its claims (`IDTokenValidation`).
struct IDTokenVerification: Sendable {
    let claims: IDTokenValidation
    let signatures: IDTokenSignatureCheck
    let keySets: JSONWebKeySetSource
    let keySetPath: String
    let clock: any Clock

    /// The verification of a sign-in by `client`, when it asks for OpenID
    /// Connect; nil when it does not. Throws `identityNotProved` when it
    /// asks but a token could not be proved: no issuer, no clock, no
    /// verifier or no key set known.
    static func forSignIn(
        client: OAuth2Configuration, nonce: String?, verifier: (any SignatureVerifier)?,
        keySets: JSONWebKeySetSource, clock: (any Clock)?
    ) -> Result<IDTokenVerification, RemoteError>? {
        guard OAuth2BrowserSignIn.asksForOpenID(client) else { return nil }
        guard let issuer = client.issuer, let verifier, let keySetPath = client.jwksPath, let clock else {
            return .failure(.signInRefused(.identityNotProved))
        }
        return .success(
            IDTokenVerification(
                claims: IDTokenValidation(issuer: issuer, clientID: client.clientID, nonce: nonce),
                signatures: IDTokenSignatureCheck(advertised: client.idTokenSigningAlgorithms, verifier: verifier),
                keySets: keySets, keySetPath: keySetPath, clock: clock))
    }

    /// The verification of a kept ID token for `client`: no `nonce` (the
    /// sign-in's is not kept), and nil when this configuration cannot
    /// check one (no issuer, clock, verifier or key set known).
    static func forKeptToken(
        client: OAuth2Configuration, verifier: (any SignatureVerifier)?, keySets: JSONWebKeySetSource,
        clock: (any Clock)?
    ) -> IDTokenVerification? {
        guard let issuer = client.issuer, let verifier, let keySetPath = client.jwksPath, let clock else { return nil }
        return IDTokenVerification(
            claims: IDTokenValidation(issuer: issuer, clientID: client.clientID, nonce: nil),
            signatures: IDTokenSignatureCheck(advertised: client.idTokenSigningAlgorithms, verifier: verifier),
            keySets: keySets, keySetPath: keySetPath, clock: clock)
    }

    /// A kept token `text`, read back from the store: decoded, its
    /// algorithm allowed, its signature by a key of the provider's set, and
    /// issued by this issuer for this app (`IDTokenValidation.validateParties`).
    ///
    /// - Throws: the `IDTokenRejection` of the first check it fails.
    func verifyKept(_ text: String) async throws(IDTokenRejection) -> IDToken {
        let token = try IDToken(decoding: text)
        _ = try signatures.algorithm(of: token)
        let keys = try await keySets.keys(for: token, check: signatures, at: keySetPath, now: clock.now())
        // No access token: `at_hash` names the one issued with the token, long since refreshed.
        try signatures.verify(token, with: keys, accessToken: nil)
        try claims.validateParties(token)
        return token
    }

    /// The token `text`, every check passed.
    ///
    /// - Throws: `IDTokenRejection.remoteError` of the first check it fails.
    func verify(_ text: String, accessToken: AccessToken) async throws(RemoteError) -> IDToken {
        do {
            let token = try IDToken(decoding: text)
            _ = try signatures.algorithm(of: token)
            let keys = try await keySets.keys(for: token, check: signatures, at: keySetPath, now: clock.now())
            try signatures.verify(token, with: keys, accessToken: accessToken)
            try claims.validate(token, now: clock.now())
            return token
        } catch {
            throw error.remoteError
        }
    }
}
