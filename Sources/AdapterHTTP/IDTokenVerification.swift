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
