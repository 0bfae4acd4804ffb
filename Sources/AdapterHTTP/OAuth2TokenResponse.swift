import Foundation
import Ports

/// A successful token response (RFC 6749 §5.1) read into `IssuedTokens`.
enum OAuth2TokenResponse {
    /// `access_token` (required, not empty), `token_type` (required, Bearer:
    /// the only type the resource routes take), `expires_in` (optional,
    /// positive seconds), `refresh_token` (optional), `scope` (optional:
    /// RFC 6749 §5.1 sends it when the scope granted is not the one asked).
    /// A scope granted beyond `askedScope` — the app's configured scope;
    /// nil asked the server's default, which nothing can be compared with —
    /// is refused as `.misconfigured(.scopeBroader)`: a token that can do
    /// more than the app needs is not kept. Errors name the field, never a
    /// value.
    static func tokens(from data: Data, askedScope: String?) throws(RemoteError) -> IssuedTokens {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw .malformedResponse("the token response is not a JSON object")
        }
        guard let access = object["access_token"] as? String, !access.isEmpty else {
            throw .malformedResponse("no 'access_token'")
        }
        guard let type = object["token_type"] as? String else { throw .malformedResponse("no 'token_type'") }
        guard type.lowercased() == "bearer" else { throw .malformedResponse("a 'token_type' other than Bearer") }
        var lifetime: Duration?
        if let raw = object["expires_in"] {
            guard let number = raw as? NSNumber, String(cString: number.objCType) != "c",
                number.doubleValue.isFinite, number.doubleValue > 0, number.doubleValue < 1e9
            else { throw .malformedResponse("an 'expires_in' that is not a positive number of seconds") }
            lifetime = .milliseconds(Int64((number.doubleValue * 1000).rounded()))
        }
        if let askedScope, let raw = object["scope"] {
            guard let granted = raw as? String else { throw .malformedResponse("a 'scope' that is not text") }
            let beyond = Set(granted.split(separator: " ")).subtracting(askedScope.split(separator: " "))
            guard beyond.isEmpty else {
                throw .misconfigured(.scopeBroader("the token answer grants \(beyond.count) scope(s) not asked"))
            }
        }
        var refreshToken: RefreshToken?
        if let raw = object["refresh_token"] {
            guard let text = raw as? String, !text.isEmpty else {
                throw .malformedResponse("a 'refresh_token' that is not text")
            }
            refreshToken = RefreshToken(text)
        }
        return IssuedTokens(accessToken: AccessToken(access), refreshToken: refreshToken, statedLifetime: lifetime)
    }

    /// The OpenID Connect ID token of the answer (OpenID Connect Core 1.0,
    /// section 3.1.3.3), when it carries one as text.
    static func idToken(from data: Data) -> String? {
        ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any])?["id_token"] as? String
    }
}
