import Foundation
public import SimulatedBackend
import Ports
import Synchronization

/// Firebase Authentication's REST API on loopback, for the contract suites
/// and `app serve --profile firebase`: the two services `FirebaseAuthRemoteAPI`
/// calls, each under its host's name as a path prefix (as the Firebase
/// emulator serves them: `/identitytoolkit.googleapis.com/v1/`,
/// `/securetoken.googleapis.com/v1/`), with Firebase's JSON shapes and error
/// bodies as Google's REST reference gives them:
///
/// - `POST …/accounts:signInWithPassword?key=KEY`
///   `{"email", "password", "returnSecureToken"}`: `{"kind", "localId",
///   "email", "displayName", "idToken", "registered", "refreshToken",
///   "expiresIn": "3600"}`; refusals `EMAIL_NOT_FOUND`, `INVALID_PASSWORD`,
///   `USER_DISABLED`, `MISSING_PASSWORD`;
/// - `POST …/accounts:signUp?key=KEY`, the same body: the
///   account made and signed in, answered `{"kind", "localId", "email",
///   "idToken", "refreshToken", "expiresIn"}`; refusals `EMAIL_EXISTS`,
///   `INVALID_EMAIL`, `MISSING_PASSWORD` and `WEAK_PASSWORD : Password should
///   be at least 6 characters` (one at a time, the e-mail's first), as
///   Firebase judges them: any password of six characters or more is taken;
/// - `POST …/token?key=KEY` (the Secure Token service), form
///   `grant_type=refresh_token&refresh_token=…`: `{"expires_in", "token_type",
///   "refresh_token", "id_token", "user_id", "project_id"}`, the refresh token
///   the one sent (Firebase's do not rotate); refusals
///   `INVALID_REFRESH_TOKEN`, `TOKEN_EXPIRED`, `USER_DISABLED`,
///   `USER_NOT_FOUND`, `MISSING_REFRESH_TOKEN`, `INVALID_GRANT_TYPE`;
/// - every refusal is `{"error": {"code": 400, "message": CODE, "errors":
///   [{"message": CODE, "domain": "global", "reason": "invalid"}]}}`, and a
///   missing or wrong key is Google's 400 "API key not valid" with the
///   detail reason `API_KEY_INVALID`.
///
/// Accounts, tokens, lifetimes, refresh windows, revocation, the clock,
/// faults and counts are an `InMemoryBackend`'s (the one it is given): the ID
/// token is the backend's access token, the refresh token one the stand-in
/// keeps beside the session's latest ID token. Faults and counts are keyed
/// by the two routes (`Route`). It is served by a `LoopbackStandIn`
/// (127.0.0.1 only, bounded reads).
public final class FirebaseAuthStandIn: Sendable {
    /// The routes the adapter calls, as faults and counts key them.
    public enum Route: String, CaseIterable, Sendable {
        /// The Identity Toolkit's sign-in by e-mail and password.
        case signInWithPassword = "POST accounts:signInWithPassword"
        /// The Identity Toolkit's sign-up.
        case signUp = "POST accounts:signUp"
        /// The Secure Token service's refresh.
        case refresh = "POST token"
    }

    /// `http://127.0.0.1:<port>/identitytoolkit.googleapis.com/v1/`, the Identity Toolkit's base.
    public let identityToolkitURL: String
    /// `http://127.0.0.1:<port>/securetoken.googleapis.com/v1/`, the Secure Token service's base.
    public let secureTokenURL: String
    /// Where the accounts, tokens, faults and counts are.
    public let backend: InMemoryBackend
    private let apiKey: String
    private let server: LoopbackStandIn
    /// Each refresh token issued, and the ID token it last bought.
    private let sessions = Mutex([String: String]())

