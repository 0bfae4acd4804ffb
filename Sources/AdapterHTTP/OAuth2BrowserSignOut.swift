import Foundation
import Ports

/// One logout at an OpenID Connect provider through the browser (OpenID
/// Connect RP-Initiated Logout 1.0), as a native app does it: the
/// end-session endpoint opened with `client_id`,
/// `post_logout_redirect_uri` — a one-shot loopback listener on an
/// ephemeral port, the sign-in's redirect path (RFC 8252 §7.3) — and a
/// random `state`, which the server's redirect must carry back.
///
/// No `id_token_hint`: the address becomes the browser launcher's argument,
/// which any local user reads through `ps`, and the ID token names the
/// person (name, e-mail, CPF when those scopes are asked). Section 2 lets
/// `client_id` stand in for it; the provider then asks the person to
/// confirm the logout, as ours does anyway. The session's ID token only
/// says there is a sign-in at the provider to end.
///
/// The `state` is drawn as the sign-in's is (`AuthorizationProofMaker`);
/// the rest of those one-time values is not used.
final class OAuth2BrowserSignOut: BrowserSignOutAttempt {
    let url: URL
    private let listener: LoopbackRedirectListener
    private let state: String

    /// Opens the listener and writes the end-session address.
    ///
    /// - Throws: `.transport` when no loopback port can be had;
    ///   `.misconfigured` when the secure random source cannot be read or
    ///   the end-session endpoint is not an address a browser may be given.
    init(
        baseURL: URL, client: OAuth2Configuration, endSessionPath: String,
        proofMaker: any AuthorizationProofMaker, pages: RedirectPages, waitCounter: (any ActivityCounter)? = nil
    ) throws(RemoteError) {
        do {
            state = try proofMaker.makeProofs().state
        } catch {
            throw .misconfigured(.noSecureRandom("no secure random source for the logout's state"))
        }
        do {
            listener = try LoopbackRedirectListener(path: client.redirectPath, pages: pages, waitCounter: waitCounter)
        } catch {
            throw .transport(error.description)
        }
        guard
            let url = Self.endSessionURL(
                baseURL: baseURL, endSessionPath: endSessionPath, clientID: client.clientID,
                postLogoutRedirectURI: listener.redirectURI, state: state),
            url.isOpenableInBrowser
        else {
            listener.close()
            throw .misconfigured(
                .insecureEndpoint("the end-session endpoint is not an https (or loopback http) address"))
        }
        self.url = url
    }

    deinit { listener.close() }

    /// The logout request (RP-Initiated Logout 1.0, section 2): the client,
    /// where to come back, and `state`; never the ID token.
    static func endSessionURL(
        baseURL: URL, endSessionPath: String, clientID: String, postLogoutRedirectURI: String, state: String
    ) -> URL? {
        // A path below the base URL, or the absolute URL discovery gave.
        guard let endpoint = URL(string: endSessionPath, relativeTo: baseURL)?.absoluteURL,
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return nil }
        components.queryItems = [
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "post_logout_redirect_uri", value: postLogoutRedirectURI),
            URLQueryItem(name: "state", value: state),
        ]
        // A "+" in a query value reads as a space to a form decoder.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url
    }

    func awaitPerson() async throws(BrowserSignOutError) {
        do {
            try await listener.postLogoutRedirect(expectedState: state)
        } catch {
            throw .ended
        }
    }

    func end() async {
        listener.close()
    }
}
