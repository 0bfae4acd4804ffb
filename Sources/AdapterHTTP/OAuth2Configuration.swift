public import Ports

/// An OAuth 2.0 confidential client's secret: sent only in the HTTP Basic
/// header of the token and revocation requests. Redacted when printed.
public struct OAuth2ClientSecret: RedactedSecret {
    private let value: String

    /// Wraps the raw secret.
    public init(_ value: String) { self.value = value }

    /// The raw secret, for the one place that must send it.
    public func reveal() -> String { value }
}

/// Where and as whom the OAuth 2.0 adapter talks to an authorization server:
/// the client, and the token and revocation endpoints below the HTTP
/// configuration's base URL.
public struct OAuth2Configuration: Sendable {
    /// The client id the server registered for this app.
    public var clientID: String
    /// The secret of a confidential client, sent by HTTP Basic; nil for a
    /// public client, which sends its id in the body instead.
    public var clientSecret: OAuth2ClientSecret?
    /// The token endpoint (RFC 6749 §3.2), relative to the base URL.
    public var tokenPath: String
    /// The revocation endpoint (RFC 7009), relative to the base URL; nil when
    /// the server has none (then logout ends the session on the device only).
    public var revokePath: String?
    /// The scope asked for at sign-in; nil asks for the server's default.
    public var scope: String?

    /// A client of an authorization server.
    ///
    /// - Parameters:
    ///   - clientID: the client id.
    ///   - clientSecret: a confidential client's secret; nil for a public client.
    ///   - tokenPath: the token endpoint, relative to the base URL
    ///     (django-oauth-toolkit's is `o/token/`).
    ///   - revokePath: the revocation endpoint, or nil when there is none.
    ///   - scope: the scope asked for, or nil for the server's default.
    public init(
        clientID: String, clientSecret: OAuth2ClientSecret? = nil, tokenPath: String = "o/token/",
        revokePath: String? = "o/revoke_token/", scope: String? = nil
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.tokenPath = Self.relative(tokenPath)
        self.revokePath = revokePath.map(Self.relative)
        self.scope = scope
    }

    /// Paths are resolved against the base URL, which ends in "/": a leading
    /// "/" would drop the base's own path.
    private static func relative(_ path: String) -> String {
        String(path.drop { $0 == "/" })
    }
}
