import Foundation

/// Supabase Auth's wire dialect, written from its public source: the
/// repository `supabase/auth` at commit bc32168e13fdc928c98b449fc76bc3fdb9a293c5
/// (`openapi.yaml`; `internal/api/token.go`, `errors.go`, `auth.go`,
/// `logout.go`, `apiversions.go`; `internal/api/apierrors/apierrors.go` and
/// `errorcode.go`; `internal/tokens/service.go`; `internal/models/user.go`).
/// Untested against a live Supabase: these are what that source writes, not
/// recordings. Every `msg` is the source's own text.
enum SupabaseFixtures {
    /// `openapi.yaml`'s example bodies for `POST /token`, as JSON with sorted keys.
    static let passwordGrantBody = #"{"email":"user@example.com","password":"password1"}"#
    static let refreshGrantBody = #"{"refresh_token":"4nYUCw0wZR_DNOTSDbSGMQ"}"#

    /// `models.User` as `GET /user` and the token answer's `user` write it.
    static let user = """
        {"id":"0f4a5e2c-7d1b-4c3e-9a8f-1b2c3d4e5f60","aud":"authenticated","role":"authenticated",\
        "email":"user@example.com","email_confirmed_at":"2024-01-01T00:00:00Z","phone":"",\
        "confirmed_at":"2024-01-01T00:00:00Z","last_sign_in_at":"2024-01-02T00:00:00Z",\
        "app_metadata":{"provider":"email","providers":["email"]},"user_metadata":{"name":"Maria Silva"},\
        "identities":[],"created_at":"2024-01-01T00:00:00Z","updated_at":"2024-01-02T00:00:00Z","is_anonymous":false}
        """

    /// `tokens.AccessTokenResponse`: `token_type` is written lower-case.
    static func tokenAnswer(access: String, refresh: String) -> String {
        #"{"access_token":"\#(access)","token_type":"bearer","expires_in":3600,"expires_at":1704070800,"refresh_token":"\#(refresh)","user":\#(user)}"#
    }

    /// `GET /health`'s answer (`openapi.yaml`'s example).
    static let health =
        #"{"version":"v2.40.1","name":"GoTrue","description":"GoTrue is a user registration and authentication API"}"#

    /// `apierrors.HTTPError` as written without the API version header.
    static func httpError(_ status: Int, _ code: String, _ message: String) -> String {
        #"{"code":\#(status),"error_code":"\#(code)","msg":"\#(message)"}"#
    }

    /// `HTTPErrorResponse20240101`, written when the request says
    /// `X-Supabase-Api-Version: 2024-01-01` or later.
    static func versionedError(_ code: String, _ message: String) -> String {
        #"{"code":"\#(code)","message":"\#(message)"}"#
    }

    /// `apierrors.OAuthError` (RFC 6749 §5.2), always status 400.
    static func oauthError(_ error: String, _ description: String) -> String {
        #"{"error":"\#(error)","error_description":"\#(description)"}"#
    }
}
