/// What a contract test needs of the server beyond the seed: an operation,
/// or a behaviour of the wire contract that another kind of backend does not
/// have. A test (seeded or control) states its needs with
/// `adapter.require(_:)`; an adapter whose server cannot meet one has that
/// test case cancelled with the reason, never silently dropped. Each
/// dialect's fixture says once what it cannot meet, and why.
enum SeededNeed: Sendable, Hashable {
    /// The operation: the backend serves it.
    case operation(RemoteOperation)
    /// An inactive account's sign-in is told apart from wrong credentials
    /// (`USER_INACTIVE`).
    case inactiveAccountToldApartAtSignIn
    /// The backend creates accounts (`POST /users`).
    case registration
    /// A health check reads a health route whose every status but 200 is
    /// unhealthy, a 404 included.
    case healthStatusBelow500ReadsUnhealthy
    /// A health check that gets no answer throws (`.transport`, `.timeout`).
    case healthCheckThrowsWhenUnanswered
    /// A health check reads a health body, and a 200 without one throws `.malformedResponse`.
    case healthCheckReadsTheBody
    /// Every health check sends one request.
    case everyHealthCheckAsksTheServer
    /// The backend signs in by CPF (`signsInByCPF`).
    case signInByCPF
    /// The profile the backend answers carries the account's CPF.
    case profileCarriesCPF
    /// A refresh past the refresh window is refused as `TOKEN_EXPIRED`, told
    /// apart from an unknown token.
    case refreshToldExpiredApart
    /// A refresh for an inactive or deleted account is refused as
    /// `USER_INACTIVE` or `USER_DELETED`, told apart from an unknown token.
    case refreshToldAccountStateApart
    /// A call with an access token past its lifetime is refused as
    /// `TOKEN_EXPIRED`, told apart from an unknown token.
    case accessTokenToldExpiredApart

    /// Why the OAuth 2.0 test server (django-oauth-toolkit with the resource
    /// of docs/oauth2-server.md) cannot meet `need`, or nil when it can. What
    /// holds for any standard OAuth 2.0 server says so.
    @Sendable static func unmetByOAuth2Server(_ need: SeededNeed) -> String? {
        switch need {
        case .operation(let operation):
            if OAuth2RemoteFixture.operations.contains(operation) { return nil }
            if operation == .register { return unmetByOAuth2Server(.registration) }
            if operation == .signOut {
                return
                    "an OAuth 2.0 server ends a session by token revocation (RFC 7009), not by DELETE /challenge/auth"
            }
            return
                "the OAuth 2.0 test server's resource serves GET /users/me, the statement and health only; \(operation.wireRoute) is the wire contract's own route"
        case .inactiveAccountToldApartAtSignIn:
            return
                "an OAuth 2.0 server refuses an inactive account's password grant as invalid_grant, the same answer as a wrong password (RFC 6749 §5.2): USER_INACTIVE at sign-in is unreachable"
        case .registration:
            return
                "OAuth 2.0 has no registration: OAuth2AuthRemoteAPI offers none (offersRegistration is false; its register refuses at once as NOT_FOUND, sending nothing)"
        case .healthStatusBelow500ReadsUnhealthy, .healthCheckThrowsWhenUnanswered, .healthCheckReadsTheBody,
            .everyHealthCheckAsksTheServer, .signInByCPF, .profileCarriesCPF, .refreshToldExpiredApart,
            .accessTokenToldExpiredApart, .refreshToldAccountStateApart:
            // Health through the resource's GET /health, with the HTTP probe;
            // sign-in by CPF and its profile as the wire contract's; the
            // control needs are never asked of it (it has no control API).
            return nil
        }
    }
}
