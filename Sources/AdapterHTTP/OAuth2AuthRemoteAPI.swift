public import Ports

/// `AuthRemoteAPI` over an OAuth 2.0 authorization server: sign-in by the
/// resource owner password grant (RFC 6749 §4.3), refresh by
/// `grant_type=refresh_token` (RFC 6749 §6), logout by token revocation (RFC 7009).
/// Bodies are form-encoded; a public client sends its id in the body, a
/// confidential one its id and secret by HTTP Basic (RFC 6749 §2.3.1). The answer's
/// `expires_in` becomes the stated lifetime and its `refresh_token` the
/// session's refresh token; refusals are mapped by `OAuth2ErrorMapping`.
///
/// The resource routes are the wire contract's, with Bearer tokens (RFC
/// 6750): the user and statement adapters serve them with
/// `tokenHeaderStyle: .bearer`. Registration is not part of OAuth 2.0: this
/// adapter says so (`offersRegistration` is false), sends nothing and
/// refuses it as a route the backend does not have.
public struct OAuth2AuthRemoteAPI: AuthRemoteAPI {
    private let transport: HTTPTransport
    private let client: OAuth2Configuration

    /// An adapter for `client` at the server of `configuration`.
    ///
    /// - Parameters:
    ///   - configuration: the server's base URL, timeout and connections.
    ///   - client: the client id (and secret) and the endpoints' paths.
    public init(configuration: HTTPConfiguration, client: OAuth2Configuration) {
        transport = HTTPTransport(configuration: configuration)
        self.client = client
    }

    /// The username is the CPF's digits or the e-mail, as typed.
    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        let username: String
        switch credentials.identifier {
        case .cpf(let digits): username = digits
        case .email(let email): username = email
        }
        var form: [(name: String, value: String)] = [
            ("grant_type", "password"), ("username", username), ("password", credentials.password.reveal()),
        ]
        if let scope = client.scope { form.append(("scope", scope)) }
        return try await tokens(form, for: .signIn)
    }

    /// This backend signs in by password only.
    public var signInMethods: [SignInMethod] { [.password] }

    /// Refused at once, sending nothing: this backend signs in by password only.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        throw .signInRefused(.methodNotOffered)
    }

    /// Sends the refresh token. A session without one (never issued by this
    /// backend) is refused as an unknown token, sending nothing.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        guard case .refreshToken(let refreshToken) = credential else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        return try await tokens(
            [("grant_type", "refresh_token"), ("refresh_token", refreshToken.reveal())], for: .refresh)
    }

    /// OAuth 2.0 has no registration: accounts are made on the server's side.
    public var offersRegistration: Bool { false }

    /// The password grant's `username` is the CPF or the e-mail as typed.
    public var signsInByCPF: Bool { true }

    /// The password grant's `username` takes an e-mail as well.
    public var signsInByEmail: Bool { true }

    /// Refused at once as a route the backend lacks (`NOT_FOUND`), sending
    /// nothing: the app does not offer sign-up here (`offersRegistration`).
    public func register(_ registration: Registration) async throws(RemoteError) -> String {
        throw .rejected(status: 404, code: .notFound)
    }

    /// Whether the configuration names a revocation endpoint.
    public var offersSignOut: Bool { client.revokePath != nil }

    /// Revokes the refresh token (which ends the access tokens it bought), or
    /// the access token when the session has no refresh token. The server
    /// answers 200 for a token it does not know (RFC 7009 §2.2): ended either way.
    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        guard let revokePath = client.revokePath else { return }
        let form: [(name: String, value: String)] =
            if let refreshToken = token.refreshToken {
                [("token", refreshToken.reveal()), ("token_type_hint", "refresh_token")]
            } else {
                [("token", token.token.reveal()), ("token_type_hint", "access_token")]
            }
        let (status, data) = try await transport.send(request(revokePath, form))
        guard (200..<300).contains(status) else {
            throw OAuth2ErrorMapping.error(status: status, body: data, for: .revoke)
        }
    }

    // MARK: - The token endpoint

    private func tokens(_ form: [(name: String, value: String)], for kind: OAuth2ErrorMapping.Request)
        async throws(RemoteError) -> IssuedTokens
    {
        let (status, data) = try await transport.send(request(client.tokenPath, form))
        guard (200..<300).contains(status) else {
            throw OAuth2ErrorMapping.error(status: status, body: data, for: kind)
        }
        return try OAuth2TokenResponse.tokens(from: data)
    }

    /// A form POST to `path` with the client's authentication: its id in the
    /// body for a public client, id and secret by Basic for a confidential
    /// one. The body holds a password or a token: never redirected.
    private func request(_ path: String, _ form: [(name: String, value: String)]) -> HTTPRequest {
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
