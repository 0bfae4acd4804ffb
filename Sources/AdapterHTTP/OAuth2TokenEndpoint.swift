import BoundedHTTP
import Foundation
import Ports

/// The authorization server's form-encoded endpoints as this client calls
/// them: the client's authentication on every request (its id in the body
/// for a public client, id and secret by Basic for a confidential
/// one, RFC 6749 §2.3.1), never the wire contract's API key, never redirected (the
/// body holds a password, a code, a verifier or a token).
struct OAuth2TokenEndpoint: Sendable {
    let transport: HTTPTransport
    let client: OAuth2Configuration

    /// A token request (RFC 6749 §4.1.3, §4.3.2, §6, RFC 8628 §3.4) and its
    /// answer read into tokens; a refusal mapped for `kind`.
    func tokens(_ form: [(name: String, value: String)], for kind: OAuth2ErrorMapping.Request)
        async throws(RemoteError) -> IssuedTokens
    {
        try OAuth2TokenResponse.tokens(from: try await answer(form, for: kind), askedScope: client.scope)
    }

    /// A token request's successful answer, as sent; a refusal mapped for `kind`.
    func answer(_ form: [(name: String, value: String)], for kind: OAuth2ErrorMapping.Request)
        async throws(RemoteError) -> Data
    {
        let (status, data) = try await transport.send(request(client.tokenPath, form))
        guard (200..<300).contains(status) else {
            throw OAuth2ErrorMapping.error(status: status, body: data, for: kind)
        }
        return data
    }

    /// A form POST to `path` with the client's authentication.
    func request(_ path: String, _ form: [(name: String, value: String)]) -> HTTPRequest {
        var request = HTTPRequest(method: "POST", path: path, limit: .authAnswer, forbidsRedirect: true)
        if let secret = client.clientSecret {
            request.basicCredentials = (client.clientID, secret)
            request.form = form
        } else {
            request.form = form + [("client_id", client.clientID)]
        }
        // The API key is the wire contract's; an authorization server has none.
        request.sendsAPIKey = false
        return request
    }
}
