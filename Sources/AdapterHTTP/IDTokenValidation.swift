public import Foundation

/// The checks of OpenID Connect Core 1.0, section 3.1.3.7, that an ID token
/// from the token endpoint must pass before its `sub` is taken as the person
/// who signed in:
///
/// - the header's `alg` is not `none` (section 2), and the signature part
///   is not empty;
/// - `iss` is exactly the issuer the app signs in with (item 2);
/// - `aud` lists the client id, as a text or in a list (item 3);
/// - with several audiences, `azp` is present (item 4), and when present it
///   is the client id (item 5);
/// - `exp` is still ahead (item 9) and `iat` not ahead (item 10), each within
///   `allowedClockSkew`;
/// - when the attempt sent a `nonce`, the token carries the same (item 11);
///   when it sent none, a token carrying one is refused too (it answers
///   some other attempt's request).
///
/// The signature is checked before these, by `IDTokenSignatureCheck`
/// (items 6 to 8: the algorithm allowed, a key of the provider's set, and
/// `at_hash`), as `IDTokenVerification` runs them for a sign-in; these
/// checks then say the verified token is this sign-in's, for this app, now.
/// `docs/threat-model.md`, "The ID token".
///
/// Time is the caller's (`now`): the adapter passes its clock's.
public struct IDTokenValidation: Sendable, Hashable {
    /// The issuer the app signs in with, exactly as its discovery document names it.
    public var issuer: String
    /// The app's client id.
    public var clientID: String
    /// The `nonce` the attempt sent; nil when it sent none (the device flow,
    /// a refresh).
    public var nonce: String?
    /// How far the provider's clock may be from the app's: `exp` may be this
    /// much past and `iat` this much ahead. 60 seconds unless said otherwise.
    public var allowedClockSkew: Duration

    /// The checks for a token issued by `issuer` to `clientID`.
    public init(issuer: String, clientID: String, nonce: String?, allowedClockSkew: Duration = .seconds(60)) {
        self.issuer = issuer
        self.clientID = clientID
        self.nonce = nonce
        self.allowedClockSkew = allowedClockSkew
    }

    /// Decodes `text` and checks it at `now`.
    ///
    /// - Returns: the token, every check passed.
    /// - Throws: the `IDTokenRejection` of the first check it fails.
    public func validate(_ text: String, now: Date) throws(IDTokenRejection) -> IDToken {
        let token = try IDToken(decoding: text)
        try validate(token, now: now)
        return token
    }

    /// Checks a decoded `token` at `now`.
    ///
    /// - Throws: the `IDTokenRejection` of the first check it fails.
    public func validate(_ token: IDToken, now: Date) throws(IDTokenRejection) {
        try validateParties(token)
        let skew = allowedClockSkew.seconds
        guard now < token.expiresAt.addingTimeInterval(skew) else { throw .expired }
        guard token.issuedAt <= now.addingTimeInterval(skew) else { throw .issuedInFuture }
        switch (nonce, token.nonce) {
        case (nil, nil): break
        case (.some, nil): throw .missingNonce
        case (let sent, let received): guard sent == received else { throw .wrongNonce }
        }
    }

    /// The checks a kept token must still pass when its session is read
    /// back from the store: signed, by this issuer, for this app (`iss`,
    /// `aud`, `azp`). Its lifetime and `nonce` bound its first use only, at
    /// sign-in; a kept session outlives them.
    ///
    /// - Throws: the `IDTokenRejection` of the first check it fails.
    public func validateParties(_ token: IDToken) throws(IDTokenRejection) {
        // "none" is compared in any case: an unsigned token is one whatever
        // its spelling, and no real algorithm is named so.
        guard token.algorithm.lowercased() != "none", token.hasSignature else { throw .unsigned }
        guard token.issuer == issuer else { throw .wrongIssuer }
        guard token.audiences.contains(clientID) else { throw .wrongAudience }
        if token.audiences.count > 1, token.authorizedParty == nil { throw .missingAuthorizedParty }
        if let party = token.authorizedParty, party != clientID { throw .wrongAuthorizedParty }
    }
}

extension Duration {
    /// The duration in seconds, fractions included.
    fileprivate var seconds: TimeInterval {
        let (whole, attoseconds) = components
        return TimeInterval(whole) + TimeInterval(attoseconds) / 1e18
    }
}
