import Foundation
public import Ports

/// An OAuth 2.0 authorization code (RFC 6749 §4.1.2): short-lived and
/// single-use, but whoever holds it with the verifier holds a session, so
/// it is redacted when printed.
public struct AuthorizationCode: RedactedSecret {
    private let value: String

    /// Wraps the code as the redirect carried it.
    public init(_ value: String) { self.value = value }

    /// The raw code, for the token request alone.
    public func reveal() -> String { value }
}

/// What the browser brought back to the redirect URI, once its `state` was
/// the one this attempt sent.
public enum AuthorizationRedirect: Sendable, Hashable {
    /// The server granted a code (RFC 6749 §4.1.2).
    case code(AuthorizationCode)
    /// The server refused (RFC 6749 §4.1.2.1): `access_denied` when the
    /// person said no. `error` is the registered code, checked to be one
    /// (never the server's free text, which is not shown).
    case refused(error: String)
}

/// Why a redirect was not a usable answer to this attempt.
///
/// May gain cases in a minor version (CONTRIBUTING.md, "Versions"): a
/// `switch` over it outside Gatehouse ends with `@unknown default`.
public enum AuthorizationRedirectError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The listener could not be opened (no port on 127.0.0.1).
    case cannotListen(String)
    /// The answer named another issuer than the one asked (RFC 9207 §2.4: a
    /// mix-up attack, or a misconfigured server), or none where the server
    /// promised to send it.
    case wrongIssuer
    /// The answer carried neither a code nor an error, or a parameter twice
    /// (RFC 6749 §3.1).
    case malformed
    /// The wait was given up (the attempt was cancelled, or timed out) or
    /// the listener was closed before an answer came.
    case ended

    /// What went wrong; never a code, a state or a verifier.
    public var description: String {
        switch self {
        case .cannotListen(let reason): "cannot listen for the browser's redirect: \(reason)"
        case .wrongIssuer: "the authorization answer came from another issuer than the one asked"
        case .malformed: "the authorization answer carried no code and no error"
        case .ended: "no authorization answer: the wait ended"
        }
    }
}

/// Reads the query of a redirect to this attempt's redirect URI.
enum AuthorizationRedirectQuery {
    /// The error codes of RFC 6749 §4.1.2.1: only these are passed on.
    static let registeredErrors: Set<String> = [
        "invalid_request", "unauthorized_client", "access_denied", "unsupported_response_type", "invalid_scope",
        "server_error", "temporarily_unavailable",
    ]

    /// The query's parameters, or nil when one is given twice or the query
    /// is not one (RFC 6749 §3.1: parameters must not repeat).
    static func parameters(of target: String) -> (path: String, items: [String: String])? {
        guard let components = URLComponents(string: "http://127.0.0.1" + target) else { return nil }
        var items: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard items[item.name] == nil else { return nil }
            items[item.name] = item.value ?? ""
        }
        return (components.path, items)
    }

    /// Whether `target` is an answer — it carries a `code` or an `error`,
    /// once each — that names a `state` (the caller knows it is not this
    /// attempt's). One without a `state`, or with a parameter twice, is not
    /// taken as anybody's answer.
    static func isAnswerOfAnotherAttempt(_ target: String) -> Bool {
        guard let items = parameters(of: target)?.items else { return false }
        return items["state"] != nil && (items["code"] != nil || items["error"] != nil)
    }

    /// The answer in `items`, already known to carry this attempt's state.
    /// `issuer`: the issuer asked, when the answer must name it (RFC 9207:
    /// the server says it sends `iss`) — then a missing `iss` is refused; an
    /// `iss` that is sent is always compared, when the issuer is known.
    static func redirect(
        _ items: [String: String], issuer: String?, issuerRequired: Bool
    ) -> Result<AuthorizationRedirect, AuthorizationRedirectError> {
        if let issuer {
            if let sent = items["iss"], sent != issuer { return .failure(.wrongIssuer) }
            if items["iss"] == nil, issuerRequired { return .failure(.wrongIssuer) }
        }
        if let error = items["error"] {
            return .success(.refused(error: registeredErrors.contains(error) ? error : "server_error"))
        }
        guard let code = items["code"], !code.isEmpty else { return .failure(.malformed) }
        return .success(.code(AuthorizationCode(code)))
    }
}
