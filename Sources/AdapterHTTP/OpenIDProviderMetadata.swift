import BoundedHTTP
public import Foundation
public import Ports

/// What an OpenID provider says about itself in its discovery document
/// (`<issuer>/.well-known/openid-configuration`, OpenID Connect Discovery
/// 1.0, sections 3 and 4): where its endpoints are and what it supports.
/// The environment names the issuer alone; everything else comes from here.
///
/// The document is hostile until read: it must be a JSON object whose
/// `issuer` is exactly the issuer asked for (Discovery 1.0, section 4.3 — a
/// document naming another issuer could send the app's codes and tokens to
/// someone else's endpoints), whose every endpoint is `https`, or `http` to
/// this machine only (so no token crosses a network in clear), and which,
/// when it lists its PKCE methods, lists `S256` (RFC 7636; the app sends no
/// other). The fields Gatehouse does not use are not read.
public struct OpenIDProviderMetadata: Sendable, Hashable {
    /// The issuer, exactly as asked for.
    public var issuer: String
    /// Where the browser is sent to sign in (OAuth 2.0's authorization endpoint).
    public var authorizationEndpoint: URL
    /// Where codes, device codes and refresh tokens are exchanged for tokens.
    public var tokenEndpoint: URL
    /// The UserInfo endpoint (OpenID Connect Core 1.0, section 5.3), if any.
    public var userInfoEndpoint: URL?
    /// The provider's signing keys (`JSONWebKeySet`), fetched when an ID
    /// token's signature is checked (`JSONWebKeySetSource`).
    public var jwksURI: URL?
    /// The token revocation endpoint (RFC 7009), if any.
    public var revocationEndpoint: URL?
    /// Where the browser ends the provider's own session (OpenID Connect
    /// RP-Initiated Logout 1.0), if any.
    public var endSessionEndpoint: URL?
    /// The device authorization endpoint (RFC 8628), if the provider has the device flow.
    public var deviceAuthorizationEndpoint: URL?
    /// The PKCE methods the provider takes; nil when it does not say.
    /// Never a list without `S256`: such a document is refused.
    public var codeChallengeMethodsSupported: [String]?
    /// Whether the authorization response carries `iss` (RFC 9207): then an
    /// answer without it is refused. False when the document does not say.
    public var authorizationResponseIssParameterSupported: Bool
    /// The algorithms the provider signs ID tokens with; nil when it does not say.
    public var idTokenSigningAlgValuesSupported: [String]?

    /// A document's fields, already checked (used by `init(reading:issuer:)` and tests).
    public init(
        issuer: String, authorizationEndpoint: URL, tokenEndpoint: URL, userInfoEndpoint: URL? = nil,
        jwksURI: URL? = nil, revocationEndpoint: URL? = nil, endSessionEndpoint: URL? = nil,
        deviceAuthorizationEndpoint: URL? = nil, codeChallengeMethodsSupported: [String]? = nil,
        authorizationResponseIssParameterSupported: Bool = false, idTokenSigningAlgValuesSupported: [String]? = nil
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.userInfoEndpoint = userInfoEndpoint
        self.jwksURI = jwksURI
        self.revocationEndpoint = revocationEndpoint
        self.endSessionEndpoint = endSessionEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
        self.authorizationResponseIssParameterSupported = authorizationResponseIssParameterSupported
        self.idTokenSigningAlgValuesSupported = idTokenSigningAlgValuesSupported
    }

