import Foundation
import Ports

/// Firebase Authentication's refusals mapped onto the port's `RemoteError`,
/// so the domain reads them as it reads the wire contract's: nothing past
/// this file knows Firebase's error codes.
///
/// Firebase writes every refusal as `{"error": {"code": 400, "message":
/// "INVALID_PASSWORD", …}}`; some messages carry a detail after the code
/// (`"WEAK_PASSWORD : Password should be at least 6 characters"`,
/// `"TOO_MANY_ATTEMPTS_TRY_LATER : …"`). Only the code, up to the first
/// space or colon, is read, and only a code of the table below reaches an
/// error's text: never the detail, which may repeat what was typed.
enum FirebaseErrorMapping {
    /// Which request was refused: the same code means different things at
    /// sign-in, at refresh and at sign-up.
    enum Request {
        case signIn
        case refresh
        case signUp
    }

    /// Firebase's code in `body` (`error.message` up to its detail), nil when
    /// the body is not Firebase's error.
    static func code(in body: Data) -> String? {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        guard let error = object?["error"] as? [String: Any] else { return nil }
        // Google's gateway says a key it refuses in prose; the code is in `details`.
        let details = error["details"] as? [[String: Any]] ?? []
        if details.contains(where: { $0["reason"] as? String == "API_KEY_INVALID" }) { return "API_KEY_INVALID" }
        guard let message = error["message"] as? String else { return nil }
        let code = message.prefix { $0 != " " && $0 != ":" }
        return code.isEmpty ? nil : String(code)
    }

    /// The `RemoteError` for an answer of `status` with `body` to `request`.
    static func error(status: Int, body: Data, for request: Request) -> RemoteError {
        // A 5xx, a 408 or a 429 is the server's, whatever the body says.
        if status >= 500 || status == 408 || status == 429 { return .rejected(status: status, code: nil) }
        guard let code = code(in: body) else { return .rejected(status: status, code: nil) }
        switch (code, request) {
        case ("API_KEY_INVALID", _), ("INVALID_API_KEY", _), ("PROJECT_NOT_FOUND", _):
            return .misconfigured(.clientRefused(code))
        case ("OPERATION_NOT_ALLOWED", _), ("PASSWORD_LOGIN_DISABLED", _):
            return .misconfigured(.methodDisabled(code))
        case ("TOO_MANY_ATTEMPTS_TRY_LATER", _): return .rejected(status: 429, code: nil)
        case ("EMAIL_NOT_FOUND", .signIn), ("INVALID_PASSWORD", .signIn), ("INVALID_LOGIN_CREDENTIALS", .signIn),
            ("INVALID_EMAIL", .signIn):
            return .rejected(status: 401, code: .invalidCredentials)
        case ("USER_DISABLED", _): return .rejected(status: 403, code: .userInactive)
        case ("INVALID_REFRESH_TOKEN", .refresh), ("MISSING_REFRESH_TOKEN", .refresh),
            ("INVALID_GRANT_TYPE", .refresh):
            return .rejected(status: 401, code: .tokenInvalid)
        case ("TOKEN_EXPIRED", .refresh): return .rejected(status: 401, code: .tokenExpired)
        case ("USER_NOT_FOUND", .refresh): return .rejected(status: 410, code: .userDeleted)
        case ("EMAIL_EXISTS", .signUp): return .rejected(status: 409, code: .alreadyRegistered)
        case ("INVALID_EMAIL", .signUp), ("MISSING_EMAIL", .signUp):
            return .rejected(status: 400, code: .validationFailed, fields: ["email": code])
        case ("WEAK_PASSWORD", .signUp), ("MISSING_PASSWORD", .signUp):
            return .rejected(status: 400, code: .validationFailed, fields: ["password": code])
        default: return .rejected(status: status, code: nil)
        }
    }
}
