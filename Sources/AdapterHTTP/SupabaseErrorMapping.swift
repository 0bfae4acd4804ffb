import Foundation
import Ports

/// Supabase Auth's refusals mapped onto the port's `RemoteError`, so the
/// domain reads them as it reads the wire contract's: nothing past this file
/// knows Supabase's error codes.
///
/// Supabase Auth writes an error three ways, and all three are read: its
/// current `{"code": 400, "error_code": "invalid_credentials", "msg": …}`, the
/// same with the API version header of 2024-01-01 (`{"code":
/// "invalid_credentials", "message": …}`), and its OAuth 2.0 answers
/// (`{"error": "invalid_grant", "error_description": …}`, RFC 6749 §5.2), which
/// go through `OAuth2ErrorMapping`. The `msg` and descriptions are never read
/// or repeated: only a code from the table below reaches an error's text.
enum SupabaseErrorMapping {
    /// Which request was refused: the same code means different things at
    /// sign-in, at refresh and on a Bearer route.
    enum Request: CaseIterable {
        case signIn
        case refresh
        /// `GET /user` or `POST /logout`, with the access token as Bearer.
        case bearer

        var oauth2: OAuth2ErrorMapping.Request {
            switch self {
            case .signIn: .signIn
            case .refresh: .refresh
            case .bearer: .revoke
            }
        }
    }

    /// Codes that end the session: the refresh token or the access token's
    /// session is unknown, spent, reused, expired or revoked, or the Bearer
    /// token is missing or does not verify.
    static let refusedTokenCodes: Set<String> = [
        "refresh_token_not_found", "refresh_token_already_used", "session_not_found", "session_expired", "bad_jwt",
        "no_authorization",
    ]

    /// Codes that refuse the app's configuration rather than the person: the
    /// project has e-mail sign-in turned off, or the grant is unknown.
    static let configurationCodes: Set<String> = ["email_provider_disabled", "unsupported_grant_type"]

    /// Supabase's own error code in `body` (`error_code`, or `code` when it is
    /// text), nil for an OAuth 2.0 answer or none.
    static func code(in body: Data) -> String? {
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        return (object?["error_code"] as? String) ?? (object?["code"] as? String)
    }

    /// The `RemoteError` for an answer of `status` with `body` to `request`.
    static func error(status: Int, body: Data, for request: Request) -> RemoteError {
        // A 5xx, a 408 or a 429 is the server's, whatever the body names
        // (RemoteError, "An error answer, by its status").
        if status >= 500 || status == 408 || status == 429 { return .rejected(status: status, code: nil) }
        let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        if object?["error"] is String {
            return OAuth2ErrorMapping.error(status: status, body: body, for: request.oauth2)
        }
        guard let code = code(in: body) else {
            // No Supabase Auth code: the API gateway in front of it refusing the
            // `apikey` (a bare 401), a 5xx, a proxy's page.
            if status == 401 {
                return .misconfigured(.clientRefused("401 without an error code: the apikey was refused"))
            }
            return .rejected(status: status, code: nil)
        }
        if configurationCodes.contains(code) {
            return .misconfigured(code == "email_provider_disabled" ? .methodDisabled(code) : .clientRefused(code))
        }
        if refusedTokenCodes.contains(code) { return .rejected(status: 401, code: .tokenInvalid) }
        switch (code, request) {
        case ("invalid_credentials", .signIn): return .rejected(status: 401, code: .invalidCredentials)
        case ("email_not_confirmed", .signIn): return .signInRefused(.emailNotConfirmed)
        case ("user_banned", _): return .rejected(status: 403, code: .userInactive)
        case ("user_not_found", .bearer), ("user_not_found", .refresh):
            return .rejected(status: 410, code: .userDeleted)
        case ("validation_failed", _), ("bad_json", _): return .rejected(status: 400, code: .badRequest)
        default: return .rejected(status: status, code: nil)
        }
    }
}
