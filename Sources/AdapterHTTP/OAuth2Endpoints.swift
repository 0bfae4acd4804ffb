import BoundedHTTP
import Foundation
import Ports
import Synchronization

/// Where the authorization server's endpoints are: the configuration's
/// paths, or — when the configuration asks for discovery — what the
/// issuer's discovery document says (OpenID Connect Discovery 1.0), fetched
/// on first use and kept for the adapter's lifetime. A failed fetch is not
/// kept: the next call asks again.
final class OAuth2Endpoints: Sendable {
    private let client: OAuth2Configuration
    private let transport: HTTPTransport
    private let discovered = Mutex<OAuth2Configuration?>(nil)

    init(client: OAuth2Configuration, transport: HTTPTransport) {
        self.client = client
        self.transport = transport
    }

    /// The client with its endpoints where the server has them.
    ///
    /// - Throws: what `OpenIDDiscovery.fetch(issuer:transport:)` throws,
    ///   when the configuration asks for discovery and no document was read yet.
    func resolved() async throws(RemoteError) -> OAuth2Configuration {
        guard client.discoversEndpoints, let issuer = client.issuer else { return client }
        if let known = discovered.withLock({ $0 }) { return known }
        let metadata = try await OpenIDDiscovery.fetch(issuer: issuer, transport: transport)
        let resolved = Self.client(client, at: metadata)
        discovered.withLock { $0 = resolved }
        return resolved
    }

    /// `client` with the document's endpoints (absolute URLs, which the
    /// transport sends as they are) and its word on RFC 9207's `iss`. The
    /// revocation and device authorization endpoints are not OpenID
    /// Connect's (RFC 7009's and RFC 8628's: a provider's OpenID document
    /// often leaves them out): where the document does not name one, the
    /// configuration's path serves; the same for the end-session endpoint.
    static func client(_ client: OAuth2Configuration, at metadata: OpenIDProviderMetadata) -> OAuth2Configuration {
        var resolved = client
        resolved.issuer = metadata.issuer
        resolved.issuerAlwaysSent = metadata.authorizationResponseIssParameterSupported
        resolved.authorizePath = metadata.authorizationEndpoint.absoluteString
        resolved.tokenPath = metadata.tokenEndpoint.absoluteString
        resolved.revokePath = metadata.revocationEndpoint?.absoluteString ?? client.revokePath
        resolved.deviceAuthorizationPath =
            metadata.deviceAuthorizationEndpoint?.absoluteString ?? client.deviceAuthorizationPath
        resolved.endSessionPath = metadata.endSessionEndpoint?.absoluteString ?? client.endSessionPath
        resolved.jwksPath = metadata.jwksURI?.absoluteString ?? client.jwksPath
        resolved.idTokenSigningAlgorithms = metadata.idTokenSigningAlgValuesSupported ?? client.idTokenSigningAlgorithms
        return resolved
    }
}
