public import BoundedHTTP
import Foundation
public import Ports

/// `AuthRemoteAPI` over an OAuth 2.0 authorization server, as a native app
/// must use one (RFC 8252, RFC 9700): sign-in through the system browser by
/// the authorization code grant with PKCE `S256` and a loopback redirect
/// (`OAuth2BrowserSignIn`), or by the device flow (RFC 8628,
/// `OAuth2DeviceSignIn`); refresh by `grant_type=refresh_token`
/// (RFC 6749 §6); logout by token revocation (RFC 7009) and, where the
/// server has an end-session endpoint, by ending its sign-in in the browser
/// too (OpenID Connect RP-Initiated Logout 1.0, `OAuth2BrowserSignOut`). The resource owner password
/// grant (RFC 6749 §4.3) is there only when the configuration lists
/// `.password` — for teams migrating: RFC 9700 §2.4 says it must not be used.
/// Bodies are form-encoded; a public client sends its id in the body, a
/// confidential one its id and secret by HTTP Basic (RFC 6749 §2.3.1). The
/// answer's `expires_in` becomes the stated lifetime and its `refresh_token`
/// the session's refresh token; refusals are mapped by `OAuth2ErrorMapping`.
///
/// The resource routes are the wire contract's, with Bearer tokens (RFC
/// 6750): the user and statement adapters serve them with
/// `tokenHeaderStyle: .bearer`. Registration is not part of OAuth 2.0: this
/// adapter says so (`registrationOffer` is `.none`), sends nothing and
/// refuses it as a route the backend does not have.
public struct OAuth2AuthRemoteAPI: AuthRemoteAPI {
    private let baseURL: URL
    private let client: OAuth2Configuration
    private let transport: HTTPTransport
    private let endpoints: OAuth2Endpoints
    private let proofMaker: (any AuthorizationProofMaker)?
    private let pages: @Sendable () -> RedirectPages
    private let clock: (any Clock)?
    private let signatureVerifier: (any SignatureVerifier)?
    /// The provider's key set, shared by every sign-in of this adapter.
    private let keySets: JSONWebKeySetSource
    private let waitCounter: (any ActivityCounter)?

    /// An adapter for `client` at the server of `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: the server's base URL, timeout and connections.
    ///   - client: the client id, how people sign in, and the endpoints' paths.
    ///   - proofMaker: makes each browser sign-in's PKCE verifier, `state`
    ///     and `nonce`; nil offers no browser sign-in (`.browser` is then
    ///     dropped from the client's methods).
    ///   - pages: what the browser is shown once it comes back to the app,
    ///     asked as each browser sign-in or sign-out begins, so it speaks the
    ///     language the person reads then (`RedirectPages.inLanguage`); the
    ///     three languages at once by default.
    ///   - clock: the time an ID token's `exp` and `iat` are compared with;
    ///     without one, a sign-in whose scope asks for `openid` is refused
    ///     (`identityNotProved`): its ID token cannot be checked.
    ///   - signatureVerifier: checks an ID token's signature with the
    ///     provider's keys (`client.jwksPath`); without one, or without a
    ///     key set known, a sign-in whose scope asks for `openid` is refused
    ///     the same way.
    ///   - waitCounter: told that the browser's wait for the person (sign-in
    ///     and end-session) is no work, as a clock's sleep is not: a headless
    ///     runner settles while the person is in the browser. Nil counts nothing.
    public init(
        configuration: HTTPConfiguration, client: OAuth2Configuration,
        proofMaker: (any AuthorizationProofMaker)? = nil,
        pages: @escaping @Sendable () -> RedirectPages = { .standard },
        clock: (any Clock)? = nil,
        signatureVerifier: (any SignatureVerifier)? = nil, waitCounter: (any ActivityCounter)? = nil
    ) {
        baseURL = configuration.baseURL
        var client = client
        if proofMaker == nil, client.signInMethods.contains(.browser) {
            let others = client.signInMethods.filter { $0 != .browser }
            client.signInMethods = others.isEmpty ? [.device] : others
        }
        self.client = client
        transport = HTTPTransport(configuration: configuration)
        endpoints = OAuth2Endpoints(client: client, transport: transport)
        self.proofMaker = proofMaker
        self.pages = pages
        self.clock = clock
        self.signatureVerifier = signatureVerifier
        keySets = JSONWebKeySetSource(transport: transport)
        self.waitCounter = waitCounter
    }

    /// How many times this adapter fetched the provider's key set.
    public var keySetFetchCount: Int { keySets.fetchCount }

    /// The configuration's methods. The password grant's `username` is the
    /// CPF or the e-mail as typed; without the password grant no identifier
    /// is typed in the app. An authorization server may or may not issue a
    /// new refresh token (RFC 6749 §6): the session keeps the one the answer
    /// leaves it. It tells no refusal apart: it refuses every grant it does
    /// not make as `invalid_grant` (RFC 6749 §5.2), whatever the reason. It
    /// states no password rule: any password it takes (the password grant
    /// only; the browser and device sign-ins ask for none here). OAuth 2.0
    /// has no registration: accounts are made on the server's side. It signs
    /// out where the configuration names a revocation endpoint (discovery can
    /// move it, never add one the configuration does not have).
    public var capabilities: AuthCapabilities {
        let byPassword = client.signInMethods.contains(.password)
        return AuthCapabilities(
            signInMethods: client.signInMethods, signsInByCPF: byPassword, signsInByEmail: byPassword,
            refreshRotation: .asTheServerChooses, refusalsToldApart: [], passwordRule: .atLeast(1),
            registrationOffer: .none, offersSignOut: client.revokePath != nil)
    }

