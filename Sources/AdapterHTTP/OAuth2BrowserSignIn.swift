import Foundation
import Ports
import Synchronization

/// One sign-in through the browser (RFC 8252): the authorization code grant
/// (RFC 6749 §4.1) with PKCE `S256` (RFC 7636), a loopback redirect on an
/// ephemeral port, and the code exchanged once with the verifier by a public
/// client.
///
/// The verifier, `state` and `nonce` are this attempt's alone and are sent
/// where RFC 7636 says: the challenge and `state` in the authorization URL,
/// the verifier only to the token endpoint. The code the redirect brings is
/// kept here until the one exchange, and never printed.
final class OAuth2BrowserSignIn: ExternalSignInAttempt {
    let instructions: ExternalSignInInstructions
    private let listener: LoopbackRedirectListener
    private let proofs: AuthorizationProofs
    private let client: OAuth2Configuration
    private let tokenEndpoint: OAuth2TokenEndpoint
    /// The ID token's checks, when the scope asks for OpenID Connect (a
    /// failure when it asks and a token could not be proved); nil checks none.
    private let idTokenVerification: Result<IDTokenVerification, RemoteError>?
    /// The code from the redirect, until the exchange takes it.
    private let code = Mutex<AuthorizationCode?>(nil)

    /// Opens the listener and writes the authorization URL.
    ///
    /// - Throws: `.transport` when no loopback port can be had;
    ///   `.misconfigured` when the secure random source cannot be read (no
    ///   weaker source is used) or the authorization endpoint is not a URL a
    ///   browser may be given.
    init(
        baseURL: URL, client: OAuth2Configuration, proofMaker: any AuthorizationProofMaker,
        tokenEndpoint: OAuth2TokenEndpoint, pages: RedirectPages, clock: (any Clock)?,
        verifier: (any SignatureVerifier)?, keySets: JSONWebKeySetSource, waitCounter: (any ActivityCounter)? = nil
    ) throws(RemoteError) {
        do {
            proofs = try proofMaker.makeProofs()
        } catch {
            throw .misconfigured(.noSecureRandom("no secure random source for the sign-in's one-time values"))
        }
        do {
            listener = try LoopbackRedirectListener(path: client.redirectPath, pages: pages, waitCounter: waitCounter)
        } catch {
            throw .transport(error.description)
        }
        self.client = client
        self.tokenEndpoint = tokenEndpoint
        idTokenVerification = IDTokenVerification.forSignIn(
            client: client, nonce: proofs.nonce, verifier: verifier, keySets: keySets, clock: clock)
        guard
            let url = Self.authorizationURL(
                baseURL: baseURL, client: client, redirectURI: listener.redirectURI, proofs: proofs),
            url.isOpenableInBrowser
        else {
            listener.close()
            throw .misconfigured(
                .insecureEndpoint("the authorization endpoint is not an https (or loopback http) address"))
        }
        instructions = .openInBrowser(url)
    }

    deinit { listener.close() }

    /// The authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3): the
    /// client, the loopback redirect URI, `state`, the `S256` challenge, and
    /// for OpenID Connect the `nonce`.
    static func authorizationURL(
        baseURL: URL, client: OAuth2Configuration, redirectURI: String, proofs: AuthorizationProofs
    ) -> URL? {
        // A path below the base URL, or the absolute URL discovery gave.
        guard let endpoint = URL(string: client.authorizePath, relativeTo: baseURL)?.absoluteURL,
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)
        else { return nil }
        var items = [
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "client_id", value: client.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "state", value: proofs.state),
            URLQueryItem(name: "code_challenge", value: proofs.challenge),
            URLQueryItem(name: "code_challenge_method", value: "S256"),
        ]
        if let scope = client.scope {
            items.append(URLQueryItem(name: "scope", value: scope))
            if asksForOpenID(client) {
                items.append(URLQueryItem(name: "nonce", value: proofs.nonce))
            }
        }
        components.queryItems = items
        // A "+" in a query value reads as a space to a form decoder; every value here is base64url or an id, but be exact.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url
    }

    /// Whether the scope asks for OpenID Connect (`openid`).
    static func asksForOpenID(_ client: OAuth2Configuration) -> Bool {
        client.scope?.split(separator: " ").contains("openid") ?? false
    }

    func awaitPerson() async throws(RemoteError) {
        let answer: AuthorizationRedirect
        do {
            answer = try await listener.redirect(
                expectedState: proofs.state, issuer: client.issuer, issuerRequired: client.issuerAlwaysSent)
        } catch {
            switch error {
            case .wrongIssuer: throw .signInRefused(.answerForAnotherAttempt)
            case .malformed: throw .malformedResponse("the authorization answer carried no code and no error")
            case .ended: throw .signInRefused(.cancelled)
            case .cannotListen(let reason): throw .transport(reason)
            }
        }
        switch answer {
        case .code(let received): code.withLock { $0 = received }
        case .refused(let error): throw Self.refusal(error)
        }
    }

    /// The authorization server's refusal (RFC 6749 §4.1.2.1) in the port's
    /// terms: the person's "no", the app's own mistakes, the server's trouble.
    static func refusal(_ error: String) -> RemoteError {
        switch error {
        case "access_denied": .signInRefused(.deniedByPerson)
        case "server_error", "temporarily_unavailable": .rejected(status: 503, code: nil)
        default: .misconfigured(OAuth2ErrorMapping.misconfiguration(error))
        }
    }

    /// Exchanges the code, once (RFC 6749 §4.1.3, with the verifier).
    func poll() async throws(RemoteError) -> ExternalSignInProgress {
        guard
            let code = code.withLock({ code in
                defer { code = nil }; return code
            })
        else {
            throw .signInRefused(.cancelled)
        }
        let form: [(name: String, value: String)] = [
            ("grant_type", "authorization_code"), ("code", code.reveal()),
            ("redirect_uri", listener.redirectURI), ("code_verifier", proofs.verifier.reveal()),
        ]
        let answer = try await tokenEndpoint.answer(form, for: .codeExchange)
        var issued = try OAuth2TokenResponse.tokens(from: answer, askedScope: client.scope)
        if let idTokenVerification {
            // Its signature is the provider's, then its claims are this
            // sign-in's (OpenID Connect Core 1.0, section 3.1.3.7).
            guard let text = OAuth2TokenResponse.idToken(from: answer) else { throw .signInRefused(.identityNotProved) }
            let token = try await idTokenVerification.get().verify(text, accessToken: issued.accessToken)
            // Kept with the session, as the mark of a sign-in a logout ends at the provider.
            issued.idToken = IDTokenHint(text)
            // Who signed in: the profile read next must be this person's.
            issued.subject = token.subject
        }
        return .signedIn(issued)
    }

    func end() async {
        listener.close()
        code.withLock { $0 = nil }
    }
}
