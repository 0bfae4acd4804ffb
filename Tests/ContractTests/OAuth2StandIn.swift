import SimulatedBackend
import StandInServers
import Foundation
import Ports
import Synchronization
import TaskRuntime
import VirtualTime

/// An OAuth 2.0 authorization server on loopback, for the contract suites'
/// control part (the OAuth 2.0 test server of `OAUTH2_LEGACY_BASE_URL` has no
/// switches): the token endpoint `POST /o/token/` and the revocation
/// endpoint `POST /o/revoke_token/` as django-oauth-toolkit serves them
/// (`OAuth2Configuration`'s default paths), form-encoded:
///
/// - `grant_type=password` (RFC 6749 §4.3) with `username` (the CPF's
///   digits, or an e-mail) and `password`, and `grant_type=refresh_token`
///   (RFC 6749 §6): `{"access_token","token_type":"Bearer","expires_in",
///   "refresh_token","scope"}`, the refresh token rotated and used once;
///   every refusal of a grant is `400 {"error":"invalid_grant"}`
///   (RFC 6749 §5.2) — wrong credentials, an inactive or deleted account, an
///   unknown, used, revoked or expired refresh token alike;
/// - the client: `client_id` in the body (a public client) or HTTP Basic (a
///   confidential one); none is `401 {"error":"invalid_client"}`;
/// - revocation (RFC 7009): `token` (a refresh or an access token) ends the
///   session; a token it does not know is answered 200 (RFC 7009 §2.2).
///
/// Accounts, tokens, lifetimes, refresh windows, revocation, the clock,
/// faults and counts are an `InMemoryBackend`'s, as in `SupabaseAuthStandIn`.
final class OAuth2StandIn: Sendable {
    /// The endpoints the adapter calls, as faults and counts key them.
    enum Route: String, CaseIterable, Sendable {
        case passwordGrant = "POST /o/token/ grant_type=password"
        case refreshGrant = "POST /o/token/ grant_type=refresh_token"
        case revoke = "POST /o/revoke_token/"
    }

    /// `http://127.0.0.1:<port>/`, the base the adapter is given.
    let baseURL: String
    let backend: InMemoryBackend
    let clock: ManualClock
    private let server: LoopbackStandIn
    private let refreshTokens = Mutex([String: RefreshRecord]())
    private let serial = Mutex(0)

    private struct RefreshRecord {
        let accessToken: String
        var used: Bool
    }

    private typealias Request = LoopbackStandIn.Request
    private typealias Answer = LoopbackStandIn.Answer

    init() throws {
        let clock = ManualClock()
        self.clock = clock
        backend = InMemoryBackend(clock: clock)
        server = try LoopbackStandIn()
        baseURL = server.root + "/"
        server.start { [self] request in await answer(request) }
    }

    /// Forgets every refresh token, as the backend's reset forgets every access token.
    func resetSessions() {
        refreshTokens.withLock { $0 = [:] }
    }