    /// Serves `backend` as Firebase would, on 127.0.0.1.
    ///
    /// - Parameters:
    ///   - backend: the accounts and tokens; make it with
    ///     `passwordRule: .atLeast(6)`, Firebase's own minimum.
    ///   - apiKey: the project's Web API key every request must carry.
    ///   - port: the port; 0 (the default), one the system picks.
    ///   - requestLog: told of each answered request (`LoopbackStandIn.Answered`).
    /// - Throws: `LoopbackStandIn.StandInError` when the port cannot be had.
    public init(
        backend: InMemoryBackend, apiKey: String, port: UInt16 = 0,
        requestLog: (@Sendable (LoopbackStandIn.Answered) -> Void)? = nil
    ) throws(LoopbackStandIn.StandInError) {
        self.backend = backend
        self.apiKey = apiKey
        server = try LoopbackStandIn(port: port)
        identityToolkitURL = server.root + Self.identityToolkitPrefix + "/"
        secureTokenURL = server.root + Self.secureTokenPrefix + "/"
        server.start(requestLog: requestLog) { [self] request in await answer(request) }
    }

    private static let identityToolkitPrefix = "/identitytoolkit.googleapis.com/v1"
    private static let secureTokenPrefix = "/securetoken.googleapis.com/v1"

    /// Forgets every refresh token, as the backend's reset forgets every ID token.
    public func resetSessions() {
        sessions.withLock { $0 = [:] }
    }

    // MARK: - Serving

    private typealias Request = LoopbackStandIn.Request
    private typealias Answer = LoopbackStandIn.Answer

    private func route(of request: Request) -> Route? {
        switch (request.method, request.path) {
        case ("POST", Self.identityToolkitPrefix + "/accounts:signInWithPassword"): .signInWithPassword
        case ("POST", Self.identityToolkitPrefix + "/accounts:signUp"): .signUp
        case ("POST", Self.secureTokenPrefix + "/token"): .refresh
        default: nil
        }
    }

    /// Firebase's own words: a throttle is a 400 whose message is its code
    /// and a detail; an outage and a failure are Google's envelope.
    private static func refusal(_ reason: InMemoryBackend.Refusal) -> Answer {
        switch reason {
        case .throttled:
            refusal(
                "TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts."
            )
        case .unavailable: googleError(503, "The service is currently unavailable.", detailReason: nil)
        case .serverFailure: googleError(500, "Internal error encountered.", detailReason: nil)
        }
    }

    private func answer(_ request: Request) async -> Answer {
        guard let route = route(of: request) else {
            await backend.countRequestWithoutRoute()
            return Self.googleError(404, "NOT_FOUND", detailReason: nil)
        }
        let delivery: InMemoryBackend.Delivery?
        switch await LoopbackStandIn.admit(
            route.rawValue, on: backend, refusal: Self.refusal,
            errorStatus: { status in Self.googleError(status, "Internal error encountered.", detailReason: nil) })
        {
        case .answer(let answer): return answer
        case .serve(let faulty): delivery = faulty
        }
        guard Self.parameters(request.query)["key"] == apiKey else {
            return Self.googleError(
                400, "API key not valid. Please pass a valid API key.", detailReason: "API_KEY_INVALID")
        }
        var answer: Answer
        switch route {
        case .signInWithPassword: answer = await signIn(request)
        case .signUp: answer = await signUp(request)
        case .refresh: answer = await refresh(request)
        }
        answer.delivery = delivery
        return answer
    }

