/// Signs in, refreshes and registers against the backend
/// (`POST /challenge/auth`, `POST /users`).
///
/// Contract, for every adapter:
/// - `signIn` with the right CPF or e-mail and password returns a new token;
///   a wrong identifier or password throws `.rejected(401, INVALID_CREDENTIALS)`
///   (a code-less 401 is also accepted from backends that send no body); an
///   inactive account throws `.rejected(403, USER_INACTIVE)`. A deleted account's
///   credentials are refused like wrong ones.
/// - `refresh` sends the old token and returns a new, different one. A token
///   that is unknown, already exchanged or revoked throws `.rejected(401,
///   TOKEN_INVALID)`; one past its refresh window `.rejected(401, TOKEN_EXPIRED)`;
///   an inactive account `403 USER_INACTIVE`; a deleted one `410 USER_DELETED`.
///   The backend may rotate: after a refresh the old token may stop working.
///   A token that has outlived its lifetime but not its refresh window can
///   still be refreshed.
/// - `register` creates an account and returns its id; it never returns a
///   token and never signs in. A CPF or e-mail already in use throws
///   `.rejected(409, ALREADY_REGISTERED)`; a malformed field throws
///   `.rejected(400, VALIDATION_FAILED, fields:)` naming the field.
/// - `signOut` ends the token on the backend when `offersSignOut` is true:
///   afterwards the token is refused. When `offersSignOut` is false (the
///   contract's backend has no such route) it returns at once, sending nothing.
/// - Network failures throw `.transport`, `.timeout` or `.malformedResponse`.
/// - No call ever passes a token through the token manager: this port is what
///   the token manager itself uses.
public protocol AuthRemoteAPI: Sendable {
    func signIn(_ credentials: Credentials) async throws(RemoteError) -> AccessToken
    func refresh(_ token: AccessToken) async throws(RemoteError) -> AccessToken
    func register(_ registration: Registration) async throws(RemoteError) -> String
    var offersSignOut: Bool { get }
    func signOut(_ token: AccessToken) async throws(RemoteError)
}
