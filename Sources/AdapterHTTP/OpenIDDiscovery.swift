public import BoundedHTTP
public import Foundation
public import Ports

extension ResponseBodyLimit {
    /// An OpenID provider's discovery document: 64 KiB. A real one is a few
    /// kilobytes (Keycloak's, among the longest, is under 10 KiB).
    static let providerMetadata = ResponseBodyLimit(bytes: 64 * 1024)
}

/// Fetches an OpenID provider's discovery document (OpenID Connect
/// Discovery 1.0, section 4) and reads it into `OpenIDProviderMetadata`.
public enum OpenIDDiscovery {
    /// Where `issuer`'s document is: the issuer, less any trailing "/", then
    /// `/.well-known/openid-configuration` (Discovery 1.0, section 4.1).
    /// Nil for a text that is not an issuer: `https` (or `http` to this
    /// machine), a plain host, no user, password, query or fragment.
    public static func documentURL(issuer: String) -> URL? {
        guard OpenIDEndpointURL.isIssuer(issuer) else { return nil }
        var base = Substring(issuer)
        while base.hasSuffix("/") { base = base.dropLast() }
        return URL(string: base + "/.well-known/openid-configuration")
    }

    /// Fetches and reads `issuer`'s document over a transport made from
    /// `configuration` (its timeout and connection settings; its base URL
    /// is not used, the document's URL being absolute).
    ///
    /// - Throws: `.misconfigured` for an issuer that is not one, a document
    ///   naming another issuer, an endpoint in clear, a PKCE list without
    ///   `S256`, or a 3xx or 4xx answer (the issuer is wrong: no retry cures
    ///   it); `.malformedResponse` for a body that is not a document or is
    ///   past `ResponseBodyLimit.providerMetadata`; `.rejected` with the
    ///   status for a 5xx; `.transport` and `.timeout` as any call.
    public static func fetch(issuer: String, configuration: HTTPConfiguration) async throws(RemoteError)
        -> OpenIDProviderMetadata
    {
        try await fetch(issuer: issuer, transport: HTTPTransport(configuration: configuration))
    }

    /// The same over a transport the caller already has (the OAuth 2.0 adapter's).
    static func fetch(issuer: String, transport: HTTPTransport) async throws(RemoteError) -> OpenIDProviderMetadata {
        guard let url = documentURL(issuer: issuer) else {
            throw .misconfigured(
                .insecureEndpoint("the issuer is not an https URL (nor http to this machine) without query or fragment")
            )
        }
        var request = HTTPRequest(method: "GET", path: url.absoluteString, limit: .providerMetadata)
        // The API key is the wire contract's; an OpenID provider has none.
        request.sendsAPIKey = false
        // The document says where tokens go: it is taken from the issuer's
        // own URL only, never from wherever a redirect would lead.
        request.forbidsRedirect = true
        let (status, data) = try await transport.send(request)
        switch status {
        case 200..<300: break
        case 500...: throw .rejected(status: status, code: nil)
        default: throw .misconfigured(.discoveryUnavailable("the issuer's discovery document answered \(status)"))
        }
        do {
            return try OpenIDProviderMetadata(reading: data, issuer: issuer)
        } catch {
            throw error.remoteError
        }
    }
}