    private func form(_ body: Data) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? ""
            }
            fields[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return fields
    }

    private func route(of request: Request, _ form: [String: String]) -> Route? {
        switch (request.method, request.path) {
        case ("POST", "/o/token/") where form["grant_type"] == "password": .passwordGrant
        case ("POST", "/o/token/") where form["grant_type"] == "refresh_token": .refreshGrant
        case ("POST", "/o/revoke_token/"): .revoke
        default: nil
        }
    }

    /// The RFC 6749 §5.2 code a token endpoint sends with `status` when it
    /// answers an error it was not asked about: the request's fault at 400,
    /// the client's at 401, the server's otherwise (RFC 6749 §4.1.2.1's
    /// `server_error`, `temporarily_unavailable` when it is overloaded).
    private static func errorCode(answering status: Int) -> String {
        switch status {
        case 400: "invalid_request"
        case 401: "invalid_client"
        case 429, 503: "temporarily_unavailable"
        default: "server_error"
        }
    }

    private static func oauthError(_ status: Int, _ error: String) -> Answer {
        .json(status, ["error": error])
    }

    /// RFC 6749 §5.2 names no throttle or outage: the status, with the nearest code.
    private static func refusal(_ reason: InMemoryBackend.Refusal) -> Answer {
        switch reason {
        case .throttled: oauthError(429, "temporarily_unavailable")
        case .unavailable: oauthError(503, "temporarily_unavailable")
        case .serverFailure: oauthError(500, "server_error")
        }
    }

    private func answer(_ request: Request) async -> Answer {
        let form = form(request.body)
        guard let route = route(of: request, form) else {
            await backend.countRequestWithoutRoute()
            return request.path == "/o/token/"
                ? Self.oauthError(400, "unsupported_grant_type") : .json(404, ["detail": "Not found."])
        }
        let delivery: InMemoryBackend.Delivery?
        switch await LoopbackStandIn.admit(
            route.rawValue, on: backend, refusal: Self.refusal,
            errorStatus: { status in Self.oauthError(status, Self.errorCode(answering: status)) })
        {
        case .answer(let answer): return answer
        case .serve(let faulty): delivery = faulty
        }
        let publicClient = !(form["client_id"] ?? "").isEmpty
        let confidentialClient = request.headers["authorization"]?.hasPrefix("Basic ") == true
        guard publicClient || confidentialClient else { return Self.oauthError(401, "invalid_client") }
        var answer: Answer
        switch route {
        case .passwordGrant: answer = await passwordGrant(form)
        case .refreshGrant: answer = await refreshGrant(form)
        case .revoke: answer = await revoke(form)
        }
        answer.delivery = delivery
        return answer
    }

    private func passwordGrant(_ form: [String: String]) async -> Answer {
        guard let username = form["username"], let password = form["password"] else {
            return Self.oauthError(400, "invalid_request")
        }
        let identifier: LoginIdentifier = username.contains("@") ? .email(username) : .cpf(username)
        do {
            let token = try await backend.signIn(Credentials(identifier: identifier, password: Password(password)))
            return tokenAnswer(token)
        } catch {
            // RFC 6749 §5.2: the grant is refused, whatever the account's state.
            return Self.oauthError(400, "invalid_grant")
        }
    }

    private func refreshGrant(_ form: [String: String]) async -> Answer {
        guard let refreshToken = form["refresh_token"],
            let record = refreshTokens.withLock({ $0[refreshToken] }), !record.used
        else { return Self.oauthError(400, "invalid_grant") }
        do {
            let token = try await backend.refresh(AccessToken(record.accessToken))
            refreshTokens.withLock { $0[refreshToken]?.used = true }
            return tokenAnswer(token)
        } catch {
            return Self.oauthError(400, "invalid_grant")
        }
    }

    private func revoke(_ form: [String: String]) async -> Answer {
        guard let token = form["token"] else { return Self.oauthError(400, "invalid_request") }
        let accessToken =
            refreshTokens.withLock { tokens -> String? in
                guard let record = tokens[token] else { return nil }
                tokens[token]?.used = true
                return record.accessToken
            } ?? token
        // A token the server does not know is answered 200 too (RFC 7009 §2.2).
        try? await backend.signOut(AccessToken(accessToken))
        return Answer(status: 200, body: Data())
    }

    private func tokenAnswer(_ token: AccessToken) -> Answer {
        let number = serial.withLock { serial in
            serial += 1
            return serial
        }
        let refreshToken = "oauth2-refresh-\(number)-\(UUID().uuidString.prefix(8))"
        refreshTokens.withLock { $0[refreshToken] = RefreshRecord(accessToken: token.reveal(), used: false) }
        return .json(
            200,
            [
                "access_token": token.reveal(), "token_type": "Bearer",
                "expires_in": Int(backend.configuration.tokenLifetime.components.seconds),
                "refresh_token": refreshToken, "scope": "read",
            ])
    }
}
