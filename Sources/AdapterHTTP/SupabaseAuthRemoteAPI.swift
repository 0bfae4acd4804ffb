public import BoundedHTTP
public import Ports

/// `AuthRemoteAPI` over Supabase Auth (GoTrue): OAuth 2.0's password and
/// refresh-token grants in Supabase's dialect — `grant_type` in the query,
/// JSON bodies, the project's `apikey` header on every request — and logout
/// by `POST /logout?scope=local` with the access token as Bearer.
///
/// The token answer is read as any OAuth 2.0 one (`OAuth2TokenResponse`):
/// `expires_in` is the stated lifetime, `refresh_token` the rotated refresh
/// token; its `expires_at` and `user` are not needed and not read. Refusals
/// are mapped by `SupabaseErrorMapping`.
///
/// Supabase signs in by e-mail or phone, never by CPF (`signsInByCPF` is
/// false): a CPF is refused at once, sending nothing, as
/// `.signInRefused(.identifierKindNotAccepted)`.
/// Registration is not offered (`registrationOffer` is `.none`): sign-up on
/// Supabase can answer a session, and Gatehouse's sign-up creates none.
///
/// Built from Supabase Auth's public source, not tried against a live
/// Supabase. The configuration must send tokens as Bearer.
public struct SupabaseAuthRemoteAPI: AuthRemoteAPI {
    private let transport: HTTPTransport

    /// An adapter for the Supabase Auth at `configuration`'s base URL (on the
    /// hosted service, `https://<project>.supabase.co/auth/v1`), sending its
    /// API key (the project's anon key) as `apikey`.
    public init(configuration: HTTPConfiguration) {
        transport = HTTPTransport(configuration: configuration)
    }

    /// `POST token?grant_type=password` with `{"email", "password"}`.
    public func signIn(_ credentials: Credentials) async throws(RemoteError) -> IssuedTokens {
        guard case .email(let email) = credentials.identifier else {
            throw .signInRefused(.identifierKindNotAccepted)
        }
        return try await tokens(
            grant: "password", body: ["email": email, "password": credentials.password.reveal()], for: .signIn)
    }

    /// Supabase signs in by e-mail (or phone) and password only: it has no
    /// CPF. GoTrue rotates every refresh token it exchanges
    /// (`refresh_token_rotation_enabled`); it says `user_banned` for an
    /// inactive account at sign-in and refresh (a deleted one has no
    /// session), and past its time-box a session ends as `session_expired`,
    /// read as `TOKEN_INVALID`. Its default password rule
    /// (`GOTRUE_PASSWORD_MIN_LENGTH`) is at least six characters. Sign-up is
    /// not offered: Supabase's sign-up may answer a session, which
    /// Gatehouse's Supabase sign-up does not read. `POST /logout` is always there.
    public var capabilities: AuthCapabilities {
        AuthCapabilities(
            signInMethods: [.password], signsInByCPF: false, signsInByEmail: true, refreshRotation: .always,
            refusalsToldApart: [.inactiveAccountAtSignIn, .accountStateAtRefresh], passwordRule: .atLeast(6),
            registrationOffer: .none, offersSignOut: true)
    }

    /// Refused at once, sending nothing: this backend signs in by password only.
    public func beginSignIn(_ method: SignInMethod) async throws(RemoteError) -> any ExternalSignInAttempt {
        throw .signInRefused(.methodNotOffered)
    }

    /// `POST token?grant_type=refresh_token` with `{"refresh_token"}`. A
    /// session without a refresh token (never issued by this backend) is
    /// refused as an unknown token, sending nothing.
    public func refresh(_ credential: RefreshCredential) async throws(RemoteError) -> IssuedTokens {
        guard case .refreshToken(let refreshToken) = credential else {
            throw .rejected(status: 401, code: .tokenInvalid)
        }
        return try await tokens(
            grant: "refresh_token", body: ["refresh_token": refreshToken.reveal()], for: .refresh)
    }

    /// Refused at once as a route the backend lacks (`NOT_FOUND`), sending
    /// nothing: the app does not offer sign-up here (`registrationOffer` is `.none`).
    public func register(_ registration: Registration) async throws(RemoteError) -> RegistrationOutcome {
        throw .rejected(status: 404, code: .notFound)
    }

    /// `POST logout?scope=local`: ends this device's session (its refresh
    /// tokens), not the person's sessions elsewhere. A session Supabase has
    /// already ended (`session_not_found`) is ended either way: success.
    ///
    /// Logout is authorised by the access token, and one past its lifetime is
    /// refused (`bad_jwt`) while the session's refresh token still works — a
    /// logout after the app stood still (behind the PIN screen nothing
    /// refreshes) would otherwise leave the session alive on the server. So a
    /// refused access token is exchanged once with the refresh token and the
    /// session ended with the new one; a refresh token Supabase no longer
    /// knows means the session is already over.
    public func signOut(_ token: SessionToken) async throws(RemoteError) {
        guard try await logout(token.token) == .accessTokenRefused else { return }
        // Without a refresh token the token was never Supabase's session:
        // there is nothing on the server to end, so it is ended either way.
        guard let refreshToken = token.refreshToken else { return }
        let fresh: IssuedTokens
        do {
            fresh = try await refresh(.refreshToken(refreshToken))
        } catch  where error.code == .tokenInvalid {
            return
        }
        guard try await logout(fresh.accessToken) == .ended else {
            // A token just issued, refused: the session lives on; say so.
            throw .rejected(status: 401, code: .tokenInvalid)
        }
    }

    /// What one `POST logout` gave, short of a failure to report.
    private enum LogoutAnswer {
        /// The session is over on the server (now or before).
        case ended
        /// The access token was refused before the session was looked at.
        case accessTokenRefused
    }

    private func logout(_ accessToken: AccessToken) async throws(RemoteError) -> LogoutAnswer {
        let request = HTTPRequest(method: "POST", path: "logout?scope=local", limit: .authAnswer, token: accessToken)
        let (status, data) = try await transport.send(request)
        guard !(200..<300).contains(status) else { return .ended }
        switch SupabaseErrorMapping.code(in: data) {
        case "session_not_found", "session_expired": return .ended
        case "bad_jwt", "no_authorization": return .accessTokenRefused
        default: throw SupabaseErrorMapping.error(status: status, body: data, for: .bearer)
        }
    }

    private func tokens(grant: String, body: [String: any Sendable], for kind: SupabaseErrorMapping.Request)
        async throws(RemoteError) -> IssuedTokens
    {
        // The body holds a password or a refresh token: never redirected.
        let request = HTTPRequest(
            method: "POST", path: "token?grant_type=" + grant, limit: .authAnswer, body: body, forbidsRedirect: true)
        let (status, data) = try await transport.send(request)
        guard (200..<300).contains(status) else {
            throw SupabaseErrorMapping.error(status: status, body: data, for: kind)
        }
        // GoTrue's grants ask no scope.
        return try OAuth2TokenResponse.tokens(from: data, askedScope: nil)
    }
}