    private func signIn(_ request: Request) async -> Answer {
        let body = ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]) ?? [:]
        guard let email = body["email"] as? String, !email.isEmpty else { return Self.refusal("INVALID_EMAIL") }
        guard let password = body["password"] as? String, !password.isEmpty else {
            return Self.refusal("MISSING_PASSWORD")
        }
        do {
            let token = try await backend.signIn(Credentials(identifier: .email(email), password: Password(password)))
            let refreshToken = startSession(token)
            let profile = try? await backend.currentUser(token: token)
            return .json(
                200,
                [
                    "kind": "identitytoolkit#VerifyPasswordResponse", "localId": profile?.id ?? "",
                    "email": email, "displayName": profile?.name ?? "", "idToken": token.reveal(),
                    "registered": true, "refreshToken": refreshToken, "expiresIn": lifetime,
                ])
        } catch {
            switch error.code {
            case .userInactive: return Self.refusal("USER_DISABLED")
            default: return Self.refusal(error.code == .invalidCredentials ? "INVALID_PASSWORD" : "EMAIL_NOT_FOUND")
            }
        }
    }

    /// Firebase's own rules, not the wire contract's: an e-mail with a local
    /// part and a dotted domain, a password of six characters or more; no
    /// name, no CPF. The backend keeps the account (judging only its e-mail)
    /// and signs it in.
    private func signUp(_ request: Request) async -> Answer {
        let body = ((try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any]) ?? [:]
        guard let email = body["email"] as? String, Self.isFirebaseEmail(email) else {
            return Self.refusal("INVALID_EMAIL")
        }
        guard let password = body["password"] as? String, !password.isEmpty else {
            return Self.refusal("MISSING_PASSWORD")
        }
        guard password.count >= 6 else {
            return Self.refusal("WEAK_PASSWORD : Password should be at least 6 characters")
        }
        do {
            let id = try await backend.register(
                Registration(name: "", email: email, cpf: "", password: Password(password)), judging: [.email])
            let token = try await backend.signIn(Credentials(identifier: .email(email), password: Password(password)))
            let refreshToken = startSession(token)
            return .json(
                200,
                [
                    "kind": "identitytoolkit#SignupNewUserResponse", "localId": id, "email": email,
                    "idToken": token.reveal(), "refreshToken": refreshToken, "expiresIn": lifetime,
                ])
        } catch {
            switch error.code {
            case .alreadyRegistered: return Self.refusal("EMAIL_EXISTS")
            case .validationFailed: return Self.refusal("INVALID_EMAIL")
            default: return Self.googleError(503, "Internal error encountered.", detailReason: nil)
            }
        }
    }

    /// An address Firebase takes: one `@`, a local part, a dotted domain.
    private static func isFirebaseEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    private func refresh(_ request: Request) async -> Answer {
        let form = Self.parameters(String(decoding: request.body, as: UTF8.self))
        guard form["grant_type"] == "refresh_token" else { return Self.refusal("INVALID_GRANT_TYPE") }
        guard let refreshToken = form["refresh_token"], !refreshToken.isEmpty else {
            return Self.refusal("MISSING_REFRESH_TOKEN")
        }
        guard let idToken = sessions.withLock({ $0[refreshToken] }) else {
            return Self.refusal("INVALID_REFRESH_TOKEN")
        }
        do {
            let token = try await backend.refresh(AccessToken(idToken))
            sessions.withLock { $0[refreshToken] = token.reveal() }
            let profile = try? await backend.currentUser(token: token)
            return .json(
                200,
                [
                    "expires_in": lifetime, "token_type": "Bearer", "refresh_token": refreshToken,
                    "id_token": token.reveal(), "user_id": profile?.id ?? "", "project_id": "gatehouse-stand-in",
                ])
        } catch {
            switch error.code {
            case .tokenExpired: return Self.refusal("TOKEN_EXPIRED")
            case .userInactive: return Self.refusal("USER_DISABLED")
            case .userDeleted: return Self.refusal("USER_NOT_FOUND")
            default: return Self.refusal("INVALID_REFRESH_TOKEN")
            }
        }
    }

    /// A new refresh token for the session `token` begins, kept beside it.
    private func startSession(_ token: AccessToken) -> String {
        let refreshToken = "firebase-refresh-\(UUID().uuidString)"
        sessions.withLock { $0[refreshToken] = token.reveal() }
        return refreshToken
    }

    /// The ID token's lifetime, as Firebase writes it: a decimal string of seconds.
    private var lifetime: String { String(backend.configuration.tokenLifetime.components.seconds) }

    /// A form or query's `name=value` pairs, decoded.
    private static func parameters(_ text: String) -> [String: String] {
        var pairs: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            if parts.count == 2 { pairs[parts[0]] = parts[1] }
        }
        return pairs
    }

    /// Firebase's refusal: a 400 with the code as the message.
    private static func refusal(_ code: String) -> Answer {
        googleError(400, code, detailReason: nil)
    }

    /// Google's error envelope.
    private static func googleError(_ status: Int, _ message: String, detailReason: String?) -> Answer {
        var error: [String: Any] = [
            "code": status, "message": message,
            "errors": [["message": message, "domain": "global", "reason": "invalid"]],
        ]
        if let detailReason { error["details"] = [["reason": detailReason]] }
        return .json(status, ["error": error])
    }
}