    /// The password grant, when the configuration lists `.password`; the
    /// username is the CPF's digits or the e-mail, as typed. Otherwise
    /// refused at once, sending nothing.
    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard signInMethods.contains(.password) else { throw .signInRefused(.methodNotOffered) }
        let username: String
        switch credentials.identifier {
        case .cpf(let digits): username = digits
        case .email(let email): username = email
        }
        var form: [(name: String, value: String)] = [
            ("grant_type", "password"), ("username", username), ("password", credentials.password.reveal()),
        ]
        if let scope = client.scope { form.append(("scope", scope)) }
        return try await tokenEndpoint().tokens(form, for: .signIn)
    }

    /// The browser (a loopback listener opened, the authorization URL
    /// written) or the device flow (a code asked for), when listed.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        guard signInMethods.contains(method) else { throw .signInRefused(.methodNotOffered) }
        switch method {
        case .password:
            throw .signInRefused(.methodNotOffered)
        case .browser:
            guard let proofMaker else { throw .signInRefused(.methodNotOffered) }
            let tokenEndpoint = try await tokenEndpoint()
            return try OAuth2BrowserSignIn(
                baseURL: baseURL, client: tokenEndpoint.client, proofMaker: proofMaker, tokenEndpoint: tokenEndpoint,
                pages: pages(), clock: clock, verifier: signatureVerifier, keySets: keySets, waitCounter: waitCounter)
        case .device:
            let tokenEndpoint = try await tokenEndpoint()
            return try await OAuth2DeviceSignIn.begin(client: tokenEndpoint.client, tokenEndpoint: tokenEndpoint)
        }
    }

    /// Sends the refresh token. A session without one (never issued by this
    /// backend) is refused as an unknown token, sending nothing.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        guard case .refreshToken(let refreshToken) = credential else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        return try await tokenEndpoint().tokens(
            [("grant_type", "refresh_token"), ("refresh_token", refreshToken.reveal())], for: .refresh)
    }

    /// Refused at once as a route the backend lacks (`NOT_FOUND`), sending
    /// nothing: the app does not offer sign-up here (`registrationOffer` is `.none`).
    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        throw .rejected(status: 404, code: .notFound)
    }

    /// Revokes both tokens (RFC 7009 §2.1): the refresh token first (a server
    /// that ties them ends its access tokens with it), then the access token
    /// (a server that does not would let it live to its expiry). The server
    /// answers 200 for a token it does not know (RFC 7009 §2.2): ended either way. The
    /// second is sent even when the first fails; the first failure is thrown.
    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        guard offersSignOut else { return }
        let tokenEndpoint = try await tokenEndpoint()
        guard let revokePath = tokenEndpoint.client.revokePath else { return }
        var forms: [[(name: String, value: String)]] = []
        if let refreshToken = token.refreshToken {
            forms.append([("token", refreshToken.reveal()), ("token_type_hint", "refresh_token")])
        }
        forms.append([("token", token.token.reveal()), ("token_type_hint", "access_token")])
        var firstFailure: RemoteError?
        for form in forms {
            do throws(RemoteError) {
                let (status, data) = try await tokenEndpoint.transport.send(tokenEndpoint.request(revokePath, form))
                guard (200..<300).contains(status) else {
                    throw OAuth2ErrorMapping.error(status: status, body: data, for: .revoke)
                }
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        if let firstFailure { throw firstFailure }
    }

    /// The logout of the server's own sign-in in the browser (OpenID Connect
    /// RP-Initiated Logout 1.0), when the server has an end-session endpoint
    /// (its discovery document's `end_session_endpoint`, or the
    /// configuration's), the token carries the sign-in's ID token (the mark
    /// of a sign-in at the provider to end; it is not sent), and a proof
    /// maker draws the `state`; nil otherwise, sending nothing more than
    /// discovery, when it was not read yet.
    public func beginBrowserSignOut(_ token: SessionToken) async throws(RemoteError) -> (any BrowserSignOutAttempt)? {
        guard token.idToken != nil, let proofMaker else { return nil }
        let client = try await endpoints.resolved()
        guard let endSessionPath = client.endSessionPath else { return nil }
        return try OAuth2BrowserSignOut(
            baseURL: baseURL, client: client, endSessionPath: endSessionPath, proofMaker: proofMaker, pages: pages(),
            waitCounter: waitCounter)
    }

    /// Verifies the kept ID token as at sign-in, but for its lifetime and
    /// `nonce`: the signature with the provider's key set (fetched when not
    /// held yet, and again once for a key it lacks), then `iss`, `aud` and
    /// `azp`. A key set that cannot be read throws; every other failure,
    /// and a configuration that cannot check an ID token, is
    /// `.notTheProviders`.
    public func proveKeptSignIn(_ token: SessionToken) async throws(RemoteError) -> KeptSignInProof {
        guard let idToken = token.idToken else { return .nothingToProve }
        let client = try await endpoints.resolved()
        guard
            let verification = IDTokenVerification.forKeptToken(
                client: client, verifier: signatureVerifier, keySets: keySets, clock: clock)
        else { return .notTheProviders }
        do {
            return .proved(subject: try await verification.verifyKept(idToken.reveal()).subject)
        } catch {
            switch error {
            case .keySetUnavailable, .keySetNotFetched: throw error.remoteError
            default: return .notTheProviders
            }
        }
    }

    /// The endpoints where the server has them (discovered on first use,
    /// when the configuration asks for it).
    private func tokenEndpoint() async throws(RemoteError) -> OAuth2TokenEndpoint {
        OAuth2TokenEndpoint(transport: transport, client: try await endpoints.resolved())
    }
}