    /// Reads the discovery document `data`, fetched for `issuer`.
    ///
    /// `issuer`, `authorization_endpoint` and `token_endpoint` are required
    /// (Discovery 1.0, section 3); every other field may be absent, but one
    /// that is present must have its type. The size bound is the caller's
    /// (`OpenIDDiscovery` fetches it under `ResponseBodyLimit.providerMetadata`).
    ///
    /// - Throws: `OpenIDDiscoveryError`, naming the field, never its value.
    public init(reading data: Data, issuer: String) throws(OpenIDDiscoveryError) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .notAnObject
        }
        let document = Document(object: object)
        guard let sentIssuer = try document.text("issuer") else { throw .missingField("issuer") }
        // Discovery 1.0, section 4.3: identical, character for character — no
        // normalising of case or of a trailing "/"; and an issuer at all
        // (section 3: https, no query or fragment; or http to this machine).
        guard sentIssuer == issuer, OpenIDEndpointURL.isIssuer(issuer) else { throw .issuerMismatch }
        guard let authorization = try document.endpoint("authorization_endpoint") else {
            throw .missingField("authorization_endpoint")
        }
        guard let token = try document.endpoint("token_endpoint") else { throw .missingField("token_endpoint") }
        let methods = try document.texts("code_challenge_methods_supported")
        if let methods, !methods.contains("S256") { throw .s256NotSupported }
        self.init(
            issuer: sentIssuer, authorizationEndpoint: authorization, tokenEndpoint: token,
            userInfoEndpoint: try document.endpoint("userinfo_endpoint"),
            jwksURI: try document.endpoint("jwks_uri"),
            revocationEndpoint: try document.endpoint("revocation_endpoint"),
            endSessionEndpoint: try document.endpoint("end_session_endpoint"),
            deviceAuthorizationEndpoint: try document.endpoint("device_authorization_endpoint"),
            codeChallengeMethodsSupported: methods,
            authorizationResponseIssParameterSupported: try document.flag(
                "authorization_response_iss_parameter_supported") ?? false,
            idTokenSigningAlgValuesSupported: try document.texts("id_token_signing_alg_values_supported"))
    }

    /// The document's fields by type; each throws for a field present with another type.
    private struct Document {
        let object: [String: Any]

        func text(_ name: String) throws(OpenIDDiscoveryError) -> String? {
            guard let value = object[name] else { return nil }
            guard let text = value as? String, !text.isEmpty else { throw .invalidField(name) }
            return text
        }

        func texts(_ name: String) throws(OpenIDDiscoveryError) -> [String]? {
            guard let value = object[name] else { return nil }
            guard let texts = value as? [String] else { throw .invalidField(name) }
            return texts
        }

        /// A JSON `true` or `false`: on Linux the numbers 0 and 1 also read
        /// as `Bool`, so the number's type code decides.
        func flag(_ name: String) throws(OpenIDDiscoveryError) -> Bool? {
            guard let value = object[name] else { return nil }
            guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
                throw .invalidField(name)
            }
            return number.boolValue
        }

        func endpoint(_ name: String) throws(OpenIDDiscoveryError) -> URL? {
            guard let text = try text(name) else { return nil }
            guard let url = URL(string: text), OpenIDEndpointURL.isSafe(url) else { throw .insecureEndpoint(name) }
            return url
        }
    }
}

/// Why a discovery document was refused. The cases name a field, never a
/// value the server sent.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum OpenIDDiscoveryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The body is not a JSON object.
    case notAnObject
    /// A required field is absent.
    case missingField(String)
    /// A field is present with the wrong type (or empty text).
    case invalidField(String)
    /// The document names another issuer than the one asked for (Discovery
    /// 1.0, section 4.3), or the issuer asked for is not an issuer URL.
    case issuerMismatch
    /// An endpoint is not a URL, or not `https` (nor `http` to this machine),
    /// or carries a user, a password, a fragment or a host written oddly.
    case insecureEndpoint(String)
    /// The provider lists its PKCE methods without `S256`.
    case s256NotSupported

    /// What went wrong, naming the field.
    public var description: String {
        switch self {
        case .notAnObject: "the discovery document is not a JSON object"
        case .missingField(let name): "the discovery document has no '\(name)'"
        case .invalidField(let name): "the discovery document's '\(name)' has the wrong type"
        case .issuerMismatch: "the discovery document names another issuer than the one configured"
        case .insecureEndpoint(let name):
            "the discovery document's '\(name)' is not an https URL (nor http to this machine)"
        case .s256NotSupported: "the provider does not take PKCE's S256 method"
        }
    }

    /// The port's error: a document that cannot be read is a malformed
    /// answer; one that reads but cannot be used safely (another issuer, an
    /// endpoint in clear, no S256) is the configuration's — no retry cures it.
    public var remoteError: RemoteError {
        switch self {
        case .notAnObject, .missingField, .invalidField: .malformedResponse(description)
        case .issuerMismatch: .misconfigured(.anotherIssuer(description))
        case .insecureEndpoint: .misconfigured(.insecureEndpoint(description))
        case .s256NotSupported: .misconfigured(.pkceNotSupported(description))
        }
    }
}

/// Whether a URL an OpenID provider names (or the issuer itself) may carry
/// codes and tokens: `https`, or `http` to this machine (`LoopbackHost`);
/// a host written plainly (`HostText`); no user or password (URLSession
/// would send them to wherever the URL leads) and no fragment.
enum OpenIDEndpointURL {
    static func isSafe(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), url.user == nil, url.password == nil, url.fragment == nil,
            // The host as a request will carry it (see `HTTPConfiguration`).
            let host = URL(string: url.absoluteString)?.host(percentEncoded: true), HostText.isPlain(host)
        else { return false }
        switch scheme {
        case "https": return true
        case "http": return LoopbackHost.contains(host)
        default: return false
        }
    }

    /// An issuer (Discovery 1.0, section 3): a safe URL with no query either.
    static func isIssuer(_ text: String) -> Bool {
        guard let url = URL(string: text), url.query == nil else { return false }
        return isSafe(url)
    }
}
