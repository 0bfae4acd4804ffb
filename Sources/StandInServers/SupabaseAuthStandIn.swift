import Foundation
public import Ports
public import SimulatedBackend
import Synchronization

/// Supabase Auth (GoTrue) on loopback, for the contract suites and `app
/// serve --profile supabase`: the routes
/// `SupabaseAuthRemoteAPI`, `SupabaseUserRemoteAPI` and `SupabaseHealthProbe`
/// call, under `/auth/v1` as on the hosted service, with GoTrue's JSON
/// shapes and error bodies — those of `Tests/AdapterHTTPTests/SupabaseFixtures.swift`,
/// written from `supabase/auth`'s source:
///
/// - `POST /token?grant_type=password` `{"email","password"}` and
///   `POST /token?grant_type=refresh_token` `{"refresh_token"}`: the token
///   answer (`access_token`, `token_type` "bearer", `expires_in`,
///   `expires_at`, a rotated `refresh_token`, `user`); refusals
///   `invalid_credentials`, `user_banned`, `refresh_token_not_found`,
///   `refresh_token_already_used`, `session_expired`, `user_not_found`,
///   `validation_failed`;
/// - `GET /user` (Bearer): GoTrue's user, the name in `user_metadata`;
///   refusals `no_authorization`, `bad_jwt` (a token it cannot verify, or
///   one past its lifetime), `session_not_found`, `user_banned`,
///   `user_not_found`;
/// - `POST /logout?scope=local` (Bearer): 204; refusals as `GET /user`;
/// - `GET /health`: GoTrue's `{"version","name","description"}`;
/// - every route asks for the project's `apikey`, refused as the hosted
///   gateway refuses it (401 `{"message":"Invalid API key"}`).
///
/// Accounts, tokens, their lifetimes and refresh windows, revocation, the
/// server's clock, health, faults and request counts are an
/// `InMemoryBackend`'s (the one it is given): GoTrue's access token is the
/// backend's token (opaque here, a JWT there), its refresh token one the
/// stand-in keeps beside it, used once. Faults and counts are keyed by
/// GoTrue's routes (`Route`).
///
/// It is served by a `LoopbackStandIn` (127.0.0.1 only, bounded reads).
public final class SupabaseAuthStandIn: Sendable {
    /// GoTrue's routes the adapters call, as faults and counts key them.
    public enum Route: String, CaseIterable, Sendable {
        /// Sign-in by e-mail and password.
        case passwordGrant = "POST /token?grant_type=password"
        /// The refresh, its refresh token used once.
        case refreshGrant = "POST /token?grant_type=refresh_token"
        /// This device's sign-out.
        case logout = "POST /logout"
        /// The signed-in person.
        case user = "GET /user"
        /// GoTrue's health.
        case health = "GET /health"
    }

    /// `http://127.0.0.1:<port>/auth/v1`, the base the adapters are given.
    public let baseURL: String
    /// Where the accounts, tokens, health, faults and counts are.
    public let backend: InMemoryBackend
    private let clock: any Clock
    private let apiKey: String
    private let server: LoopbackStandIn
    private let sessions = Mutex(Sessions())

    /// The refresh tokens issued, and every access token issued (to tell a
    /// session that ended from a token GoTrue never signed).
    private struct Sessions {
        var refreshTokens: [String: RefreshRecord] = [:]
        var accessTokens: Set<String> = []
        var serial = 0
    }

    private struct RefreshRecord {
        let accessToken: String
        var used: Bool
    }

    /// Serves `backend` as GoTrue would, on 127.0.0.1, under `/auth/v1`.
    ///
    /// - Parameters:
    ///   - backend: the accounts and tokens; make it with
    ///     `passwordRule: .atLeast(6)`, GoTrue's default minimum.
    ///   - clock: the backend's clock, for the answers' `expires_at`.
    ///   - apiKey: the project's anon key every request must carry (`apikey`).
    ///   - port: the port; 0 (the default), one the system picks.
    ///   - requestLog: told of each answered request (`LoopbackStandIn.Answered`).
    /// - Throws: `LoopbackStandIn.StandInError` when the port cannot be had.
    public init(
        backend: InMemoryBackend, clock: any Clock, apiKey: String, port: UInt16 = 0,
        requestLog: (@Sendable (LoopbackStandIn.Answered) -> Void)? = nil
    ) throws(LoopbackStandIn.StandInError) {
        self.backend = backend
        self.clock = clock
        self.apiKey = apiKey
        server = try LoopbackStandIn(port: port)
        baseURL = server.root + "/auth/v1"
        server.start(requestLog: requestLog) { [self] request in await answer(request) }
    }

