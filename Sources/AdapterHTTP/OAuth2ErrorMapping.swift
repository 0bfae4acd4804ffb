import Foundation
import Ports

/// An authorization server's refusals (RFC 6749 §5.2, RFC 7009 §2.2.1)
/// mapped onto the port's `RemoteError`, so the domain reads them as it reads
/// the wire contract's: nothing past this file knows OAuth's error names.
enum OAuth2ErrorMapping {
    /// Which request was refused: the same `invalid_grant` means a wrong
    /// password at sign-in, a dead refresh token at refresh, and a code that
    /// is not this attempt's (used, expired, or not matching the verifier)
    /// at the code exchange.
    enum Request: CaseIterable {
        case signIn
        case refresh
        case revoke
        case codeExchange
        case deviceAuthorization
        case devicePoll
    }

    /// The errors that refuse the app itself, not the user: a configuration
    /// error, shown as such, never as a wrong password.
    static let configurationErrors: Set<String> = [
        "invalid_client", "unauthorized_client", "unsupported_grant_type", "invalid_scope",
        "unsupported_token_type",
    ]

    /// A refusal of the app itself, by its cause: the scope it asks for
    /// (`invalid_scope`), else the app as a client.
    static func misconfiguration(_ code: String) -> Misconfiguration {
        code == "invalid_scope" ? .scopeRefused(code) : .clientRefused(code)
    }

    /// The RFC 6749 §5.2 `error` of a refusal's body, when it has one.
    static func errorCode(in body: Data) -> String? {
        ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any])?["error"] as? String
    }

    /// The `RemoteError` for an answer of `status` with `body` to `request`.
    static func error(status: Int, body: Data, for request: Request) -> RemoteError {
        // A 5xx, a 408 or a 429 is the server's, whatever the body names
        // (RemoteError, "An error answer, by its status").
        if status >= 500 || status == 408 || status == 429 { return .rejected(status: status, code: nil) }
        guard let code = errorCode(in: body) else {
            // No RFC 6749 §5.2 body: a 5xx, a proxy's page. A bare 401 from the token
            // endpoint can only be about the client (RFC 6749 §5.2).
            if status == 401, request != .revoke { return .misconfigured(.clientRefused("401 without an error code")) }
            return .rejected(status: status, code: nil)
        }
        // Only a name from the set above is repeated: it is the RFC's, not the server's text.
        if configurationErrors.contains(code) { return .misconfigured(misconfiguration(code)) }
        switch (code, request) {
        case ("invalid_grant", .signIn): return .rejected(status: 401, code: .invalidCredentials)
        // RFC 7636 §4.6: the verifier does not match, or the code was used or is
        // not this client's — the code that came back was not this attempt's.
        case ("invalid_grant", .codeExchange): return .signInRefused(.answerForAnotherAttempt)
        // RFC 8628 §3.5: the person said no, or took too long.
        case ("access_denied", .devicePoll): return .signInRefused(.deniedByPerson)
        case ("expired_token", .devicePoll), ("invalid_grant", .devicePoll):
            return .signInRefused(.notCompletedInTime)
        case ("invalid_grant", _): return .rejected(status: 401, code: .tokenInvalid)
        case ("invalid_request", _): return .rejected(status: 400, code: .badRequest)
        default: return .rejected(status: status, code: nil)
        }
    }

}
