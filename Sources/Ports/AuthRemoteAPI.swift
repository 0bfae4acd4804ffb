/// Signs in, refreshes and registers against the backend
/// (`POST /challenge/auth`, `POST /users`).
///
/// Rules for every method and every adapter:
/// - Network failures throw `.transport`, `.timeout` or `.malformedResponse`.
/// - No call ever passes a token through the token manager: this port is what
///   the token manager itself uses.
public protocol AuthRemoteAPI: Sendable {
    /// Signs in with a CPF or e-mail and a password.
    ///
    /// - Returns: a new token, when the identifier and password are right.
    /// - Throws: `.rejected(401, INVALID_CREDENTIALS)` for a wrong identifier or
    ///   password (a code-less 401 is also accepted from backends that send no
    ///   body); `.rejected(403, USER_INACTIVE)` for an inactive account. A
    ///   deleted account's credentials are refused like wrong ones.
    func signIn(_ credentials: Credentials) async throws(RemoteError) -> AccessToken

    /// Exchanges a token for a new one, sending the old token.
    ///
    /// A token that has outlived its lifetime but not its refresh window can
    /// still be refreshed. The backend may rotate: after a refresh the old
    /// token may stop working.
    ///
    /// - Returns: a new token, different from the old one.
    /// - Throws: `.rejected(401, TOKEN_INVALID)` for a token that is unknown,
    ///   already exchanged or revoked; `.rejected(401, TOKEN_EXPIRED)` for one
    ///   past its refresh window; `.rejected(403, USER_INACTIVE)` for an
    ///   inactive account; `.rejected(410, USER_DELETED)` for a deleted one.
    func refresh(_ token: AccessToken) async throws(RemoteError) -> AccessToken

    /// Creates an account. It never returns a token and never signs in.
    ///
    /// - Returns: the new account's id.
    /// - Throws: `.rejected(409, ALREADY_REGISTERED)` when the CPF or e-mail is
    ///   already in use; `.rejected(400, VALIDATION_FAILED, fields:)` naming the
    ///   field when a field is malformed.
    func register(_ registration: Registration) async throws(RemoteError) -> String

    /// Whether the backend has a sign-out route, so that `signOut` ends the token.
    var offersSignOut: Bool { get }

    /// Ends the token on the backend when `offersSignOut` is true: afterwards
    /// the token is refused. When `offersSignOut` is false (the backend the
    /// HTTP adapter talks to has no such route) it returns at once, sending
    /// nothing.
    func signOut(_ token: AccessToken) async throws(RemoteError)
}