    /// Forgets every refresh token, as the backend's reset forgets every access token.
    public func resetSessions() {
        sessions.withLock { $0 = Sessions() }
    }

    // MARK: - Serving

    private typealias Request = LoopbackStandIn.Request
    private typealias Answer = LoopbackStandIn.Answer

    /// The route of `request` under `/auth/v1`, or nil.
    private func route(of request: Request) -> Route? {
        guard request.path.hasPrefix("/auth/v1/") else { return nil }
        let path = String(request.path.dropFirst("/auth/v1".count))
        let grant = request.query.split(separator: "&").first { $0.hasPrefix("grant_type=") }?.dropFirst(11)
        switch (request.method, path) {
        case ("POST", "/token") where grant == "password": return .passwordGrant
        case ("POST", "/token") where grant == "refresh_token": return .refreshGrant
        case ("POST", "/logout"): return .logout
        case ("GET", "/user"): return .user
        case ("GET", "/health"): return .health
        default: return nil
        }
    }

    /// GoTrue's own words for each refusal.
    private static func refusal(_ reason: InMemoryBackend.Refusal) -> Answer {
        switch reason {
        case .throttled: .error(429, "over_request_rate_limit", "Request rate limit reached")
        case .unavailable: .error(503, "unexpected_failure", "Service Unavailable")
        case .serverFailure: .error(500, "unexpected_failure", "Database error querying schema")
        }
    }

    private func answer(_ request: Request) async -> Answer {
        guard let route = route(of: request) else {
            await backend.countRequestWithoutRoute()
            return .error(404, "not_found", "Not Found")
        }
        let delivery: InMemoryBackend.Delivery?
        switch await LoopbackStandIn.admit(
            route.rawValue, on: backend, refusal: Self.refusal,
            errorStatus: { status in .error(status, "unexpected_failure", "Unexpected failure") })
        {
        case .answer(let answer): return answer
        case .serve(let faulty): delivery = faulty
        }
        guard request.headers["apikey"] == apiKey else {
            return .json(401, ["message": "Invalid API key"])
        }
        var answer: Answer
        switch route {
        case .passwordGrant: answer = await passwordGrant(request)
        case .refreshGrant: answer = await refreshGrant(request)
        case .logout: answer = await logout(request)
        case .user: answer = await user(request)
        case .health:
            guard await backend.health() == .healthy else {
                return .error(503, "unexpected_failure", "Service Unavailable")
            }
            answer = .json(
                200,
                [
                    "version": "v2.40.1", "name": "GoTrue",
                    "description": "GoTrue is a user registration and authentication API",
                ])
        }
        answer.delivery = delivery
        return answer
    }

