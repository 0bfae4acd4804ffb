public import BoundedHTTP
public import Ports

/// Where and as whom the OAuth 2.0 adapter talks to an authorization server:
/// the client, how it signs people in, and the endpoints below the HTTP
/// configuration's base URL.
public struct OAuth2Configuration: Sendable {
    /// The client id the server registered for this app.
    public var clientID: String
    /// The secret of a confidential client, sent by HTTP Basic; nil for a
    /// public client, which sends its id in the body instead. A native app
    /// cannot keep a secret (RFC 8252 §8.5): only the legacy password grant's
    /// configurations have one.
    public var clientSecret: OAuth2ClientSecret?
    /// How people sign in, the first offered first: `.browser` (the
    /// authorization code grant with PKCE, RFC 8252), `.device` (RFC 8628),
    /// `.password` (the resource owner password grant, which RFC 9700 §2.4
    /// forbids: for teams migrating only).
    public var signInMethods: [SignInMethod]
    /// The token endpoint (RFC 6749 §3.2), relative to the base URL.
    public var tokenPath: String
    /// The revocation endpoint (RFC 7009), relative to the base URL; nil when
    /// the server has none (then logout ends the session on the device only).
    public var revokePath: String?
    /// The authorization endpoint (RFC 6749 §3.1), relative to the base URL.
    public var authorizePath: String
    /// The device authorization endpoint (RFC 8628 §3.1), relative to the base URL.
    public var deviceAuthorizationPath: String
    /// The loopback redirect URI's path (RFC 8252 §7.3; the port is the
    /// listener's, picked per attempt).
    public var redirectPath: String
    /// The end-session endpoint (OpenID Connect RP-Initiated Logout 1.0),
    /// relative to the base URL, or an absolute URL; nil when the server has
    /// none (then logout leaves the server's sign-in in the browser as it
    /// is). Discovery sets it from the document's `end_session_endpoint`.
    public var endSessionPath: String?
    /// The issuer, compared with the `iss` of the authorization response
    /// (RFC 9207); nil compares nothing.
    public var issuer: String?
    /// Whether the server always sends `iss` in the authorization response
    /// (its metadata's `authorization_response_iss_parameter_supported`):
    /// then an answer without it is refused.
    public var issuerAlwaysSent: Bool
    /// The scope asked for; nil asks for the server's default.
    public var scope: String?
    /// The provider's key set (its `jwks_uri`), relative to the base URL or
    /// absolute: the keys an ID token's signature is checked with. Nil when
    /// unknown: then a sign-in whose scope asks for `openid` is refused,
    /// its ID token unprovable. Discovery sets it from the document.
    public var jwksPath: String?
    /// The algorithms the provider signs ID tokens with (discovery's
    /// `id_token_signing_alg_values_supported`); nil for RS256 alone, the
    /// default every provider supports.
    public var idTokenSigningAlgorithms: [String]?
    /// Whether the endpoints, and whether the server always sends `iss`,
    /// come from the issuer's discovery document (OpenID Connect Discovery
    /// 1.0) instead of the paths above: needs `issuer`.
    public var discoversEndpoints: Bool

    /// A client of an authorization server.
    ///
    /// - Parameters:
    ///   - clientID: the client id.
    ///   - clientSecret: a confidential client's secret; nil for a public client.
    ///   - signInMethods: how people sign in (by default the browser, then
    ///     the device flow); not empty.
    ///   - tokenPath: the token endpoint, relative to the base URL
    ///     (django-oauth-toolkit's is `o/token/`).
    ///   - revokePath: the revocation endpoint, or nil when there is none.
    ///   - authorizePath: the authorization endpoint.
    ///   - deviceAuthorizationPath: the device authorization endpoint.
    ///   - redirectPath: the loopback redirect URI's path, also the
    ///     `post_logout_redirect_uri`'s.
    ///   - endSessionPath: the end-session endpoint, or nil when there is none.
    ///   - issuer: the issuer the authorization response's `iss` must name.
    ///   - issuerAlwaysSent: whether an authorization response must carry `iss`.
    ///   - scope: the scope asked for, or nil for the server's default.
    ///   - discoversEndpoints: whether the endpoints come from `issuer`'s
    ///     discovery document; ignored without an issuer.
    ///   - jwksPath: the provider's key set, or nil when unknown.
    ///   - idTokenSigningAlgorithms: the algorithms the provider signs ID
    ///     tokens with, or nil for RS256 alone.
    public init(
        clientID: String, clientSecret: OAuth2ClientSecret? = nil,
        signInMethods: [SignInMethod] = [.browser, .device], tokenPath: String = "o/token/",
        revokePath: String? = "o/revoke_token/", authorizePath: String = "o/authorize/",
        deviceAuthorizationPath: String = "o/device-authorization/", redirectPath: String = "/callback",
        endSessionPath: String? = nil, issuer: String? = nil, issuerAlwaysSent: Bool = false, scope: String? = nil,
        discoversEndpoints: Bool = false, jwksPath: String? = nil, idTokenSigningAlgorithms: [String]? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.signInMethods = signInMethods.isEmpty ? [.browser] : signInMethods
        self.tokenPath = Self.relative(tokenPath)
        self.revokePath = revokePath.map(Self.relative)
        self.authorizePath = Self.relative(authorizePath)
        self.deviceAuthorizationPath = Self.relative(deviceAuthorizationPath)
        self.redirectPath = redirectPath.hasPrefix("/") ? redirectPath : "/" + redirectPath
        self.endSessionPath = endSessionPath.map(Self.relative)
        self.issuer = issuer
        self.issuerAlwaysSent = issuerAlwaysSent
        self.scope = scope
        self.discoversEndpoints = discoversEndpoints && issuer != nil
        self.jwksPath = jwksPath.map(Self.relative)
        self.idTokenSigningAlgorithms = idTokenSigningAlgorithms
    }

    /// Paths are resolved against the base URL, which ends in "/": a leading
    /// "/" would drop the base's own path.
    private static func relative(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }
}