    private func object(_ body: Data) -> [String: Any] {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:]
    }

    private func passwordGrant(_ request: Request) async -> Answer {
        let body = object(request.body)
        guard let email = body["email"] as? String, let password = body["password"] as? String else {
            return .error(400, "validation_failed", "missing email or phone")
        }
        do {
            let token = try await backend.signIn(
                Credentials(identifier: .email(email), password: Password(password)))
            return await tokenAnswer(token)
        } catch {
            switch error.code {
            case .userInactive: return .error(400, "user_banned", "User is banned")
            case .invalidCredentials: return .error(400, "invalid_credentials", "Invalid login credentials")
            default: return .error(500, "unexpected_failure", "Database error querying schema")
            }
        }
    }

    private func refreshGrant(_ request: Request) async -> Answer {
        guard let refreshToken = object(request.body)["refresh_token"] as? String else {
            return .error(400, "validation_failed", "refresh_token required")
        }
        guard let record = sessions.withLock({ $0.refreshTokens[refreshToken] }) else {
            return .error(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
        }
        guard !record.used else {
            return .error(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used")
        }
        do {
            let token = try await backend.refresh(AccessToken(record.accessToken))
            sessions.withLock { $0.refreshTokens[refreshToken]?.used = true }
            return await tokenAnswer(token)
        } catch {
            switch error.code {
            case .tokenExpired: return .error(400, "session_expired", "Invalid Refresh Token: Session Expired")
            case .userInactive: return .error(400, "user_banned", "Invalid Refresh Token: User Banned")
            case .userDeleted: return .error(400, "user_not_found", "User not found")
            default: return .error(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
            }
        }
    }

    private func bearer(_ request: Request) -> String? {
        guard let value = request.headers["authorization"], value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }

    /// GoTrue's refusal of the Bearer token `token`, or nil when it serves.
    private func refusal(of token: String) async -> Answer? {
        do {
            _ = try await backend.currentUser(token: AccessToken(token))
            return nil
        } catch {
            switch error.code {
            case .tokenExpired:
                return .error(
                    403, "bad_jwt",
                    "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired")
            case .userInactive: return .error(403, "user_banned", "User is banned")
            case .userDeleted: return .error(403, "user_not_found", "User from sub claim in JWT does not exist")
            default:
                guard sessions.withLock({ $0.accessTokens.contains(token) }) else {
                    return .error(403, "bad_jwt", "invalid JWT: unable to parse or verify signature")
                }
                return .error(403, "session_not_found", "Session from session_id claim in JWT does not exist")
            }
        }
    }

    private func user(_ request: Request) async -> Answer {
        guard let token = bearer(request) else {
            return .error(401, "no_authorization", "This endpoint requires a valid Bearer token")
        }
        if let refusal = await refusal(of: token) { return refusal }
        guard let profile = try? await backend.currentUser(token: AccessToken(token)) else {
            return .error(500, "unexpected_failure", "Database error finding user")
        }
        return .json(200, Self.user(profile))
    }

    private func logout(_ request: Request) async -> Answer {
        guard let token = bearer(request) else {
            return .error(401, "no_authorization", "This endpoint requires a valid Bearer token")
        }
        if let refusal = await refusal(of: token), !isAccountRefusal(refusal) { return refusal }
        // The session ends: its access token, and so every refresh token of it.
        try? await backend.signOut(AccessToken(token))
        return Answer(status: 204, body: Data())
    }

    /// A banned or deleted user may still log out: only the token's own refusals stop it.
    private func isAccountRefusal(_ answer: Answer) -> Bool {
        let code = object(answer.body)["error_code"] as? String
        return code == "user_banned" || code == "user_not_found"
    }

    private func tokenAnswer(_ token: AccessToken) async -> Answer {
        let refreshToken = sessions.withLock { sessions in
            sessions.serial += 1
            let refreshToken = "gotrue-refresh-\(sessions.serial)-\(UUID().uuidString.prefix(8))"
            sessions.refreshTokens[refreshToken] = RefreshRecord(accessToken: token.reveal(), used: false)
            sessions.accessTokens.insert(token.reveal())
            return refreshToken
        }
        let lifetime = Int(backend.configuration.tokenLifetime.components.seconds)
        let profile = try? await backend.currentUser(token: token)
        return .json(
            200,
            [
                "access_token": token.reveal(), "token_type": "bearer", "expires_in": lifetime,
                "expires_at": Int(clock.now().timeIntervalSince1970) + lifetime, "refresh_token": refreshToken,
                "user": profile.map(Self.user) ?? [:],
            ])
    }

    /// `models.User` as GoTrue writes it: no CPF, the name in `user_metadata`.
    private static func user(_ profile: UserProfile) -> [String: Any] {
        [
            "id": profile.id, "aud": "authenticated", "role": "authenticated", "email": profile.email, "phone": "",
            "app_metadata": ["provider": "email", "providers": ["email"]],
            "user_metadata": ["name": profile.name], "identities": [] as [Any],
            "created_at": "2024-01-01T00:00:00Z", "updated_at": "2024-01-02T00:00:00Z", "is_anonymous": false,
        ]
    }
}

extension LoopbackStandIn.Answer {
    /// `apierrors.HTTPError` as GoTrue writes it without the API version header.
    static func error(_ status: Int, _ code: String, _ message: String) -> Self {
        json(status, ["code": status, "error_code": code, "msg": message])
    }
}
